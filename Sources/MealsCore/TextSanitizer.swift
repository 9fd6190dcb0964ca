/// Makes untrusted text (network, database, files) safe to keep and to show in a terminal.
public enum TextSanitizer {
  /// Normalises line breaks and removes control characters, escape sequences and bidi overrides.
  ///
  /// Keeps newline and tab. `\r\n` and lone `\r`, U+2028 and U+2029 become `\n`.
  public static func clean(_ text: String) -> String {
    guard needsCleaning(text) else { return text }
    var output = String.UnicodeScalarView()
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      switch scalar.value {
      case 0x0D:
        if scalars.first == "\n" { scalars.removeFirst() }
        output.append("\n")
      case 0x2028, 0x2029:
        output.append("\n")
      case 0x1B:
        skipEscapeSequence(&scalars)
      case 0x9B:
        skipControlSequence(&scalars)
      case 0x09, 0x0A:
        output.append(scalar)
      default:
        if !isRemoved(scalar) { output.append(scalar) }
      }
    }
    return String(output)
  }

  /// Cleans and also turns every line break and tab into a space, for one-line fields.
  public static func singleLine(_ text: String) -> String {
    let cleaned = clean(text)
    guard cleaned.contains(where: { $0 == "\n" || $0 == "\t" }) else { return cleaned }
    return String(cleaned.map { $0 == "\n" || $0 == "\t" ? " " : $0 })
  }

  /// C0/C1 controls (but newline and tab), DEL, and the bidirectional embedding controls.
  public static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x08, 0x0B...0x1F, 0x7F...0x9F: true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }

  private static func needsCleaning(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      scalar.value < 0x20 && scalar.value != 0x0A && scalar.value != 0x09
        || (scalar.value >= 0x7F && scalar.value <= 0x9F)
        || scalar.value == 0x2028 || scalar.value == 0x2029 || isRemoved(scalar)
    }
  }

  /// ESC has been read: drop the rest of a CSI, OSC, DCS or two-character sequence.
  private static func skipEscapeSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
    guard let next = scalars.first else { return }
    switch next {
    case "[":
      scalars.removeFirst()
      skipControlSequence(&scalars)
    case "]", "P", "X", "^", "_":
      scalars.removeFirst()
      skipStringSequence(&scalars)
    default:
      if next.value >= 0x20 && next.value < 0x7F { scalars.removeFirst() }
    }
  }

  /// Parameters and intermediates up to and including the final byte (0x40–0x7E).
  private static func skipControlSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
    while let scalar = scalars.first {
      if scalar.value >= 0x40 && scalar.value <= 0x7E {
        scalars.removeFirst()
        return
      }
      if scalar.value < 0x20 || scalar.value > 0x7E { return }
      scalars.removeFirst()
    }
  }

  /// Up to BEL or ST (ESC \ or U+009C), as OSC and DCS strings end.
  private static func skipStringSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
    while let scalar = scalars.popFirst() {
      if scalar.value == 0x07 || scalar.value == 0x9C { return }
      if scalar.value == 0x1B {
        if scalars.first == "\\" { scalars.removeFirst() }
        return
      }
    }
  }
}
