// Invariants the fuzz targets hold every output to (compiled into each target).

enum FuzzCheck {
  /// Text kept or shown must hold no control character (newline and tab aside, and those only
  /// when `singleLine` is false), no escape, no bidi override.
  static func clean(_ text: String, singleLine: Bool) {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x0A || value == 0x09 {
        precondition(!singleLine, "a line break in one-line text")
        continue
      }
      precondition(value >= 0x20 && !(0x7F...0x9F).contains(value), "a control character")
      precondition(
        !(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value),
        "a bidi override")
    }
  }
}
