import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program found on `PATH` with its input from /dev/null, its output and errors
/// collected, in a process group of its own stopped whole when it runs past its time: `git`
/// for the sync folder (a pull can wait for ever on a network or a password).
struct ProgramRun {
  var status: Int32
  var output: String
  var errors: String
  /// What it wrote on standard output, byte for byte (a photo `git show` gives).
  var bytes: [UInt8] = []

  /// Whether it ran and exited with 0.
  var succeeded: Bool { status == 0 }

  /// The first line of what it said on standard error (or standard output), for a message.
  var firstComplaint: String {
    let said =
      errors.split(separator: "\n").first { !$0.hasPrefix("hint:") }
      ?? output.split(separator: "\n").first ?? ""
    return String(said.prefix(300))
  }

  /// How long a run may take before it is stopped (git over a slow network included).
  static let timeLimit = 120.0

  /// Runs `program arguments…`, `environment` added to the process's own (status 127 when
  /// the program is not there); stopped with everything it started after `timeout` seconds
  /// (status -1, the reason first on its standard error).
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String] = [:],
    timeout: Double = timeLimit
  ) -> ProgramRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0 else { return ProgramRun(status: -1, output: "", errors: "no pipe") }
    guard pipe(&errPipe) == 0 else {
      close(outPipe[0])
      close(outPipe[1])
      return ProgramRun(status: -1, output: "", errors: "no pipe")
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    posix_spawn_file_actions_addclose(&actions, errPipe[0])
    var environmentLines: [String] = []
    var index = 0
    while let entry = environ[index] {
      let line = String(cString: entry)
      let key = String(line.prefix { $0 != "=" })
      if environment[key] == nil { environmentLines.append(line) }
      index += 1
    }
    environmentLines += environment.map { "\($0.key)=\($0.value)" }
    var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environmentLines.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    // Its own process group: stopped, it takes what it started (ssh under git) with it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp)
    close(outPipe[1])
    close(errPipe[1])
    guard spawned == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      return ProgramRun(status: 127, output: "", errors: "\(program): not found")
    }
    let (bytes, errors, finished) = readBoth(outPipe[0], errPipe[0], for: timeout)
    let output = String(decoding: bytes, as: UTF8.self)
    if !finished { kill(-pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else { break }
    }
    guard finished else {
      let said =
        "\(program) did not finish within \(Int(timeout)) s (waiting for the network, or for a password?)"
      return ProgramRun(status: -1, output: output, errors: said + "\n" + errors)
    }
    let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    return ProgramRun(status: exit, output: output, errors: errors, bytes: bytes)
  }

  /// Both pipes read to their end together (one full pipe must not stall the other), for at
  /// most `seconds`; false when the time ran out first (the pipes are closed then too).
  private static func readBoth(_ first: Int32, _ second: Int32, for seconds: Double) -> (
    [UInt8], String, Bool
  ) {
    let deadline = ProcessClock.seconds() + seconds
    var finished = true
    var fds = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var collected: [[UInt8]] = [[], []]
    var open = 2
    var buffer = [UInt8](repeating: 0, count: 65536)
    while open > 0 {
      let left = deadline - ProcessClock.seconds()
      guard left > 0 else {
        finished = false
        for slot in 0..<2 where fds[slot].fd >= 0 { close(fds[slot].fd) }
        break
      }
      let ready = poll(&fds, 2, Int32(min(left * 1000, 60_000)) + 1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 { continue }
      for slot in 0..<2 where fds[slot].fd >= 0 && fds[slot].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(fds[slot].fd, $0.baseAddress, 65536) }
        if count > 0 {
          collected[slot] += buffer[0..<count]
        } else if count == 0 || errno != EINTR {
          close(fds[slot].fd)
          fds[slot].fd = -1
          open -= 1
        }
      }
    }
    return (collected[0], String(decoding: collected[1], as: UTF8.self), finished)
  }
}
