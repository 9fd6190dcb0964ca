/// A JSON value, typed: what the readers of JSON (our own format, TheMealDB's answers,
/// schema.org's JSON-LD, a page's microdata read into the same shape) take apart.
public indirect enum JSONValue: Equatable, Sendable {
  case object([String: JSONValue])
  case array([JSONValue])
  case string(String)
  case bool(Bool)
  /// A whole number that fits.
  case int(Int)
  case double(Double)
  case null

  /// The value under `key` of an object; nil for a missing key or anything but an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  public var object: [String: JSONValue]? {
    if case .object(let object) = self { object } else { nil }
  }

  public var array: [JSONValue]? {
    if case .array(let array) = self { array } else { nil }
  }

  public var string: String? {
    if case .string(let string) = self { string } else { nil }
  }

  public var bool: Bool? {
    if case .bool(let bool) = self { bool } else { nil }
  }

  /// A whole number; nil for a fraction or anything else.
  public var int: Int? {
    if case .int(let int) = self { int } else { nil }
  }

  /// A number's value, whole or not; nil for anything else, `true` too.
  public var number: Double? {
    switch self {
    case .int(let int): Double(int)
    case .double(let double): double
    default: nil
    }
  }

  /// The elements of an array, or the value alone: where a field may hold one or several.
  public var elements: [JSONValue] { array ?? [self] }
}

/// A JSON parse's failure, with where it happened.
public struct JSONParseError: Error, Equatable, Sendable {
  public var message: String
}

/// JSON read into `JSONValue`s, as Foundation's `JSONSerialization` would read it.
///
/// The app links Foundation's essentials only (all of it costs ~1.2 ms at every start).
///
/// Strict JSON (RFC 8259), any value at the top, a UTF-8 byte-order mark passed over, nesting
/// at most `maximumDepth` deep; a string's broken UTF-8 or lone surrogate reads as U+FFFD.
public struct JSONParser {
  public static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  /// How deep this text may nest (a phone's request, one flat object, far less).
  private let deepest: Int

  /// The value the whole of `bytes` holds, nested at most `deepest` deep.
  public static func parse(_ bytes: [UInt8], deepest: Int = maximumDepth) throws(JSONParseError)
    -> JSONValue
  {
    var parser = JSONParser(bytes: bytes, deepest: deepest)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.index == bytes.count else {
      throw parser.failure("unexpected text after the value")
    }
    return value
  }

  private init(bytes: [UInt8], deepest: Int) {
    self.bytes = bytes
    self.deepest = deepest
  }

  // MARK: - Values

  private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw failure("the text ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try object(depth: depth + 1))
    case UInt8(ascii: "["): return .array(try array(depth: depth + 1))
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected character")
    }
  }

  private mutating func object(depth: Int) throws(JSONParseError) -> [String: JSONValue] {
    guard depth <= deepest else { throw failure("nested too deep") }
    index += 1
    var object: [String: JSONValue] = [:]
    skipSpace()
    if take(UInt8(ascii: "}")) { return object }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("a key in quotes expected")
      }
      let key = try string()
      skipSpace()
      guard take(UInt8(ascii: ":")) else { throw failure("\":\" expected after a key") }
      object[key] = try value(depth: depth)
      skipSpace()
      if take(UInt8(ascii: "}")) { return object }
      guard take(UInt8(ascii: ",")) else { throw failure("\",\" or \"}\" expected") }
    }
  }

  private mutating func array(depth: Int) throws(JSONParseError) -> [JSONValue] {
    guard depth <= deepest else { throw failure("nested too deep") }
    index += 1
    var array: [JSONValue] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return array }
    while true {
      array.append(try value(depth: depth))
      skipSpace()
      if take(UInt8(ascii: "]")) { return array }
      guard take(UInt8(ascii: ",")) else { throw failure("\",\" or \"]\" expected") }
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError)
    -> JSONValue
  {
    let word = Array(word.utf8)
    guard bytes[index...].starts(with: word) else { throw failure("unexpected character") }
    index += word.count
    return value
  }

  private mutating func number() throws(JSONParseError) -> JSONValue {
    let start = index
    _ = take(UInt8(ascii: "-"))
    guard digits() > 0 else { throw failure("a digit expected") }
    if bytes[start] == UInt8(ascii: "-")
      ? bytes[start + 1] == UInt8(ascii: "0") && index - start > 2
      : bytes[start] == UInt8(ascii: "0") && index - start > 1
    {
      throw failure("a number starts with 0")
    }
    var whole = true
    if take(UInt8(ascii: ".")) {
      whole = false
      guard digits() > 0 else { throw failure("a digit expected after \".\"") }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      whole = false
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard digits() > 0 else { throw failure("a digit expected in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if whole, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text), double.isFinite else { throw failure("a number out of range") }
    return .double(double)
  }

  /// Passes over decimal digits; how many.
  private mutating func digits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    return index - start
  }

  // MARK: - Strings

  private mutating func string() throws(JSONParseError) -> String {
    index += 1
    var text: [UInt8] = []
    var runStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        text += bytes[runStart..<index]
        index += 1
        return String(decoding: text, as: UTF8.self)
      }
      if byte < 0x20 { throw failure("a control character inside a string") }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      text += bytes[runStart..<index]
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "u"): text += Array(String(Character(try escapedScalar())).utf8)
      default: throw failure("an unknown escape")
      }
      runStart = index
    }
    throw failure("a string without its closing quote")
  }

  /// The scalar of a `\uXXXX` escape (a surrogate pair's two together); U+FFFD for a lone half.
  private mutating func escapedScalar() throws(JSONParseError) -> Unicode.Scalar {
    let high = try hex4()
    if (0xD800...0xDBFF).contains(high), bytes[index...].starts(with: Array("\\u".utf8)) {
      let saved = index
      index += 2
      let low = try hex4()
      if (0xDC00...0xDFFF).contains(low) {
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
      }
      index = saved
    }
    return Unicode.Scalar(high) ?? "\u{FFFD}"
  }

  private mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("four hex digits expected after \\u") }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
        throw failure("four hex digits expected after \\u")
      }
      value = value << 4 | UInt32(digit)
    }
    index += 4
    return value
  }

  // MARK: - Bytes

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// The error, with the line and column (in characters) where reading stopped.
  private func failure(_ what: String) -> JSONParseError {
    let before = bytes[..<Swift.min(index, bytes.count)]
    let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let column = String(decoding: bytes[lineStart..<before.endIndex], as: UTF8.self).count + 1
    return JSONParseError(message: "\(what) at line \(line), column \(column)")
  }
}

// MARK: - Numbers

extension JSONParser {
  /// A number as JSON wrote it ("12", "1.5"; 12.0 is "12"); nil for anything else, `true` too.
  public static func numberText(_ value: JSONValue?) -> String? {
    switch value {
    case .int(let integer)?: return String(integer)
    case .double(let double)?:
      return double == double.rounded() && abs(double) < 1e15
        ? String(Int(double)) : String(double)
    default: return nil
    }
  }

  /// A number's value; nil for anything else, `true` too.
  public static func number(_ value: JSONValue?) -> Double? { value?.number }
}
