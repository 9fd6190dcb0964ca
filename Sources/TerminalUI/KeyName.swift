/// Keys as a config file writes them: `x`, `<C-x>`, `<F5>`, `<Enter>`, `<Space>`, `<S-Up>`.
public enum KeyName {
  /// The bracketed names, each with its key (the first of a key's names is the one written).
  static let named: [(String, Key)] = [
    ("Enter", .enter), ("Return", .enter), ("Esc", .escape), ("Escape", .escape),
    ("Tab", .tab), ("S-Tab", .backTab), ("BackTab", .backTab), ("Space", .character(" ")),
    ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right), ("S-Up", .shiftUp),
    ("S-Down", .shiftDown), ("Home", .home), ("End", .end), ("PgUp", .pageUp),
    ("PageUp", .pageUp), ("PgDn", .pageDown), ("PageDown", .pageDown), ("Ins", .insert),
    ("Insert", .insert), ("Del", .delete), ("Delete", .delete), ("Backspace", .backspace),
    ("BS", .backspace), ("lt", .character("<")), ("Hash", .character("#")),
  ]

  private static let byName = Dictionary(
    named.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })

  /// The key `text` names, or nil (`<C-x>` is Ctrl-X, `<F12>`, one character as itself).
  public static func parse(_ text: String) -> Key? {
    if text.count == 1, let character = text.first, !character.isWhitespace,
      character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
    {
      return .character(character)
    }
    guard text.hasPrefix("<"), text.hasSuffix(">"), text.count > 2 else { return nil }
    let inner = String(text.dropFirst().dropLast())
    if let key = byName[inner.lowercased()] { return key }
    if inner.count == 3, inner.lowercased().hasPrefix("c-"), let letter = inner.last,
      letter.isASCII, letter.isLetter
    {
      return .ctrl(Character(letter.lowercased()))
    }
    if inner.first == "F" || inner.first == "f", let number = Int(inner.dropFirst()),
      (1...24).contains(number)
    {
      return .function(number)
    }
    return nil
  }

  /// How `key` is written in a config file (read back by `parse` to the same key).
  public static func format(_ key: Key) -> String {
    switch key {
    case .character("<"): return "<lt>"
    case .character("#"): return "<Hash>"
    case .character(" "): return "<Space>"
    case .character(let character): return String(character)
    case .ctrl(let letter): return "<C-\(letter)>"
    case .function(let number): return "<F\(number)>"
    default:
      return named.first { $0.1 == key }.map { "<\($0.0)>" } ?? "<\(key.label)>"
    }
  }
}
