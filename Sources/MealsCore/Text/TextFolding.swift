/// Case- and accent-insensitive matching: "cafe" finds "Café", "GRUY" finds "Gruyère".
public enum TextFolding {
  /// Lower case with combining marks removed after canonical decomposition.
  public static func key(_ text: String) -> String {
    // ASCII (most text) decomposes to itself and has no marks.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      // An ASCII letter among others is itself: no decomposition made for it.
      if scalar.isASCII {
        scalars.append(scalar)
        continue
      }
      for part in decomposition(of: scalar)
      where part.properties.generalCategory != .nonspacingMark {
        scalars.append(part)
      }
    }
    return String(scalars).lowercased()
  }

  /// The text in Unicode's composed form (NFC), as the word index has it: the standard
  /// library's own NFC, as its string comparison uses it.
  public static func composed(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    text._withNFCCodeUnits { bytes.append($0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The scalar's full canonical decomposition (itself when it has none).
  static func decomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    let value = scalar.value
    // Hangul syllables decompose by arithmetic (Unicode 3.12): a leading consonant, a vowel,
    // and a trailing consonant unless there is none.
    if (0xAC00...0xD7A3).contains(value) {
      let index = value - 0xAC00
      let trailing = index % 28
      return [0x1100 + index / 588, 0x1161 + index % 588 / 28]
        .compactMap(Unicode.Scalar.init)
        + (trailing == 0 ? [] : [Unicode.Scalar(0x11A7 + trailing)].compactMap { $0 })
    }
    return decompositions[value] ?? [scalar]
  }

  /// `decompositionTable` read once, at the first text that is not ASCII.
  private static let decompositions: [UInt32: [Unicode.Scalar]] = {
    var table: [UInt32: [Unicode.Scalar]] = [:]
    table.reserveCapacity(2_100)
    for entry in decompositionTable.split(separator: ";") {
      let sides = entry.split(separator: "=")
      guard sides.count == 2, let key = UInt32(sides[0], radix: 16) else { continue }
      table[key] = sides[1].split(separator: ".").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
    }
    return table
  }()

  /// Whether the text holds characters of scripts written without spaces (CJK, Thai, …),
  /// which a word tokenizer cannot split.
  public static func hasUnspacedScript(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isUnspacedScript)
  }

  /// A character of a script written without spaces between words.
  public static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x3FFFF, 0x0E00...0x0EFF,
      0x1000...0x109F, 0x1780...0x17FF, 0xFF00...0xFFEF:
      true
    default:
      false
    }
  }
}
