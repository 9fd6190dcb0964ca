/// A file's content as a short fingerprint (64-bit FNV-1a, hex).
///
/// What the sync record keeps to tell a changed file from a touched one; not for security,
/// only for "did it change".
public enum ContentHash {
  public static func of(_ bytes: some Sequence<UInt8>) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  public static func of(_ text: String) -> String { of(text.utf8) }
}
