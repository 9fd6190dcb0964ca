import TerminalUI
import Translation

/// What My Meals shows with no saved meals: a small logo, one sentence, and five buttons —
/// the ways a book begins, moving in from a link or another app's export among them.
///
/// The buttons are laid out in one row, two, or a column, whatever fits; arrows and Tab move
/// between them, Enter presses one, and each has its own key. The logo is left out when the
/// terminal is too short.
struct WelcomePanel: Equatable {
  enum Button: String, CaseIterable, Sendable {
    case search, categories, areas, create, importing

    var label: String {
      switch self {
      case .search: tr("Search TheMealDB")
      case .categories: tr("Browse categories")
      case .areas: tr("Browse areas")
      case .create: tr("Create a meal")
      case .importing: tr("Import a recipe")
      }
    }

    var key: Character {
      switch self {
      case .search: "a"
      case .categories: "c"
      case .areas: "r"
      case .create: "n"
      case .importing: "i"
      }
    }

    /// The label as a footer phrase: "search TheMealDB".
    var helpText: String { label.prefix(1).lowercased() + label.dropFirst() }

    /// The width of "[ a  Search TheMealDB ]".
    var width: Int { TextWidth.columns(of: label) + 7 }
  }

  /// The logo: a bowl with steam, drawn in text (this project's own).
  static let logo = [
    "   (  )  (   ",
    "    )  (  )  ",
    " .----------.",
    "  \\  meals  / ",
    "   '-------'  ",
  ]
  static var sentence: String {
    tr(
      "Your recipe book in the terminal: keep your own meals, find new ones on TheMealDB, and cook from the keyboard."
    )
  }

  /// What a panel key does.
  enum Action: Equatable, NamedKeyAction {
    case right, left, down, up, next, previous, press
    case button(Button)

    var keyName: String {
      switch self {
      case .right: "right"
      case .left: "left"
      case .down: "down"
      case .up: "up"
      case .next: "next"
      case .previous: "previous"
      case .press: "press"
      case .button(let button): "button-" + button.rawValue
      }
    }
  }

  /// The panel's keys: moves, Enter, and each button's own letter.
  static let table = KeyTable<Action>(
    "welcome",
    [
      KeyBinding([.enter], .press, tr("press")),
      KeyBinding(
        [.right, .character("l")], .right, tr("choose"), label: "←→↑↓ Tab",
        detail: "choose the one on the right"),
      KeyBinding([.left, .character("h")], .left, tr("choose the one on the left"), footer: false),
      KeyBinding([.down, .character("j")], .down, tr("choose the one below"), footer: false),
      KeyBinding([.up, .character("k")], .up, tr("choose the one above"), footer: false),
      KeyBinding([.tab], .next, tr("choose the next"), footer: false),
      KeyBinding([.backTab], .previous, tr("choose the previous"), footer: false),
    ] + Button.allCases.map { KeyBinding([.character($0.key)], .button($0), $0.helpText) })

  /// What the footer and `?` show for the panel: Enter, the moves in one line, the buttons.
  static var keys: [KeyHelp] { table.help.filter(\.inFooter) }

  private(set) var focus = 0

  /// A key on the panel: a move, a press (Enter or a button's key), or nothing.
  mutating func handle(_ key: Key, width: Int) -> Button? {
    let count = Button.allCases.count
    let columns = Self.columns(width: width)
    switch Self.table.action(for: key) {
    case .right: focus = min(count - 1, focus + 1)
    case .left: focus = max(0, focus - 1)
    case .down: focus = min(count - 1, focus + columns)
    case .up: focus = max(0, focus - columns)
    case .next: focus = (focus + 1) % count
    case .previous: focus = (focus + count - 1) % count
    case .press: return Button.allCases[focus]
    case .button(let button): return button
    case nil: break
    }
    return nil
  }

  /// Puts the focus on a button (a click).
  mutating func focus(on button: Button) {
    focus = Button.allCases.firstIndex(of: button) ?? focus
  }

  /// True for the keys the panel itself uses to move.
  static func moves(_ key: Key) -> Bool {
    switch table.action(for: key) {
    case .right, .left, .down, .up, .next, .previous: true
    default: false
    }
  }

  /// Columns between two buttons in a row.
  static let buttonGap = 2

