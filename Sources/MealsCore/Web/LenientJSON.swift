import FoundationEssentials

/// JSON as web pages write it inside `<script type="application/ld+json">`, often not quite JSON.
///
/// Read as it is when it is valid; else mended in one pass and read again.
///
/// Mended: raw control characters inside strings (escaped), trailing commas, `//` and `/* */`
/// comments, HTML comment or CDATA wrappers, and several values one after another (read as
/// an array of them).
enum LenientJSON {
  static func parse(_ text: String) -> JSONValue? {
    if let value = try? JSONParser.parse(Array(text.utf8)) {
      return value
    }
    let values = mended(Array(text.utf8))
    guard !values.isEmpty else { return nil }
    let joined =
      values.count == 1 ? values[0] : Array("[".utf8) + commaJoined(values) + Array("]".utf8)
    return try? JSONParser.parse(joined)
  }

  private static func commaJoined(_ values: [[UInt8]]) -> [UInt8] {
    var out: [UInt8] = []
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out += value
    }
    return out
  }

  /// The top-level values of the text, each mended.
  static func mended(_ bytes: [UInt8]) -> [[UInt8]] {
    var values: [[UInt8]] = []
    var current: [UInt8] = []
    var depth = 0
    var inString = false
    var escaped = false
    var index = 0
    func next(_ offset: Int) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
          current.append(byte)
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
          current.append(byte)
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          current.append(byte)
        } else if byte < 0x20 {
          // A raw line break or tab inside a string: written as its escape.
          switch byte {
          case 0x0A: current += Array("\\n".utf8)
          case 0x09: current += Array("\\t".utf8)
          default: current.append(UInt8(ascii: " "))
          }
        } else {
          current.append(byte)
        }
        index += 1
        continue
      }
      // Between values only the start of one counts: a wrapper (`<!--`, `<![CDATA[`, `-->`,
      // `]]>`), a `;` or stray words are passed over.
      if depth == 0 && byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[") {
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        current.append(byte)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        current.append(byte)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        // A comma just before a closing bracket goes.
        while let last = current.last, last == UInt8(ascii: ",") || isSpace(last) {
          current.removeLast()
        }
        current.append(byte)
        depth -= 1
        if depth == 0 {
          values.append(current)
          current = []
        }
      case UInt8(ascii: "/") where next(1) == UInt8(ascii: "/"):
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        continue
      case UInt8(ascii: "/") where next(1) == UInt8(ascii: "*"):
        index += 2
        while index + 1 < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        index += 2
        continue
      default:
        current.append(byte)
      }
      index += 1
    }
    if depth > 0 && !current.isEmpty { values.append(current) }
    return values
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

}
