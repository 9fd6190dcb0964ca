import FoundationEssentials
import Translation

/// A JSON value written in the order it was built (JSONSerialization sorts nothing and keeps
/// no order on Linux), with the escaping RFC 8259 asks for.
public indirect enum JSONText: Sendable {
  case string(String)
  case integer(Int64)
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONText])
  /// Keys in the order given, nulls included.
  case object([(String, JSONText)])

  /// An object without the keys whose value is null (a format's optional fields).
  public static func compactObject(_ pairs: [(String, JSONText)]) -> JSONText {
    .object(
      pairs.filter {
        if case .null = $0.1 { return false }
        return true
      })
  }

  /// A string, or null for nil.
  public static func optional(_ text: String?) -> JSONText {
    text.map(JSONText.string) ?? .null
  }

  /// The JSON text: one line, or indented by two spaces when `pretty`.
  public func serialized(pretty: Bool = true) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    write(into: &bytes, pretty: pretty, depth: 0)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the JSON text to `bytes`.
  public func write(into bytes: inout [UInt8], pretty: Bool, depth: Int) {
    switch self {
    case .string(let text): Self.writeString(text, into: &bytes)
    case .integer(let value): bytes.append(contentsOf: String(value).utf8)
    case .number(let value):
      if value.isFinite {
        if value == value.rounded(), abs(value) < 1e15 {
          bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
          bytes.append(contentsOf: "\(value)".utf8)
        }
      } else {
        bytes.append(contentsOf: "null".utf8)
      }
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .null: bytes.append(contentsOf: "null".utf8)
    case .array(let items):
      writeContainer(
        items.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &bytes,
        pretty: pretty, depth: depth
      ) { index, bytes in
        items[index].write(into: &bytes, pretty: pretty, depth: depth + 1)
      }
    case .object(let kept):
      writeContainer(
        kept.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &bytes,
        pretty: pretty, depth: depth
      ) { index, bytes in
        Self.writeString(kept[index].0, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        kept[index].1.write(into: &bytes, pretty: pretty, depth: depth + 1)
      }
    }
  }

  /// True for a string, number, bool or null.
  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  /// A short array or object of scalars (`["Sweet", "Breakfast"]`, one ingredient) is kept on
  /// one line when pretty: the file stays readable and grep-able.
  private var fitsOnOneLine: Bool {
    let scalars: Bool
    switch self {
    case .array(let items): scalars = items.allSatisfy(\.isScalar)
    case .object(let pairs): scalars = pairs.allSatisfy(\.1.isScalar)
    default: return false
    }
    guard scalars else { return false }
    return compactLength <= 72
  }

  /// About the length written compactly (escapes aside), without writing it.
  private var compactLength: Int {
    switch self {
    case .string(let text): text.utf8.count + 2
    case .integer, .number: 12
    case .bool: 5
    case .null: 4
    case .array(let items): items.reduce(1) { $0 + $1.compactLength + 1 }
    case .object(let pairs): pairs.reduce(1) { $0 + $1.0.utf8.count + 3 + $1.1.compactLength + 1 }
    }
  }

  private func writeContainer(
    _ count: Int, open: UInt8, close: UInt8, into bytes: inout [UInt8], pretty: Bool, depth: Int,
    item: (Int, inout [UInt8]) -> Void
  ) {
    bytes.append(open)
    guard count > 0 else {
      bytes.append(close)
      return
    }
    if pretty && fitsOnOneLine {
      for index in 0..<count {
        if index > 0 { bytes.append(contentsOf: [0x2C, 0x20]) }
        item(index, &bytes)
      }
      bytes.append(close)
      return
    }
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      if pretty { Self.newline(into: &bytes, depth: depth + 1) }
      item(index, &bytes)
    }
    if pretty { Self.newline(into: &bytes, depth: depth) }
    bytes.append(close)
  }

  private static func newline(into bytes: inout [UInt8], depth: Int) {
    bytes.append(UInt8(ascii: "\n"))
    for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// A quoted string: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`.
  ///
  /// Runs without anything to escape are copied whole (most text has none).
  public static func writeString(_ text: String, into bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { writeString(utf8: $0, into: &bytes) }
  }

  /// The same, from UTF-8 bytes (a database column read without making a String).
  public static func writeString(utf8 buffer: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8])
  {
    bytes.append(UInt8(ascii: "\""))
    var start = 0
    for index in 0..<buffer.count {
      let byte = buffer[index]
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
      start = index + 1
      bytes.append(0x5C)
      switch byte {
      case 0x22, 0x5C: bytes.append(byte)
      case 0x0A: bytes.append(UInt8(ascii: "n"))
      case 0x0D: bytes.append(UInt8(ascii: "r"))
      case 0x09: bytes.append(UInt8(ascii: "t"))
      default:
        bytes.append(UInt8(ascii: "u"))
        bytes.append(0x30)
        bytes.append(0x30)
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      }
    }
    if start == 0 {
      bytes.append(contentsOf: buffer)
    } else {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<buffer.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// One JSON object written straight into bytes, for long lists where building a `JSONText`
/// per row would cost more than the writing (`meals list --json` at 100 000 meals).
public struct JSONObjectWriter {
  public var bytes: [UInt8] = []
  private var fields = 0

  public init() {
    bytes.reserveCapacity(1 << 17)
  }

  public mutating func begin() {
    bytes.append(UInt8(ascii: "{"))
    fields = 0
  }

  public mutating func end() {
    bytes.append(UInt8(ascii: "}"))
  }

  // Single-byte appends and no array literals: this runs a million times for 100 000 rows.
  private mutating func key(_ name: StaticString) {
    if fields > 0 { bytes.append(UInt8(ascii: ",")) }
    fields += 1
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  private mutating func null() {
    bytes.append(0x6E)
    bytes.append(0x75)
    bytes.append(0x6C)
    bytes.append(0x6C)
  }

  private mutating func integer(_ value: Int64) {
    NumberText.appendDecimal(value, to: &bytes)
  }

  public mutating func field(_ name: StaticString, _ value: String?) {
    key(name)
    if let value { JSONText.writeString(value, into: &bytes) } else { null() }
  }

  public mutating func field(_ name: StaticString, _ value: Int64?) {
    key(name)
    if let value { integer(value) } else { null() }
  }

  public mutating func field(_ name: StaticString, _ value: Bool) {
    key(name)
    let word: StaticString = value ? "true" : "false"
    word.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  public mutating func field(_ name: StaticString, utf8 value: UnsafeBufferPointer<UInt8>?) {
    key(name)
    if let value { JSONText.writeString(utf8: value, into: &bytes) } else { null() }
  }

  /// `"a,b"` as `["a", "b"]` (how tags are kept); empty parts are left out.
  public mutating func field(
    _ name: StaticString, commaSeparated value: UnsafeBufferPointer<UInt8>?
  ) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    var written = 0
    if let value {
      for part in value.split(separator: UInt8(ascii: ",")) where !part.isEmpty {
        if written > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONText.writeString(utf8: UnsafeBufferPointer(rebasing: part), into: &bytes)
        written += 1
      }
    }
    bytes.append(UInt8(ascii: "]"))
  }

  public mutating func field(_ name: StaticString, strings: [String]) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    for (index, text) in strings.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      JSONText.writeString(text, into: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }
}

// MARK: - Reading

/// Reading JSON into typed values with the limits untrusted files need.
public enum JSONReading {
  /// Files above this size are refused before they are read (a recipe file is kilobytes).
  public static let maximumBytes = 32 * 1024 * 1024

  /// The parsed value; not JSON (or nested past the parser's depth limit) is an error.
  public static func parse(_ data: Data, what: String) throws(FormatError) -> JSONValue {
    do {
      return try JSONParser.parse(Array(data))
    } catch {
      throw FormatError(tr("%1$s is not valid JSON (%2$s).").filled(what, error.message))
    }
  }
}