  /// Buttons per row at this width (a column kept free on each side): all five, two, or one.
  static func columns(width: Int) -> Int {
    let room = width - 2
    let widths = Button.allCases.map(\.width)
    if widths.reduce(0, +) + buttonGap * (widths.count - 1) <= room { return widths.count }
    if 2 * (widths.max() ?? 0) + buttonGap <= room { return 2 }
    return 1
  }

  // MARK: - Layout

  /// Where everything goes in `area`: the logo (maybe none), the sentence, each button.
  private struct Placement {
    var logo: [String]
    var logoTop: Int
    var sentence: [String]
    var sentenceTop: Int
    var buttons: [(button: Button, rect: Rect)]
  }

  private static func place(in area: Rect) -> Placement {
    let columns = columns(width: area.width)
    let buttonRows = (Button.allCases.count + columns - 1) / columns
    let sentence = TextWrap.wrap(
      Self.sentence, width: min(area.inset(left: 2, right: 2).width, 64))
    var logo = Self.logo
    var gap = 1
    // Drop the logo, then the gaps, until it all fits.
    if logo.count + gap * 2 + sentence.count + buttonRows > area.height { logo = [] }
    if logo.count + gap * 2 + sentence.count + buttonRows > area.height { gap = 0 }
    let logoHeight = logo.isEmpty ? 0 : logo.count + gap
    let total = logoHeight + sentence.count + gap + buttonRows
    let top = area.y + max(0, (area.height - total) / 2)
    let sentenceTop = top + logoHeight
    var y = sentenceTop + sentence.count + gap
    let widths = Button.allCases.map(\.width)
    let cellWidth = columns == widths.count ? 0 : widths.max() ?? 0
    var buttons: [(Button, Rect)] = []
    for row in 0..<buttonRows {
      let row = Array(Button.allCases).dropFirst(row * columns).prefix(columns)
      let rowWidth =
        row.reduce(0) { $0 + (cellWidth > 0 ? cellWidth : $1.width) }
        + Self.buttonGap * (row.count - 1)
      var x = area.x + max(0, (area.width - rowWidth) / 2)
      for button in row {
        let width = cellWidth > 0 ? cellWidth : button.width
        buttons.append((button, Rect(x: x, y: y, width: width, height: 1)))
        x += width + Self.buttonGap
      }
      y += 1
    }
    return Placement(
      logo: logo, logoTop: top, sentence: sentence, sentenceTop: sentenceTop, buttons: buttons)
  }

  /// The button under a click, if any.
  func button(atRow row: Int, column: Int, in area: Rect) -> Button? {
    Self.place(in: area).buttons.first { placed in
      placed.rect.y == row && (placed.rect.x..<placed.rect.maxX).contains(column)
        && row < area.maxY
    }?.button
  }

  // MARK: - Rendering

  func render(into canvas: inout Canvas, in area: Rect) {
    let placement = Self.place(in: area)
    for (index, line) in placement.logo.enumerated() {
      canvas.write(
        line, row: placement.logoTop + index,
        column: area.x + max(0, (area.width - TextWidth.columns(of: line)) / 2),
        style: index < 2 ? .accent : .title)
    }
    for (index, line) in placement.sentence.enumerated()
    where placement.sentenceTop + index < area.maxY {
      canvas.write(
        line, row: placement.sentenceTop + index,
        column: area.x + max(0, (area.width - TextWidth.columns(of: line)) / 2))
    }
    for (index, placed) in placement.buttons.enumerated() where placed.rect.y < area.maxY {
      draw(
        placed.button, width: placed.rect.width, focused: index == focus, into: &canvas,
        row: placed.rect.y, column: placed.rect.x)
    }
  }

  /// "[ a  Search TheMealDB ]", padded to `width` so stacked buttons line up.
  private func draw(
    _ button: Button, width: Int, focused: Bool, into canvas: inout Canvas, row: Int, column: Int
  ) {
    let padding = String(repeating: " ", count: max(0, width - button.width))
    var x = column
    x += canvas.write("[ ", row: row, column: x)
    x += canvas.write(String(button.key), row: row, column: x, style: .key)
    x += canvas.write(
      "  " + button.label + padding + " ]", row: row, column: x, style: focused ? .title : .plain)
    if focused {
      canvas.applyStyle(.selected, to: Rect(x: column, y: row, width: x - column, height: 1))
    }
  }
}
