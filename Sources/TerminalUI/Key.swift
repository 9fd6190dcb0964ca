/// One key press (or a resize), as every screen and key table sees it.
public enum Key: Hashable, Sendable {
  case character(Character)
  /// Ctrl plus a letter, given in lower case: `.ctrl("s")`.
  case ctrl(Character)
  case up, down, left, right
  /// Shift-↑ and Shift-↓ (moving an item within a list).
  case shiftUp, shiftDown
  case home, end, pageUp, pageDown
  case insert, delete, backspace
  case enter, tab, backTab, escape
  case function(Int)
  /// Text pasted with bracketed paste: inserted by text fields, never run as commands.
  case paste(String)
  /// A mouse report (SGR 1006): a press, a release or the wheel, at a cell.
  case mouse(MouseEvent)
  /// The terminal changed size.
  case resize
  /// The terminal's answer to the device-attributes query (`ESC [ ? 62 ; 4 ; … c`): what it
  /// can do (4 is sixel graphics). Never typed; the navigator hands it to the app.
  case terminalAttributes([Int])
  /// The terminal's answer to a window report request (`ESC [ 6 ; height ; width t`: a cell's
  /// size in pixels; `4`: the text area's). Never typed.
  case windowReport([Int])

  /// True for a key a text field would type (a character).
  public var types: Bool {
    if case .character = self { return true }
    return false
  }

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
    case .shiftUp: "Shift-↑"
    case .shiftDown: "Shift-↓"
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
    case .mouse: "mouse"
    case .resize: "resize"
    case .terminalAttributes: "terminal attributes"
    case .windowReport: "window report"
    }
  }
}

extension Key {
  /// The key a footer label names ("Enter", "Esc", "s/Ctrl-S" → s, "F1", "q"), or nil for
  /// labels that name several keys ("↑↓ PgUp PgDn") or none ("type").
  init?(label: String) {
    let first = label.split(separator: "/").first.map(String.init) ?? label
    switch first {
    case "Enter": self = .enter
    case "Esc": self = .escape
    case "Tab": self = .tab
    case "Space": self = .character(" ")
    case "↑": self = .up
    case "↓": self = .down
    case "←": self = .left
    case "→": self = .right
    case "Del": self = .delete
    default:
      if first.count == 1, let character = first.first {
        self = .character(character)
      } else if first.hasPrefix("Ctrl-"), first.count == 6, let letter = first.last {
        self = .ctrl(Character(letter.lowercased()))
      } else if first.hasPrefix("F"), let number = Int(first.dropFirst()), (1...12).contains(number)
      {
        self = .function(number)
      } else {
        return nil
      }
    }
  }
}

/// What the mouse did, where (0-based cells), and for a press how many clicks in a row.
public struct MouseEvent: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    case press(button: Int)
    case release
    case wheelUp
    case wheelDown
    /// Moved with a button held (reported only when asked for; ignored here).
    case drag
  }

  public var action: Action
  public var row: Int
  public var column: Int
  /// 1 for a click, 2 for a double click (the navigator counts them).
  public var clicks: Int

  public init(_ action: Action, row: Int, column: Int, clicks: Int = 1) {
    self.action = action
    self.row = row
    self.column = column
    self.clicks = clicks
  }

  /// A left-button press.
  public var isClick: Bool { action == .press(button: 0) }

  /// The event from SGR 1006 numbers: `ESC [ < button ; column ; row M` (press) or `m`
  /// (release), 1-based.
  static func sgr(_ numbers: [Int], released: Bool) -> MouseEvent? {
    guard numbers.count >= 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let code = numbers[0]
    let action: Action
    if code & 64 != 0 {
      action = code & 1 == 0 ? .wheelUp : .wheelDown
    } else if code & 32 != 0 {
      action = .drag
    } else if released {
      action = .release
    } else {
      action = .press(button: code & 3)
    }
    return MouseEvent(action, row: numbers[2] - 1, column: numbers[1] - 1)
  }
}
