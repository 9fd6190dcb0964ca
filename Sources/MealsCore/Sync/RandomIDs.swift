#if canImport(Glibc)
  import Glibc
#endif

/// Many `meals-id`s at once, for an upgrade that gives every meal of a big book its own.
///
/// `UUID()` costs a system call each (6–9 µs; 0.7 s for 100 000 meals): these take their
/// random bits from one read of the kernel's generator.
public enum RandomIDs {
  /// `count` random version-4 UUIDs, lower-case, as `SyncPaths.newID` makes them.
  public static func make(_ count: Int) -> [String] {
    guard count > 0 else { return [] }
    var bits = randomBytes(16 * count)
    var ids: [String] = []
    ids.reserveCapacity(count)
    for start in stride(from: 0, to: bits.count, by: 16) {
      bits[start + 6] = bits[start + 6] & 0x0F | 0x40  // version 4
      bits[start + 8] = bits[start + 8] & 0x3F | 0x80  // RFC 4122's variant
      ids.append(text(of: bits[start..<start + 16]))
    }
    return ids
  }

  // MARK: - Parts

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// 16 bytes as `8-4-4-4-12` lower-case hex digits.
  static func text(of bytes: ArraySlice<UInt8>) -> String {
    String(unsafeUninitializedCapacity: 36) { out in
      var at = 0
      for (offset, byte) in bytes.enumerated() {
        if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
          out[at] = UInt8(ascii: "-")
          at += 1
        }
        out[at] = hexDigits[Int(byte >> 4)]
        out[at + 1] = hexDigits[Int(byte & 0x0F)]
        at += 2
      }
      return at
    }
  }

  /// `count` bytes from `/dev/urandom` in one read (the system's generator a word at a time
  /// when it cannot be read).
  static func randomBytes(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    let file = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    if file >= 0 {
      defer { close(file) }
      while filled < count {
        let got = bytes.withUnsafeMutableBytes { buffer in
          read(file, buffer.baseAddress.map { $0 + filled }, count - filled)
        }
        if got > 0 { filled += got } else if got < 0 && errno == EINTR { continue } else { break }
      }
    }
    var generator = SystemRandomNumberGenerator()
    while filled < count {
      bytes[filled] = UInt8.random(in: .min ... .max, using: &generator)
      filled += 1
    }
    return bytes
  }
}
