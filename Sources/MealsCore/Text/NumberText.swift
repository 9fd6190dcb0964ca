#if canImport(Glibc)
  import Glibc
#endif

/// Numbers as C's `printf` writes them (Foundation's `String(format:)` did this; the app links
/// Foundation's essentials only).
public enum NumberText {
  /// `value` with `places` decimals, rounded as `printf("%.2f")` rounds: `fixed(2.5, places: 1)`
  /// is "2.5".
  public static func fixed(_ value: Double, places: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 32)
    while true {
      let size = buffer.count
      let written = withVaList([value]) { vsnprintf(&buffer, size, "%.\(places)f", $0) }
      guard written >= size else { break }
      buffer = [CChar](repeating: 0, count: Int(written) + 1)
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A byte as two upper-case hex digits ("0A").
  public static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
  }

  /// Appends `value`'s decimal digits to `bytes`, without making a string (a listing of
  /// 100 000 rows writes as many).
  public static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let first = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[first...].reverse()
  }
}
