import FoundationEssentials
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// `y`: text for the user's clipboard, sent the way the terminal can take it.
///
/// OSC 52 always goes to the terminal. Inside tmux, whose default `set-clipboard` (external)
/// drops OSC 52 from programs, the text also goes into tmux's own paste buffer through
/// `tmux load-buffer -w -`, which works whatever tmux is set to (and passes it on to the outer
/// terminal's clipboard where tmux may).
enum Clipboard {
  /// Copies `text`; returns the words after "Copied …" that say where it went.
  static func copy(
    _ text: String, context: AppContext,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    context.navigator.send(.clipboard(text))
    guard let tmux = environment["TMUX"], !tmux.isEmpty else { return "to the clipboard" }
    if loadTmuxBuffer(text) == 0 { return "to tmux's paste buffer (prefix ] pastes it)" }
    return "to the clipboard (inside tmux this needs set -g set-clipboard on)"
  }

  /// Runs `tmux load-buffer -w -` with `text` on its standard input, its own output going
  /// nowhere (the screen is ours); the exit status, -1 when it could not run.
  static func loadTmuxBuffer(_ text: String) -> Int32 {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return -1 }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let arguments = ["tmux", "load-buffer", "-w", "-"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &argv, environ)
    close(pipeEnds[0])
    guard spawned == 0 else {
      close(pipeEnds[1])
      return -1
    }
    // A closed pipe (tmux gone) must not kill meals: SIGPIPE is ignored while writing.
    let previous = signal(SIGPIPE, SIG_IGN)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      bytes = bytes.dropFirst(written)
    }
    close(pipeEnds[1])
    signal(SIGPIPE, previous)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else { return -1 }
    }
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
  }
}
