import Foundation

/// Case- and accent-insensitive matching: "cafe" finds "Café", "GRUY" finds "Gruyère".
public enum TextFolding {
  /// Lower case with combining marks removed after canonical decomposition.
  public static func key(_ text: String) -> String {
    let decomposed = text.decomposedStringWithCanonicalMapping
    var scalars = String.UnicodeScalarView()
    for scalar in decomposed.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      scalars.append(scalar)
    }
    return String(scalars).lowercased()
  }

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
