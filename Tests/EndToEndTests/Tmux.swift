import Foundation
import TestSupport
import XCTest

/// A real terminal for end-to-end tests: a tmux server of its own, one window at a fixed size.
final class TmuxSession {
  let socket = "meals-e2e-\(UUID().uuidString.prefix(8))"

  /// Starts `command` (run by sh) in a new detached session of `width`×`height`.
  init(_ command: String, width: Int = 80, height: Int = 24) throws {
    try tmux(["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", command])
  }

  deinit { _ = try? tmux(["kill-server"]) }

  /// Runs a tmux client command and returns its output.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    try runProcess(["/usr/bin/env", "tmux", "-L", socket, "-f", "/dev/null"] + arguments).output
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
    "env -u NO_COLOR TERM=screen-256color LANG=C.UTF-8 \(environment) \(meals) \(arguments); echo EXIT=$?; sleep 600"
  }
}

/// Runs a program to completion: its exit status, standard output and standard error.
///
/// posix_spawn and waitpid rather than Foundation's Process, which loses track of children
/// here when tmux forks its server from them.
@discardableResult
func runProcess(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
  var out: [Int32] = [-1, -1]
  var err: [Int32] = [-1, -1]
  guard pipe(&out) == 0, pipe(&err) == 0 else { throw POSIXError(.EMFILE) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, out[1], 1)
  posix_spawn_file_actions_adddup2(&actions, err[1], 2)
  for end in out + err { posix_spawn_file_actions_addclose(&actions, end) }
  var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
  close(out[1])
  close(err[1])
  defer {
    close(out[0])
    close(err[0])
  }
  guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
  let output = readToEnd(out[0])
  let errors = readToEnd(err[0])
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return (exitStatus, output, errors)
}

private func readToEnd(_ descriptor: Int32) -> String {
  var data = Data()
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    if count <= 0 { break }
    data.append(contentsOf: buffer[0..<count])
  }
  return String(decoding: data, as: UTF8.self)
}
