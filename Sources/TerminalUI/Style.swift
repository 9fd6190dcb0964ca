/// How a cell looks: the area of the screen it belongs to, plus attributes of its own.
///
/// An area's look (colours and attributes) comes from the theme, so a config file can restyle
/// the header or the footer everywhere at once. Colour only adds to an attribute (errors are
/// bold and red), so nothing relies on it, and `NO_COLOR` simply drops it.
public struct Style: Hashable, Sendable {
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1)
    public static let reverse = Attributes(rawValue: 2)
    public static let underline = Attributes(rawValue: 4)
    public static let dim = Attributes(rawValue: 8)
    public static let italic = Attributes(rawValue: 16)
  }

  /// A part of the screen by meaning; the theme says how each looks (`color AREA …`).
  public enum Area: UInt8, Hashable, Sendable, CaseIterable {
    // Named by hand: reflection (`String(describing:)`) costs start-up time.
    case header = 1
    case footer
    case footerKey
    case status
    case error
    case success
    case selected
    case title
    case key
    case dim
    case accent
    case chip
    case chipOn
    case field
    case bar

    /// The name a config file uses (`chip-on`).
    public var name: String {
      switch self {
      case .header: "header"
      case .footer: "footer"
      case .footerKey: "footer-key"
      case .status: "status"
      case .error: "error"
      case .success: "success"
      case .selected: "selected"
      case .title: "title"
      case .key: "key"
      case .dim: "dim"
      case .accent: "accent"
      case .chip: "chip"
      case .chipOn: "chip-on"
      case .field: "field"
      case .bar: "bar"
      }
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    public init?(name: String) {
      guard let area = Self.byName[name] else { return nil }
      self = area
    }
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

  /// Added to the area's own attributes (a chosen chip's underline, a field's).
  public var attributes: Attributes
  public var area: Area?
  /// Wins over the area's colours where the terminal has 256 colours; dropped under `NO_COLOR`.
  public var ink: Ink?

  public init(_ attributes: Attributes = [], area: Area? = nil, ink: Ink? = nil) {
    self.attributes = attributes
    self.area = area
    self.ink = ink
  }

  public static let plain = Style()
  public static let header = Style(area: .header)
  public static let selected = Style(area: .selected)
  public static let title = Style(area: .title)
  public static let key = Style(area: .key)
  public static let muted = Style(area: .dim)
  public static let error = Style(area: .error)
  public static let success = Style(area: .success)
  public static let accent = Style(area: .accent)
  public static let footer = Style(area: .footer)
  public static let footerKey = Style(area: .footerKey)
  public static let status = Style(area: .status)
  public static let chip = Style(area: .chip)
  public static let chipOn = Style(area: .chipOn)
  public static let field = Style(area: .field)
  public static let bar = Style(area: .bar)
}
