import Translation

/// The navigator's own keys: a table like any screen's, at both ends of every key chain.
///
/// `firstActions` are asked before any screen (quit, suspend, redraw, help by F1), so no screen
/// or config line can take their keys; the rest (`?`, Esc, q) only when the screen did not
/// take the key. The footer, `?` help, `docs/keys.md` and the config file's checks read this
/// table: it is the one place these keys are listed.
extension Navigator {
  public enum GlobalAction: String, Sendable {
    case help, helpInFields, back, redraw, suspend, quit
  }

  public static let keys = KeyTable<GlobalAction>(
    "",
    [
      KeyBinding([.character("?")], .help, tr("help")),
      KeyBinding([.function(1)], .helpInFields, tr("help, also in text fields"), footer: false),
      KeyBinding(
        [.escape, .character("q")], .back, tr("back (q on the first screen quits)"), label: "Esc/q",
        footer: false),
      KeyBinding([.ctrl("l")], .redraw, tr("redraw the screen"), footer: false),
      KeyBinding([.ctrl("z")], .suspend, tr("suspend (fg to resume)"), footer: false),
      KeyBinding(
        [.ctrl("c")], .quit, tr("quit"), footer: false,
        detail: "quit from anywhere (an unsaved draft is kept and offered at the next start)"),
    ])

  /// Asked before any screen, prompt or overlay.
  public static let firstActions: Set<GlobalAction> = [.helpInFields, .redraw, .suspend, .quit]

  /// What `?` help lists after the screen's keys.
  public static var globalHelp: [KeyHelp] { keys.help }

  /// Keys no config line may bind, and why: the first ones (nothing comes before them) and `?`,
  /// which must open help on every screen without a text field.
  public static var reservedKeys: [Key: String] {
    var reserved: [Key: String] = [:]
    for binding in keys.bindings
    where firstActions.contains(binding.action) || binding.action == .help {
      for key in binding.keys { reserved[key] = "is taken everywhere first (\(binding.help.text))" }
    }
    return reserved
  }

  /// Does what a navigator key says (`key`: Esc goes back, q also quits on the last screen).
  func perform(_ action: GlobalAction, key: Key) {
    switch action {
    case .quit: quit()
    case .suspend:
      keepUnsavedWork()
      terminal?.suspendProcess()
    case .redraw: terminal?.invalidate()
    case .help, .helpInFields: openHelp()
    case .back:
      if stack.count > 1 {
        pop()
      } else if key != .escape {
        askingFirst()
      }
    }
  }
}

extension Navigator {
  /// `q` on the last screen: quits, unless the app has a question first (timers counting).
  func askingFirst() {
    if let question = questionBeforeQuitting?() { present(question) } else { quit() }
  }
}
