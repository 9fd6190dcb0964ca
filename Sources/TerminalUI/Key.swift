/// One key press (or a resize), as every screen and key table sees it.
public enum Key: Hashable, Sendable {
  case character(Character)
  /// Ctrl plus a letter, given in lower case: `.ctrl("s")`.
  case ctrl(Character)
  case up, down, left, right
  case home, end, pageUp, pageDown
  case insert, delete, backspace
  case enter, tab, backTab, escape
  case function(Int)
  /// Text pasted with bracketed paste: inserted by text fields, never run as commands.
  case paste(String)
  /// The terminal changed size.
  case resize

  /// How the key is written in the footer and the help overlay.
  public var label: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .ctrl(let letter): "Ctrl-\(letter.uppercased())"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .insert: "Ins"
    case .delete: "Del"
    case .backspace: "Backspace"
    case .enter: "Enter"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .escape: "Esc"
    case .function(let number): "F\(number)"
    case .paste: "paste"
    case .resize: "resize"
    }
  }
}
