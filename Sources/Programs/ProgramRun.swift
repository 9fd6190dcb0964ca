import Files
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The one place `meals` starts another program: `git` for the sync folder, `tmux` for its
/// paste buffer, the user's editor for a meal's steps.
///
/// `run` gives the program its input (nothing, or the bytes given), collects its output and
/// errors, and runs it in a process group of its own, stopped whole when it runs past its time
/// (a pull can wait for ever on a network or a password); `runOnTerminal` hands it the terminal.
public struct ProgramRun: Sendable {
  public var status: Int32
  public var output: String
  public var errors: String
  /// What it wrote on standard output, byte for byte (a photo `git show` gives).
  public var bytes: [UInt8] = []

  /// Whether it ran and exited with 0.
  public var succeeded: Bool { status == 0 }

  /// The first line of what it said on standard error (or standard output), for a message.
  public var firstComplaint: String {
    let said =
      errors.split(separator: "\n").first { !$0.hasPrefix("hint:") }
      ?? output.split(separator: "\n").first ?? ""
    return String(said.prefix(300))
  }

  /// How long a run may take before it is stopped (git over a slow network included).
  public static let timeLimit = 120.0

  /// Runs `program arguments…` found on `PATH`, `environment` added to the process's own,
  /// `input` on its standard input (else /dev/null); status 127 when the program is not
  /// there; stopped with everything it started after `timeout` seconds (status -1, the reason
  /// first on its standard error).
  public static func run(
    _ program: String, _ arguments: [String], environment: [String: String] = [:],
    input: [UInt8]? = nil, timeout: Double = timeLimit
  ) -> ProgramRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Standard input, output and errors: a pipe each (input only when there is some).
    var pipes: [[Int32]] = []
    for _ in 0..<(input == nil ? 2 : 3) {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else {
        for open in pipes {
          close(open[0])
          close(open[1])
        }
        return ProgramRun(status: -1, output: "", errors: "no pipe")
      }
      pipes.append(ends)
    }
    let (outPipe, errPipe) = (pipes[0], pipes[1])
    if input != nil {
      posix_spawn_file_actions_adddup2(&actions, pipes[2][0], 0)
      posix_spawn_file_actions_addclose(&actions, pipes[2][1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
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
    if input != nil { close(pipes[2][0]) }
    guard spawned == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      if input != nil { close(pipes[2][1]) }
      return ProgramRun(status: 127, output: "", errors: "\(program): not found")
    }
    // A program that closes its input early must not kill meals: SIGPIPE is ignored meanwhile.
    let previous = input == nil ? nil : signal(SIGPIPE, SIG_IGN)
    let (bytes, errors, finished) = exchange(
      input.map { ($0, pipes[2][1]) }, outPipe[0], errPipe[0], for: timeout)
    if let previous { signal(SIGPIPE, previous) }
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

  /// Runs `program arguments…` on the terminal (its input and output are the terminal's: an
  /// editor), in this process's group so the terminal stays its own, and waits for it; the
  /// exit status, -1 when it did not run or was stopped by a signal.
  public static func runOnTerminal(_ program: String, _ arguments: [String]) -> Int32 {
    var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, program, nil, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else { return -1 }
    }
    // Exited normally: the status is in bits 8–15; a signal leaves its number in the low bits.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
  }

  // MARK: - The pipes

  /// The input written and both output pipes read to their end, all at once.
  ///
  /// One full pipe must not stall another. At most `seconds`: false when the time ran out
  /// first (the pipes are closed then too). A program that stops reading its input loses the
  /// rest of it.
  private static func exchange(
    _ input: (bytes: [UInt8], fd: Int32)?, _ first: Int32, _ second: Int32,
    for seconds: Double
  ) -> ([UInt8], String, Bool) {
    let deadline = ProcessClock.seconds() + seconds
    var finished = true
    var fds = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
      pollfd(fd: input?.fd ?? -1, events: Int16(POLLOUT), revents: 0),
    ]
    var pending = input?.bytes[...] ?? []
    if input != nil && pending.isEmpty {
      close(fds[2].fd)
      fds[2].fd = -1
    }
    var collected: [[UInt8]] = [[], []]
    var buffer = [UInt8](repeating: 0, count: 65536)
    while fds[0].fd >= 0 || fds[1].fd >= 0 {
      let left = deadline - ProcessClock.seconds()
      guard left > 0 else {
        finished = false
        for slot in 0..<3 where fds[slot].fd >= 0 { close(fds[slot].fd) }
        break
      }
      let ready = poll(&fds, 3, Int32(min(left * 1000, 60_000)) + 1)
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
        }
      }
      if fds[2].fd >= 0 && fds[2].revents != 0 {
        // A page at most: a pipe that polls writable takes that much without blocking.
        let chunk = pending.prefix(4096)
        let written = chunk.withUnsafeBytes { write(fds[2].fd, $0.baseAddress, $0.count) }
        if written > 0 { pending = pending.dropFirst(written) }
        // Written whole, or the program closed its input (EPIPE).
        if pending.isEmpty || (written < 0 && errno != EINTR && errno != EAGAIN) {
          close(fds[2].fd)
          fds[2].fd = -1
        }
      }
    }
    if fds[2].fd >= 0 { close(fds[2].fd) }
    return (collected[0], String(decoding: collected[1], as: UTF8.self), finished)
  }
}
