/// The secret a phone shows to be let in: given by the pairing address, kept in a cookie.
///
/// 128 random bits as 32 lower-case hex digits (short enough for a small QR code).
public struct PairingToken: Sendable, Equatable {
  public let text: String

  /// A token read back from its file: 32 to 128 hex digits, else nil (a damaged file).
  public init?(text: String) {
    let trimmed = text.trimming { $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }
    guard (32...128).contains(trimmed.utf8.count),
      trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    self.text = trimmed
  }

  /// A new token from the system's secure random source.
  public static func generate() -> PairingToken {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef")
    var text = ""
    for _ in 0..<2 {
      var word = generator.next() as UInt64
      for _ in 0..<16 {
        text.append(digits[Int(word & 0xF)])
        word >>= 4
      }
    }
    // Always 32 valid hex digits, so the initialiser holds.
    return PairingToken(checked: text)
  }

  private init(checked text: String) { self.text = text }

  /// Whether `given` is this token, in time that does not depend on where they differ.
  public func matches(_ given: String?) -> Bool {
    guard let given else { return false }
    let mine = Array(text.utf8)
    let theirs = Array(given.utf8)
    var difference = UInt8(mine.count == theirs.count ? 0 : 1)
    for index in mine.indices {
      difference |= mine[index] ^ (index < theirs.count ? theirs[index] : 0)
    }
    return difference == 0
  }
}
