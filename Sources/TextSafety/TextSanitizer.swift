/// Makes untrusted text (network, database, files) safe to keep and to show in a terminal.
public enum TextSanitizer {
  /// Normalises line breaks and removes control characters, escape sequences and bidi overrides.
  ///
  /// Keeps newline and tab. `\r\n` and lone `\r`, U+2028 and U+2029 become `\n`.
  public static func clean(_ text: String) -> String {
    guard needsCleaning(text) else { return text }
    // Works on UTF-8 bytes: every character removed or replaced here is recognised by its
    // bytes, and building a byte array is far cheaper than appending scalars one by one.
    let input = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let byte = input[index]
      let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
      let end = min(input.count, index + length)
      let scalar = decode(input[index..<end])
      index = end
      switch scalar {
      case 0x0D:
        if index < input.count && input[index] == 0x0A { index += 1 }
        output.append(0x0A)
      case 0x2028, 0x2029:
        output.append(0x0A)
      case 0x1B:
        index = skipEscapeSequence(input, from: index)
      case 0x9B:
        index = skipControlSequence(input, from: index)
      case 0x09, 0x0A:
        output.append(byte)
      default:
        if let value = Unicode.Scalar(scalar), isRemoved(value) { continue }
        output.append(contentsOf: input[(end - length)..<end])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The code point of one UTF-8 sequence (valid, as it comes from a Swift string).
  private static func decode(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    guard let first = bytes.first else { return 0 }
    switch bytes.count {
    case 1: return UInt32(first)
    case 2: return UInt32(first & 0x1F) << 6 | UInt32(bytes[bytes.startIndex + 1] & 0x3F)
    case 3:
      return UInt32(first & 0x0F) << 12 | UInt32(bytes[bytes.startIndex + 1] & 0x3F) << 6
        | UInt32(bytes[bytes.startIndex + 2] & 0x3F)
    default:
      return UInt32(first & 0x07) << 18 | UInt32(bytes[bytes.startIndex + 1] & 0x3F) << 12
        | UInt32(bytes[bytes.startIndex + 2] & 0x3F) << 6
        | UInt32(bytes[bytes.startIndex + 3] & 0x3F)
    }
  }

  /// Cleans and also turns every line break and tab into a space, for one-line fields.
  public static func singleLine(_ text: String) -> String {
    let cleaned = clean(text)
    guard cleaned.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return cleaned }
    var scalars = String.UnicodeScalarView()
    for scalar in cleaned.unicodeScalars {
      scalars.append(scalar == "\n" || scalar == "\t" ? " " : scalar)
    }
    return String(scalars)
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

  /// ESC has been read: skips the rest of a CSI, OSC, DCS or nF/Fp/Fe/Fs sequence.
  private static func skipEscapeSequence(_ bytes: [UInt8], from start: Int) -> Int {
    guard start < bytes.count else { return start }
    switch bytes[start] {
    case UInt8(ascii: "["):
      return skipControlSequence(bytes, from: start + 1)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
      UInt8(ascii: "_"):
      return skipStringSequence(bytes, from: start + 1)
    default:
      // nF sequences: intermediates (0x20–0x2F), then one final byte (0x30–0x7E).
      var index = start
      while index < bytes.count && (0x20...0x2F).contains(bytes[index]) { index += 1 }
      if index < bytes.count && (0x30...0x7E).contains(bytes[index]) { index += 1 }
      return index
    }
  }

  /// Parameters and intermediates up to and including the final byte (0x40–0x7E).
  private static func skipControlSequence(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x40 && byte <= 0x7E { return index + 1 }
      if byte < 0x20 || byte > 0x7E { return index }
      index += 1
    }
    return index
  }

  /// Up to BEL or ST (ESC \ or U+009C), as OSC and DCS strings end.
  private static func skipStringSequence(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x07 { return index + 1 }
      if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0x9C { return index + 2 }
      if byte == 0x1B {
        return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\\")
          ? index + 2 : index + 1
      }
      index += 1
    }
    return index
  }
}
