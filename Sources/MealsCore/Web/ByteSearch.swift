/// Finding a piece of text byte for byte (UTF-8), without Foundation's locale-aware search,
/// which costs a bridge to NSString per call: the page reader asks thousands of times a page.
extension StringProtocol {
  /// Whether `piece` occurs in it, exactly.
  func holds(_ piece: String) -> Bool {
    var piece = piece
    return piece.withUTF8 { needle in
      guard !needle.isEmpty else { return true }
      if let found = utf8.withContiguousStorageIfAvailable({ Self.find(needle, in: $0) }) {
        return found
      }
      return Array(utf8).withUnsafeBufferPointer { Self.find(needle, in: $0) }
    }
  }

  private static func find(
    _ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    guard needle.count <= bytes.count, let first = needle.first else { return false }
    var index = 0
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first {
        var matched = 1
        while matched < needle.count && bytes[index + matched] == needle[matched] { matched += 1 }
        if matched == needle.count { return true }
      }
      index += 1
    }
    return false
  }
}
