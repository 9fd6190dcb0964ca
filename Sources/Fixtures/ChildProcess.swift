import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program the tests start, on posix_spawn and waitpid.
///
/// Not Foundation's `Process`, which loses track of children here when tmux forks its server
/// from them, and leaks a little on every run (AddressSanitizer sees it).
public final class ChildProcess {
  public let pid: pid_t
  /// The write end of its standard input; closing it sends end-of-file.
  private var input: Int32
  /// The read end of its standard output.
  private let output: Int32
  private var status: Int32?

  /// Starts `arguments[0]` (a full path) with standard input and output piped, errors dropped.
  public init(_ arguments: [String]) throws {
    var stdin: [Int32] = [-1, -1]
    var stdout: [Int32] = [-1, -1]
    guard pipe(&stdin) == 0, pipe(&stdout) == 0 else { throw POSIXError(.EMFILE) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
    posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    for end in stdin + stdout { posix_spawn_file_actions_addclose(&actions, end) }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
    close(stdin[0])
    close(stdout[1])
    guard spawned == 0 else {
      close(stdin[1])
      close(stdout[0])
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
    }
    self.pid = pid
    input = stdin[1]
    output = stdout[0]
  }

  deinit {
    if status == nil {
      Glibc.kill(pid, SIGKILL)
      wait()
    }
    close(output)
    closeInput()
  }

  /// Reads what it prints until `marker` appears, its output ends, or `timeout` seconds pass.
  public func read(until marker: String, timeout: Double = 30) -> String {
    var text = ""
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let deadline = Date().addingTimeInterval(timeout)
    while !text.contains(marker) {
      var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      guard left > 0, poll(&ready, 1, left) > 0 else { break }
      let count = Glibc.read(output, &buffer, buffer.count)
      if count <= 0 { break }
      text += String(decoding: buffer[0..<count], as: UTF8.self)
    }
    return text
  }

  /// Writes to its standard input.
  public func write(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
  }

  public func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  public func kill(_ signal: Int32) {
    _ = Glibc.kill(pid, signal)
  }

  /// Waits for it to end: its exit status, or 128 + the signal that ended it.
  @discardableResult
  public func wait() -> Int32 {
    if let status { return status }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
    let result = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    status = result
    return result
  }
}

/// Runs a program to completion: its exit status, standard output and standard error.
@discardableResult
public func runProcess(_ arguments: [String]) throws -> (
  status: Int32, output: String, errors: String
) {
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
  // Read both pipes together, so a child filling one while we wait on the other never stalls.
  var output = Data()
  var errors = Data()
  var fds = [
    pollfd(fd: out[0], events: Int16(POLLIN), revents: 0),
    pollfd(fd: err[0], events: Int16(POLLIN), revents: 0),
  ]
  var buffer = [UInt8](repeating: 0, count: 65_536)
  var open = 2
  while open > 0 {
    guard poll(&fds, nfds_t(fds.count), -1) > 0 else { continue }
    for index in fds.indices where fds[index].revents != 0 && fds[index].fd >= 0 {
      let count = read(fds[index].fd, &buffer, buffer.count)
      if count <= 0 {
        fds[index].fd = -1
        open -= 1
      } else if index == 0 {
        output.append(contentsOf: buffer[0..<count])
      } else {
        errors.append(contentsOf: buffer[0..<count])
      }
    }
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return (
    exitStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
  )
}
