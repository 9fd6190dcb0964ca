/// Finding, replacing and trimming text byte for byte (UTF-8). The app links Foundation's
/// essentials only (all of Foundation brings ICU and CoreFoundation, ~1.2 ms at every start),
/// and a byte search needs no locale: the page reader asks thousands of times a page.
extension StringProtocol {
  /// Whether `piece` occurs in it, exactly.
  func holds(_ piece: String) -> Bool {
    firstRange(ofText: piece) != nil
  }

  /// Where `piece` first occurs, or nil; `ignoringCase` folds ASCII letters (the pieces
  /// searched for are markup and English words).
  public func firstRange(ofText piece: String, ignoringCase: Bool = false) -> Range<Index>? {
    byteRange(of: piece) { bytes, needle in
      Self.offsets(of: needle, in: bytes, ignoringCase: ignoringCase).first(where: { _ in true })
    }
  }

  /// Where `piece` last occurs, or nil.
  public func lastRange(ofText piece: String) -> Range<Index>? {
    byteRange(of: piece) { bytes, needle in
      guard needle.count <= bytes.count else { return nil }
      var start = bytes.count - needle.count
      while start >= 0 {
        if Self.matches(needle, in: bytes, at: start, ignoringCase: false) { return start }
        start -= 1
      }
      return nil
    }
  }

  /// Every occurrence of `piece` replaced by `replacement` (a scalar cut in two never matches:
  /// UTF-8 keeps the bytes of one scalar apart from any other's).
  public func replacingEvery(_ piece: String, with replacement: String) -> String {
    var piece = piece
    let replaced = piece.withUTF8 { needle -> [UInt8]? in
      guard !needle.isEmpty else { return nil }
      // One pass; nil when the piece is not there (the text is then kept as it is).
      func replace(_ haystack: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var result: [UInt8] = []
        var copied = 0
        for start in Self.offsets(of: needle, in: haystack, ignoringCase: false)
        where start >= copied {
          if copied == 0 { result.reserveCapacity(haystack.count) }
          result += haystack[copied..<start]
          result += replacement.utf8
          copied = start + needle.count
        }
        guard copied > 0 else { return nil }
        return result + haystack[copied...]
      }
      return utf8.withContiguousStorageIfAvailable(replace)
        ?? Array(utf8).withUnsafeBufferPointer(replace)
    }
    return replaced.map { String(decoding: $0, as: UTF8.self) } ?? String(self)
  }

  /// Without spaces and tabs at either end (Unicode's space separators; line breaks stay).
  public func trimmingSpaces() -> String {
    trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
  }

  /// Without the scalars `isTrimmed` picks at either end.
  public func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, isTrimmed(first) { scalars.removeFirst() }
    while let last = scalars.last, isTrimmed(last) { scalars.removeLast() }
    return String(scalars)
  }

  // MARK: - Bytes

  /// The range of the byte offset `find` returns for `piece`, as indices of this text.
  private func byteRange(
    of piece: String, _ find: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Int?
  ) -> Range<Index>? {
    var piece = piece
    return piece.withUTF8 { needle -> Range<Index>? in
      guard !needle.isEmpty else { return nil }
      let found =
        utf8.withContiguousStorageIfAvailable { find($0, needle) }
        ?? Array(utf8).withUnsafeBufferPointer { find($0, needle) }
      guard let found else { return nil }
      let lower = utf8.index(utf8.startIndex, offsetBy: found)
      return lower..<utf8.index(lower, offsetBy: needle.count)
    }
  }

  /// The offsets where `needle` starts in `bytes`, first to last, lazily.
  private static func offsets(
    of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
    ignoringCase: Bool
  ) -> LazyFilterSequence<ClosedRange<Int>> {
    let last = bytes.count - needle.count
    return (0...Swift.max(last, 0)).lazy.filter {
      last >= 0 && matches(needle, in: bytes, at: $0, ignoringCase: ignoringCase)
    }
  }

  private static func matches(
    _ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
    ignoringCase: Bool
  ) -> Bool {
    for offset in 0..<needle.count {
      let byte = bytes[start + offset]
      let wanted = needle[offset]
      if byte == wanted { continue }
      guard ignoringCase, byte | 0x20 == wanted | 0x20, (0x61...0x7A).contains(byte | 0x20) else {
        return false
      }
    }
    return true
  }
}
