import CNcursesw

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures text in terminal cells the way ncurses does: glibc `wcwidth` per scalar.
public enum TextWidth {
  /// Cells one scalar takes when drawn: 0 for combining marks, 2 for wide ones; 1 for controls,
  /// which the canvas shows as a visible substitute.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    if isControl(scalar) { return 1 }
    if isInvisibleFormat(scalar) { return 0 }
    _ = localeIsReady
    let width = Int(meals_wcwidth(wchar_t(bitPattern: value)))
    return width < 0 ? 1 : width
  }

  /// Cells the whole string takes on one line, drawn as `shown` draws it.
  ///
  /// A `String` and a `Substring` each have their own (not one over `StringProtocol`): a
  /// generic called from another module runs unspecialised, looking its witnesses up at every
  /// call (the screens measure text at every frame).
  public static func columns(of text: String) -> Int { columns(ofScalars: text.unicodeScalars) }

  /// Cells a part of a string takes on one line.
  public static func columns(of text: Substring) -> Int {
    columns(ofScalars: text.unicodeScalars)
  }

  private static func columns<Scalars: Sequence<Unicode.Scalar>>(ofScalars scalars: Scalars)
    -> Int
  {
    var total = 0
    var previous: Unicode.Scalar?
    for scalar in scalars {
      if let drawn = shown(scalar, after: previous) { total += columns(of: drawn) }
      previous = scalar
    }
    return total
  }

  // MARK: - Emoji in a form of certain width

  /// What is drawn for `scalar` (after `previous` in the text), or nil when nothing is.
  ///
  /// Terminals disagree on emoji sequences: tmux and kitty join a ZWJ sequence (👨‍👩‍👧) into
  /// one wide cell, a skin tone (👍🏽) into its base, a flag's two letters (🇯🇵) into one
  /// glyph, and draw ❤️ (a narrow heart asking for emoji style) wide, where `wcwidth` — and so
  /// ncurses — counts each scalar. Whatever one terminal makes of them moves every column after
  /// them on another. So the joiners and style selectors are not sent (the family is drawn as
  /// 👨👩👧, six cells everywhere), a skin tone after its base is left out, a flag's regional
  /// indicators are drawn as their letters (JP), and tag characters are dropped. The text itself
  /// is never changed: only what the terminal is sent.
  public static func shown(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?)
    -> Unicode.Scalar?
  {
    let value = scalar.value
    if value < 0x200D { return scalar }  // nearly all text, at once
    switch value {
    case 0x200D, 0xFE0E, 0xFE0F, 0xE0020...0xE007F: return nil
    case 0x1F3FB...0x1F3FF:
      return previous?.properties.isEmojiModifierBase == true ? nil : scalar
    case 0x1F1E6...0x1F1FF: return Unicode.Scalar(0x41 + (value - 0x1F1E6))
    default: return scalar
    }
  }

  /// C0 and C1 controls and DEL: never sent to the terminal as they are.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
  }

  /// Bidirectional controls: dropped when drawing, so text cannot reorder the screen.
  public static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }

  /// The longest prefix of `text` that fits in `width` cells, and its width.
  public static func prefix(of text: Substring, fitting width: Int) -> (Substring, Int) {
    var used = 0
    var end = text.startIndex
    var index = text.startIndex
    var previous: Unicode.Scalar?
    while index < text.endIndex {
      let scalar = text.unicodeScalars[index]
      let cells = shown(scalar, after: previous).map(columns(of:)) ?? 0
      if used + cells > width { break }
      used += cells
      previous = scalar
      index = text.unicodeScalars.index(after: index)
      end = index
    }
    return (text[text.startIndex..<end], used)
  }

  /// `text` clipped to `width` cells, ending in "…" when something was cut.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    if columns(of: text) <= width { return text }
    var (head, _) = prefix(of: Substring(text), fitting: width - 1)
    while head.last == " " { head.removeLast() }
    return String(head) + "…"
  }

  // MARK: - Lines that must keep their point

  /// Marks part of a line (a name inside a message) as the part to shorten first when the line
  /// is too long; the marks are bidi isolates, which take no cells and are never drawn.
  public static func shrinkable(_ text: String) -> String { "\u{2068}" + text + "\u{2069}" }

  /// `text` fitted in `width` cells, its shrinkable parts shortened first.
  ///
  /// The longest part first, to no fewer than `least` cells, ending in "…"; then the end is
  /// cut if it must be. `clean` is applied to each part first (it may drop the marks themselves).
  public static func fit(
    _ text: String, to width: Int, least: Int = 8, clean: (String) -> String = { $0 }
  ) -> String {
    // Pieces of the line, each shrinkable or not.
    var pieces: [(text: String, shrinks: Bool)] = []
    var current = ""
    var inside = false
    for scalar in text.unicodeScalars {
      if scalar == "\u{2068}" || scalar == "\u{2069}" {
        if !current.isEmpty { pieces.append((current, inside)) }
        current = ""
        inside = scalar == "\u{2068}"
        continue
      }
      current.unicodeScalars.append(scalar)
    }
    if !current.isEmpty { pieces.append((current, inside)) }
    pieces = pieces.map { (clean($0.text), $0.shrinks) }
    var excess = pieces.reduce(0) { $0 + columns(of: $1.text) } - width
    guard excess > 0 else { return pieces.map(\.text).joined() }
    let order = pieces.indices.filter { pieces[$0].shrinks }
      .sorted { columns(of: pieces[$0].text) > columns(of: pieces[$1].text) }
    for index in order where excess > 0 {
      let cells = columns(of: pieces[index].text)
      let target = max(least, cells - excess)
      guard target < cells else { continue }
      pieces[index].text = truncate(pieces[index].text, to: target)
      excess -= cells - columns(of: pieces[index].text)
    }
    return truncate(pieces.map(\.text).joined(), to: width)
  }

  /// Switches to a UTF-8 locale once so that `wcwidth` knows wide and combining characters.
  private static let localeIsReady: Bool = TerminalLocale.ensureUTF8()
}

/// The process's character set: the user's own when it is UTF-8, else C.UTF-8.
///
/// Only `LC_CTYPE` (what ncurses, `wcwidth` and the codeset read): numbers stay C's, and a start
/// does not load a dozen locale files it never uses.
public enum TerminalLocale {
  /// Sets the character set from the environment, falling back to C.UTF-8; true when UTF-8 is in
  /// use.
  @discardableResult
  public static func ensureUTF8() -> Bool {
    setlocale(LC_CTYPE, "")
    if isUTF8 { return true }
    setlocale(LC_CTYPE, "C.UTF-8")
    return isUTF8
  }

  /// Whether text is UTF-8, after the locale was set from the environment (once).
  public static let usesUTF8: Bool = ensureUTF8()

  public static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
