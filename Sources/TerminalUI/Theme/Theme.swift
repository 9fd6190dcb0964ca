/// How every area of the screen looks: one of the built-in themes, refined by `color` lines.
public struct Theme: Hashable, Sendable {
  public var name: String
  public var looks: [Style.Area: Look]
  /// False for `mono`: attributes only, whatever the terminal can do.
  public var usesColor: Bool

  public init(name: String, looks: [Style.Area: Look], usesColor: Bool = true) {
    self.name = name
    self.looks = looks
    self.usesColor = usesColor
  }

  public func look(for area: Style.Area) -> Look {
    looks[area] ?? Theme.standard.looks[area] ?? Look()
  }

  /// What a cell of `style` shows: the area's look plus the style's own attributes; no
  /// colours when `colors` is false (`NO_COLOR`) or the theme has none.
  public func resolve(_ style: Style, colors: Bool = true) -> Look {
    var look = style.area.map { self.look(for: $0) } ?? Look()
    look.attributes.formUnion(style.attributes)
    if !colors || !usesColor {
      look.foreground = .terminalDefault
      look.background = .terminalDefault
    }
    return look
  }

  // MARK: - Built-in themes

  /// The terminal's own colours with a few accents: what meals has always looked like.
  public static let standard = Theme(
    name: "default",
    looks: [
      .header: Look(.terminalDefault, .terminalDefault, [.reverse, .bold]),
      .footer: Look(.terminalDefault, .terminalDefault, [.dim]),
      .footerKey: Look(.palette(6), .terminalDefault, [.bold]),
      .status: Look(),
      .error: Look(.palette(1), .terminalDefault, [.bold]),
      .success: Look(.palette(2)),
      .selected: Look(.terminalDefault, .terminalDefault, [.reverse]),
      .title: Look(.terminalDefault, .terminalDefault, [.bold]),
      .key: Look(.palette(6), .terminalDefault, [.bold]),
      .dim: Look(.terminalDefault, .terminalDefault, [.dim]),
      .accent: Look(.palette(6)),
      .chip: Look(),
      .chipOn: Look(.terminalDefault, .terminalDefault, [.reverse]),
      .field: Look(.terminalDefault, .terminalDefault, [.underline]),
      .bar: Look(.palette(6)),
    ])

  /// Dark text on a light background: deep blues and greens that stay readable on white.
  public static let light = standard.refined(
    name: "light",
    [
      .header: Look(.palette(15), .palette(25), [.bold]),
      .footerKey: Look(.palette(25), .terminalDefault, [.bold]),
      .key: Look(.palette(25), .terminalDefault, [.bold]),
      .accent: Look(.palette(25)),
      .bar: Look(.palette(31)),
      .error: Look(.palette(160), .terminalDefault, [.bold]),
      .success: Look(.palette(28)),
      .selected: Look(.palette(16), .palette(153)),
      .chipOn: Look(.palette(15), .palette(25)),
      .dim: Look(.palette(242)),
      .footer: Look(.palette(242)),
    ])

  /// Light text on a dark background: bright accents, a blue selection bar.
  public static let dark = standard.refined(
    name: "dark",
    [
      .header: Look(.palette(231), .palette(24), [.bold]),
      .footerKey: Look(.palette(81), .terminalDefault, [.bold]),
      .key: Look(.palette(81), .terminalDefault, [.bold]),
      .accent: Look(.palette(81)),
      .bar: Look(.palette(81)),
      .error: Look(.palette(203), .terminalDefault, [.bold]),
      .success: Look(.palette(114)),
      .selected: Look(.palette(231), .palette(24)),
      .chipOn: Look(.palette(16), .palette(81)),
      .dim: Look(.palette(246)),
      .footer: Look(.palette(246)),
    ])

  /// The strongest contrasts: black on yellow for the selection, nothing dimmed.
  public static let highContrast = standard.refined(
    name: "high-contrast",
    [
      .header: Look(.palette(16), .palette(231), [.bold]),
      .footer: Look(),
      .footerKey: Look(.palette(11), .terminalDefault, [.bold, .underline]),
      .key: Look(.palette(11), .terminalDefault, [.bold]),
      .accent: Look(.palette(14), .terminalDefault, [.bold]),
      .bar: Look(.palette(14), .terminalDefault, [.bold]),
      .error: Look(.palette(231), .palette(160), [.bold]),
      .success: Look(.palette(10), .terminalDefault, [.bold]),
      .selected: Look(.palette(16), .palette(11), [.bold]),
      .chipOn: Look(.palette(16), .palette(11), [.bold]),
      .dim: Look(),
      .field: Look(.terminalDefault, .terminalDefault, [.underline, .bold]),
    ])

  /// No colour at all: the default theme's attributes only.
  public static let mono = Theme(name: "mono", looks: standard.looks, usesColor: false)

  public static let builtIn = [standard, light, dark, highContrast, mono]

  public static func named(_ name: String) -> Theme? {
    builtIn.first { $0.name == name.lowercased() }
  }

  /// This theme with some areas changed (a built-in one, or `color` lines).
  public func refined(name: String? = nil, _ changes: [Style.Area: Look]) -> Theme {
    var theme = self
    if let name { theme.name = name }
    theme.looks.merge(changes) { $1 }
    return theme
  }
}
