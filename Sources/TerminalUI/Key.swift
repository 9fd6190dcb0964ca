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
    case .resize: "resize"
    }
  }

  /// The key for a byte or code point read from a raw-mode terminal (no escape sequences).
  public static func fromCodePoint(_ value: UInt32) -> Key? {
    switch value {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x1B: return .escape
    case 0x08, 0x7F: return .backspace
    case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(value + 0x60) ?? "?"))
    case 0x00, 0x1C...0x1F: return nil
    default:
      guard let scalar = Unicode.Scalar(value), !TextWidth.isControl(scalar) else { return nil }
      return .character(Character(scalar))
    }
  }
}
