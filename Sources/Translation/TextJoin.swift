// MARK: - Joining texts without the standard library's generic

extension Array where Element == String {
  /// The texts with `separator` between them, as `joined(separator:)` gives.
  ///
  /// The standard library's `joined(separator:)` runs unspecialized, and its first use in a
  /// process looks up a conformance by scanning every one in the binary (0.1–0.2 ms): the
  /// first frame's texts are joined by this one instead.
  public func joinedText(separator: String) -> String {
    var text = ""
    for (index, part) in enumerated() {
      if index > 0 { text.append(separator) }
      text.append(part)
    }
    return text
  }
}
