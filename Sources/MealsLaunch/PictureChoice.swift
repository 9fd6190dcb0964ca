/// What `--images` (or `MEALS_IMAGES`) asks for; the app turns it into a way of drawing
/// pictures for the terminal it finds itself in.
public enum PictureChoice: String, Sendable, CaseIterable {
  case auto, symbols, off, kitty, sixel, iterm, truecolor

  /// The choice a flag's value names (`none` and `0` are `off`); nil reads as `auto`.
  public static func parse(_ value: String?) -> Result<PictureChoice, UsageError> {
    let name = (value ?? "auto").lowercased()
    if name == "none" || name == "0" { return .success(.off) }
    guard let choice = PictureChoice(rawValue: name) else {
      return .failure(
        UsageError(
          message:
            "--images takes auto, kitty, sixel, iterm, truecolor, symbols or off, not “\(value ?? "")”."
        ))
    }
    return .success(choice)
  }
}
