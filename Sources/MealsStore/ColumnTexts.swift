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

  /// Each of these texts' numbers among `other`'s (given one there when new), by their bytes.
  func numbers(into other: inout ColumnTexts) -> [Int32] {
    bytes.withUnsafeBufferPointer { all in
      ends.indices.map { other.number(UnsafeBufferPointer(rebasing: all[range(of: $0)])) }
    }
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

  /// Whether text `number` is the bytes of `text`, compared eight bytes at a time.
  private func same(_ number: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let known = range(of: number)
    guard known.count == text.count else { return false }
    guard let other = text.baseAddress else { return true }
    return bytes.withUnsafeBufferPointer { all in
      guard let base = all.baseAddress else { return false }
      let (left, right) = (UnsafeRawPointer(base + known.lowerBound), UnsafeRawPointer(other))
      var offset = 0
      while offset + 8 <= text.count {
        if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset += 8
      }
      while offset < text.count {
        if left.load(fromByteOffset: offset, as: UInt8.self)
          != right.load(fromByteOffset: offset, as: UInt8.self)
        {
          return false
        }
        offset += 1
      }
      return true
    }
  }

  /// Eight bytes at a time, each word mixed in by a multiply (as wyhash and Murmur do): a
  /// name of 16 bytes costs three multiplies, not sixteen; only this process sees it.
  private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let multiplier: UInt64 = 0xff51_afd7_ed55_8ccd
    var hash = 0x9e37_79b9_7f4a_7c15 ^ UInt64(text.count)
    var offset = 0
    // No address: the empty text (NULL), hashed as any empty text is.
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= text.count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
        hash ^= hash >> 32
        offset += 8
      }
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < text.count {
      tail |= UInt64(text[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* multiplier
    return hash ^ (hash >> 29)
  }
}
