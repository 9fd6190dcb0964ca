/// A web page's bytes as text, in the character set the server or the page names.
///
/// UTF-8 (a byte-order mark, the header, or a `<meta charset>` in the first 4 KB), ISO-8859-1
/// and Windows-1252 (what browsers read for either). Bytes that are not valid UTF-8 in a page
/// said to be UTF-8 become U+FFFD, as in a browser; a page that names no set and is not valid
/// UTF-8 is read as Windows-1252.
public enum PageText {
  public enum Charset: String, Sendable {
    case utf8 = "UTF-8"
    case windows1252 = "windows-1252"
  }

  /// The page's text; `contentType` is the `Content-Type` header, when there is one.
  public static func decode(_ bytes: [UInt8], contentType: String? = nil) -> String {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) {
      body = body.dropFirst(3)
      return String(decoding: body, as: UTF8.self)
    }
    switch charset(contentType: contentType, head: body.prefix(4096)) {
    case .utf8?:
      return String(decoding: body, as: UTF8.self)
    case .windows1252?:
      // Latin-1 text is almost never valid UTF-8 with multi-byte characters in it: a page
      // that is, whatever it says, is UTF-8 (pages saved with a stale `<meta>` are).
      if body.contains(where: { $0 >= 0xC2 }), let text = String(validating: body, as: UTF8.self) {
        return text
      }
      return Windows1252.decode(body)
    case nil:
      return String(validating: body, as: UTF8.self) ?? Windows1252.decode(body)
    }
  }

  /// The set the header names, else the page's `<meta charset>` or `http-equiv` tag.
  static func charset(contentType: String?, head: ArraySlice<UInt8>) -> Charset? {
    if let contentType, let named = named(in: contentType.lowercased()) { return named }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    var rest = text[...]
    while let meta = rest.firstRange(ofText: "<meta") {
      let end = rest[meta.upperBound...].firstIndex(of: ">") ?? rest.endIndex
      if let named = named(in: String(rest[meta.upperBound..<end])) { return named }
      rest = rest[end...]
    }
    return nil
  }

  /// `charset=…` in a header or a meta tag's attributes.
  private static func named(in text: String) -> Charset? {
    guard let range = text.firstRange(ofText: "charset") else { return nil }
    let value = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
      .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    switch value {
    case "utf-8", "utf8": return .utf8
    case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "windows-1252", "cp1252", "us-ascii",
      "ascii", "iso-8859-15":
      return .windows1252
    default: return nil
    }
  }
}

/// Windows-1252, the superset of ISO-8859-1 that browsers read both as.
enum Windows1252 {
  /// What 0x80–0x9F mean (nil: unused); every other byte is the code point of its value.
  static let scalars: [Unicode.Scalar?] = [
    0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, nil, 0x017D, nil, nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
  ].map { $0.flatMap(Unicode.Scalar.init) }

  static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var text = String.UnicodeScalarView()
    for byte in bytes {
      if (0x80...0x9F).contains(byte) {
        text.append(scalars[Int(byte - 0x80)] ?? "\u{FFFD}")
      } else {
        text.append(Unicode.Scalar(byte))
      }
    }
    return String(text)
  }
}
