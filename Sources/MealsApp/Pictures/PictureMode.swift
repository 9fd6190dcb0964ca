import MealsLaunch
import TerminalUI

/// How pictures are drawn: `--images` or `MEALS_IMAGES`.
public enum PictureMode: Equatable, Sendable {
  case off
  /// Block symbols in ordinary cells, in palette colours unless `NO_COLOR`.
  case symbols(colors: Bool)
  /// Real pixels through a terminal graphics protocol.
  case graphics(GraphicsProtocol)

  /// The mode for a flag value (or the environment's), given the terminal's environment.
  ///
  /// `auto`: kitty's protocol in kitty, WezTerm and ghostty, iTerm2's in iTerm2, symbols in
  /// 24-bit colour when `COLORTERM` says so, else symbols in the 256-colour palette (always
  /// inside tmux, which passes no graphics on); sixel when the terminal says it speaks it.
  public static func parse(_ value: String?, environment: [String: String]) -> Result<
    PictureMode, UsageError
  > {
    PictureChoice.parse(value).map { resolve($0, environment: environment) }
  }

  /// The mode for a choice in this environment.
  public static func resolve(_ choice: PictureChoice, environment: [String: String]) -> PictureMode
  {
    let colors = (environment["NO_COLOR"] ?? "").isEmpty
    switch choice {
    case .auto: return automatic(environment: environment, colors: colors)
    case .symbols: return .symbols(colors: colors)
    case .off: return .off
    case .kitty: return .graphics(.kitty)
    case .sixel: return .graphics(.sixel)
    case .iterm: return .graphics(.iterm)
    case .truecolor: return .graphics(.truecolor)
    }
  }

  /// `auto` chose symbols outside tmux: the terminal is asked whether it speaks sixel.
  public static func asksForSixel(_ choice: PictureChoice, environment: [String: String]) -> Bool {
    choice == .auto
      && [.symbols(colors: true), .graphics(.truecolor)].contains(
        resolve(choice, environment: environment))
      && environment["TMUX"] == nil && !(environment["TERM"] ?? "").hasPrefix("screen")
  }

  static func automatic(environment: [String: String], colors: Bool) -> PictureMode {
    if environment["TMUX"] != nil || (environment["TERM"] ?? "").hasPrefix("screen") {
      return .symbols(colors: colors)
    }
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil
      || program == "wezterm" || program == "ghostty"
    {
      return .graphics(.kitty)
    }
    if program == "iterm.app" { return .graphics(.iterm) }
    let depth = (environment["COLORTERM"] ?? "").lowercased()
    if colors && (depth == "truecolor" || depth == "24bit") { return .graphics(.truecolor) }
    return .symbols(colors: colors)
  }
}
