/// Text that was UTF-8 but was read as Latin-1 or Windows-1252 somewhere on its way to the
/// page (`1Â¼ cups`, `crÃ¨me`): mended back when, and only when, it reads as UTF-8 again.
enum Mojibake {
  static func mended(_ text: String) -> String {
    // Every such text holds Â or Ã (the lead bytes C2, C3) or â (E2: quotes, dashes).
    guard text.unicodeScalars.contains(where: { $0 == "Â" || $0 == "Ã" || $0 == "â" }) else {
      return text
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.value < 0x100 {
        bytes.append(UInt8(scalar.value))
      } else if let index = Windows1252.scalars.firstIndex(of: scalar) {
        bytes.append(UInt8(0x80 + index))
      } else {
        return text  // a character Latin-1 cannot hold: not mojibake
      }
    }
    guard let mended = String(validating: bytes, as: UTF8.self), mended.count < text.count else {
      return text
    }
    return mended
  }
}
