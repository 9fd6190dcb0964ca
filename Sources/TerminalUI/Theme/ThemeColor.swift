/// A colour as a config file names it: the terminal's default, a palette entry, or RGB.
public enum ThemeColor: Hashable, Sendable {
  case terminalDefault
  /// A palette index, 0–255 (0–7 are the named colours, 8–15 their bright forms).
  case palette(UInt8)
  /// `#rrggbb`: exact on a direct-colour terminal, else the nearest palette colour.
  case rgb(UInt8, UInt8, UInt8)

  /// The eight names ncurses and every terminal share, in palette order.
  public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// `red`, `bright-red`, `color42`, `#ff8800`, `default`; nil for anything else.
  public init?(name: String) {
    let lower = name.lowercased()
    if lower == "default" {
      self = .terminalDefault
    } else if let index = Self.names.firstIndex(of: lower) {
      self = .palette(UInt8(index))
    } else if lower.hasPrefix("bright-"),
      let index = Self.names.firstIndex(of: String(lower.dropFirst(7)))
    {
      self = .palette(UInt8(index + 8))
    } else if lower.hasPrefix("color"), let number = UInt8(lower.dropFirst(5)),
      String(number) == lower.dropFirst(5)
    {
      self = .palette(number)
    } else if lower.hasPrefix("#"), lower.count == 7,
      let value = UInt32(lower.dropFirst(), radix: 16)
    {
      self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    } else {
      return nil
    }
  }

  /// How a config file writes it (read back by `init(name:)` to the same colour).
  public var name: String {
    switch self {
    case .terminalDefault: "default"
    case .palette(let index) where index < 8: Self.names[Int(index)]
    case .palette(let index) where index < 16: "bright-" + Self.names[Int(index) - 8]
    case .palette(let index): "color\(index)"
    case .rgb(let red, let green, let blue):
      "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }

  /// The ncurses colour number for a terminal with `colors` colours: -1 for the default, the
  /// RGB value itself on a direct-colour terminal (more than 256), else the nearest entry.
  public func number(colors: Int) -> Int32 {
    switch self {
    case .terminalDefault:
      return -1
    case .palette(let index):
      return colors >= 256 || index < colors
        ? Int32(index) : Int32(Palette.nearest(index, among: colors))
    case .rgb(let red, let green, let blue):
      if colors > 256 { return Int32(red) << 16 | Int32(green) << 8 | Int32(blue) }
      let index = Palette.nearest(
        red: Int(red), green: Int(green), blue: Int(blue), among: min(256, colors))
      return Int32(index)
    }
  }
}

/// How one area looks: its colours and attributes (`color AREA FOREGROUND BACKGROUND ATTRS…`).
public struct Look: Hashable, Sendable {
  public var foreground: ThemeColor
  public var background: ThemeColor
  public var attributes: Style.Attributes

  public init(
    _ foreground: ThemeColor = .terminalDefault, _ background: ThemeColor = .terminalDefault,
    _ attributes: Style.Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// True when the look sets a colour (so the terminal needs a colour pair for it).
  public var hasColor: Bool { foreground != .terminalDefault || background != .terminalDefault }
}

extension Style.Attributes {
  /// The attribute names a config file uses, in the order they are written.
  public static let named: [(String, Style.Attributes)] = [
    ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
    ("reverse", .reverse),
  ]

  public init?(name: String) {
    guard let match = Self.named.first(where: { $0.0 == name.lowercased() }) else { return nil }
    self = match.1
  }

  /// `bold underline`; empty for none.
  public var names: [String] { Self.named.filter { contains($0.1) }.map(\.0) }
}
