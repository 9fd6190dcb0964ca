/// A text column's distinct values numbered by their bytes, each made a `String` once: a book
/// names the same ingredients in line after line (some 1 500 names in 900 000 lines at
/// 100 000 meals), and reading a number costs a hash of a few bytes, not a string.
struct ColumnTexts {
  /// The texts by number, in the order first met.
  private(set) var texts: [String] = []
  /// Every text's bytes, one after another (one array: no reference counted per look-up);
  /// text `n` is `bytes[ends[n - 1]..<ends[n]]`.
  private var bytes: [UInt8] = []
  private var ends: [Int] = []
  /// Open addressing: a number, or -1 for an empty slot.
  private var slots = [Int32](repeating: -1, count: 1024)

  /// The number of the text `utf8` holds (NULL reads as the empty text), given it when new.
  mutating func number(_ utf8: UnsafeBufferPointer<UInt8>?) -> Int32 {
    let text = utf8 ?? UnsafeBufferPointer(start: nil, count: 0)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: Self.hash(text)) & mask
    while true {
      let number = slots[slot]
      if number < 0 { break }
      if same(Int(number), text) { return number }
      slot = (slot + 1) & mask
    }
    let number = Int32(texts.count)
    bytes.append(contentsOf: text)
    ends.append(bytes.count)
    texts.append(String(decoding: text, as: UTF8.self))
    slots[slot] = number
    if texts.count * 2 > slots.count { grow() }
    return number
  }

  /// Twice the slots, every text placed again.
  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for number in ends.indices {
      var slot =
        bytes.withUnsafeBufferPointer {
          Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(rebasing: $0[range(of: number)])))
        } & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(number)
    }
  }

  private func range(of number: Int) -> Range<Int> {
    (number == 0 ? 0 : ends[number - 1])..<ends[number]
  }

  /// Whether text `number` is the bytes of `text`, compared a byte at a time over raw memory.
  private func same(_ number: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let known = range(of: number)
    guard known.count == text.count else { return false }
    return bytes.withUnsafeBufferPointer { all in
      for index in 0..<text.count where all[known.lowerBound + index] != text[index] {
        return false
      }
      return true
    }
  }

  /// FNV-1a over the bytes: quick for short texts, and only this process sees it.
  private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
