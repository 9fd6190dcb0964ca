/// How pictures are drawn: `--images` or `MEALS_IMAGES`.
public enum PictureMode: Equatable, Sendable {
  case off
  /// Block symbols in ordinary cells, in palette colours unless `NO_COLOR`.
  case symbols(colors: Bool)

  /// The mode for a flag value (or the environment's), given the terminal's environment.
  ///
  /// `auto` is symbols: the graphics protocols (kitty, sixel, iTerm2) are not drawn yet, so
  /// asking for them is a usage error that says so.
  public static func parse(_ value: String?, environment: [String: String]) -> Result<
    PictureMode, UsageError
  > {
    let colors = (environment["NO_COLOR"] ?? "").isEmpty
    switch (value ?? "auto").lowercased() {
    case "auto", "symbols": return .success(.symbols(colors: colors))
    case "off", "none", "0": return .success(.off)
    case "kitty", "sixel", "iterm":
      return .failure(
        UsageError(
          message:
            "--images \(value ?? ""): graphics protocols are not drawn yet; use auto, symbols or off."
        ))
    default:
      return .failure(
        UsageError(message: "--images takes auto, symbols or off, not “\(value ?? "")”."))
    }
  }
}
