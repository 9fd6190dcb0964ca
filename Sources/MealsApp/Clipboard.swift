import FoundationEssentials
import MealsCore
import Programs
import Translation

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
    guard let tmux = environment["TMUX"], !tmux.isEmpty else { return tr("to the clipboard") }
    if loadTmuxBuffer(text) == 0 { return tr("to tmux's paste buffer (prefix ] pastes it)") }
    return tr("to the clipboard (inside tmux this needs set -g set-clipboard on)")
  }

  /// Runs `tmux load-buffer -w -` with `text` on its standard input, its own output kept
  /// off the screen (the screen is ours); the exit status, not 0 when it could not run.
  static func loadTmuxBuffer(_ text: String) -> Int32 {
    ProgramRun.run("tmux", ["load-buffer", "-w", "-"], input: Array(text.utf8), timeout: 10)
      .status
  }
}
