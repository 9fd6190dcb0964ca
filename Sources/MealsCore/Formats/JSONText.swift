import Foundation

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
    var bytes: [UInt8] = []
    write(into: &bytes, pretty: false, depth: 0)
    return bytes.count <= 72
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
  public static func writeString(_ text: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        bytes.append(contentsOf: Array("\\u00".utf8))
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

// MARK: - Reading

/// Reading JSON into Foundation values with the limits untrusted files need.
public enum JSONReading {
  /// Files above this size are refused before they are read (a recipe file is kilobytes).
  public static let maximumBytes = 32 * 1024 * 1024

  /// The parsed value; not JSON (or nested past the parser's depth limit) is an error.
  public static func parse(_ data: Data, what: String) throws(FormatError) -> Any {
    do {
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw FormatError("\(what) is not valid JSON (\(Self.reason(error))).")
    }
  }

  private static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let debug = nsError.userInfo["NSDebugDescription"] as? String, !debug.isEmpty {
      return debug
    }
    return nsError.localizedDescription
  }
}
