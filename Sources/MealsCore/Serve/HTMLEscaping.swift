/// Text from the book made safe inside HTML: a meal named `<script>` is shown, never run.
public enum HTMLEscaping {
  /// Escapes the five characters that could end text or an attribute value (quoted either way).
  public static func escaped(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
      })
    else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  /// A query argument's value made safe inside a link (`?q=…`): everything but letters,
  /// digits and `-._~` percent-encoded as UTF-8.
  public static func queryValue(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E:
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        out += "%"
        out.unicodeScalars.append(digits[Int(byte >> 4)])
        out.unicodeScalars.append(digits[Int(byte & 0x0F)])
      }
    }
    return out
  }
}
