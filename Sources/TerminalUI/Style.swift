/// How a cell looks: attributes that work everywhere, plus an optional colour role.
///
/// Colour only adds to an attribute (errors are bold and red), so nothing relies on it, and
/// `NO_COLOR` simply drops it.
public struct Style: Hashable, Sendable {
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1)
    public static let reverse = Attributes(rawValue: 2)
    public static let underline = Attributes(rawValue: 4)
    public static let dim = Attributes(rawValue: 8)
  }

  /// A colour by meaning; the adapter maps it onto the terminal's palette.
  public enum Color: UInt8, Hashable, Sendable, CaseIterable {
    case accent = 1
    case error = 2
    case success = 3
    case muted = 4
  }

  /// Exact colours from the terminal's 256-colour palette, for pictures drawn as symbols.
  public struct Ink: Hashable, Sendable {
    /// Palette indexes (0–255); nil is the terminal's default colour.
    public var foreground: UInt8?
    public var background: UInt8?

    public init(foreground: UInt8?, background: UInt8?) {
      self.foreground = foreground
      self.background = background
    }
  }

  public var attributes: Attributes
  public var color: Color?
  /// Wins over `color` where the terminal has 256 colours; dropped under `NO_COLOR`.
  public var ink: Ink?

  public init(_ attributes: Attributes = [], color: Color? = nil, ink: Ink? = nil) {
    self.attributes = attributes
    self.color = color
    self.ink = ink
  }

  public static let plain = Style()
  public static let header = Style([.reverse, .bold])
  public static let selected = Style([.reverse])
  public static let title = Style([.bold])
  public static let key = Style([.bold], color: .accent)
  public static let muted = Style([.dim], color: .muted)
  public static let error = Style([.bold], color: .error)
  public static let success = Style([], color: .success)
  public static let accent = Style([], color: .accent)
}
