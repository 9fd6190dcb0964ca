import Fixtures
import Foundation
import TestSupport
import XCTest

/// A real terminal for end-to-end tests: a tmux server of its own, one window at a fixed size.
final class TmuxSession {
  /// The server's socket lives in a folder of its own, removed with the session, so tests
  /// leave nothing in /tmp (tmux's default is /tmp/tmux-UID/).
  private let folder: TemporaryFolder
  private var socket: String { folder.path("tmux.sock") }

  /// The pane's process group: its shell and the program it runs.
  private var paneGroup: pid_t?

  /// Starts `command` (run by sh) in a new detached session of `width`×`height`.
  init(_ command: String, width: Int = 80, height: Int = 24) throws {
    folder = try TemporaryFolder()
    try tmux(["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", command])
    let pane = try? tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"])
    paneGroup = pane.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Ends the server and waits (up to 3 s) until the program in the pane has ended: a test
  /// removes its folders next, and a program still saving into them would make them again.
  deinit {
    _ = try? tmux(["kill-server"])
    if let paneGroup {
      let deadline = Date().addingTimeInterval(3)
      while Self.isRunning(group: paneGroup) && Date() < deadline { usleep(10_000) }
    }
    folder.remove()
  }

  /// Whether a process of `group` is still running (an ended one not yet reaped does not count).
  private static func isRunning(group: pid_t) -> Bool {
    guard kill(-group, 0) == 0 else { return false }
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.contains { name in
      guard Int32(name) != nil,
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      // After "pid (name) ": the state, the parent, the process group.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 2 && fields[0] != "Z" && pid_t(fields[2]) == group
    }
  }

  /// Runs a tmux client command and returns its output.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    try runProcess(["/usr/bin/env", "tmux", "-S", socket, "-f", "/dev/null"] + arguments).output
  }

  /// Sends raw bytes to the pane, as a terminal would (escape sequences included).
  func send(bytes: [UInt8]) throws {
    try tmux(["send-keys", "-t", "t", "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// Pastes `text` with bracketed-paste markers when the app asked for them (`-p`); a long
  /// text goes through a file, as it would not fit on a command line.
  func paste(_ text: String, through file: String? = nil) throws {
    if let file {
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      try tmux(["load-buffer", "-b", "e2e", file])
    } else {
      try tmux(["set-buffer", "-b", "e2e", text])
    }
    try tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", "t"])
  }

  /// Sends tmux key names ("Enter", "C-s", "Down", "q").
  func press(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "t"] + keys)
  }

  /// Types text literally.
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", "t", "-l", text])
  }

  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
  }

  /// The pane's text now.
  func capture() throws -> String {
    try tmux(["capture-pane", "-p", "-t", "t"])
  }

  /// Whether the pane is on the alternate (full-screen) screen and shows its cursor.
  func paneFlags() throws -> String {
    try tmux([
      "display-message", "-p", "-t", "t", "alternate=#{alternate_on} cursor=#{cursor_flag}",
    ])
    .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pane's text with its colours and attributes as escape sequences.
  func captureWithStyles() throws -> String {
    try tmux(["capture-pane", "-p", "-e", "-t", "t"])
  }

  /// Waits until the pane satisfies `done`; returns the pane, failing the test on a timeout.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath,
    line: UInt = #line, _ done: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if done(screen) { return screen }
      usleep(20_000)
    }
    XCTFail("\(what) did not happen; the screen was:\n\(screen)", file: file, line: line)
    return screen
  }

  /// Waits until the pane shows `text`; returns the pane, failing the test on a timeout.
  @discardableResult
  func waitFor(
    _ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if screen.contains(text) { return screen }
      usleep(50_000)
    }
    XCTFail("“\(text)” did not appear; the screen was:\n\(screen)", file: file, line: line)
    return screen
  }
}

/// Paths of the built products and a shell command line for them.
enum Products {
  static var meals: String { PackagePaths.products.appendingPathComponent("meals").path }
  static var stress: String { PackagePaths.products.appendingPathComponent("meals-stress").path }

  /// `meals` with its flags, then a line with its exit status; the pane stays open after it.
  static func mealsCommand(_ arguments: String, environment: String = "") -> String {
    // `swift test` sets NO_COLOR for its tests; a user's terminal usually has colours.
    // Slides off, as a test expects each screen whole (the slide test turns them on); pictures
    // off, so no test writes to ~/.cache (the picture test turns them on, with its own cache).
    // The user's own config file is never read (MEALS_CONFIG=/dev/null is an empty one).
    "env -u NO_COLOR TERM=screen-256color LANG=C.UTF-8 MEALS_ANIMATION=0 MEALS_IMAGES=off MEALS_CONFIG=/dev/null \(environment) \(meals) \(arguments); echo EXIT=$?; sleep 600"
  }
}
