// Invariants the fuzz targets hold every output to (compiled into each target).
import MealsCore

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

  /// Folded text: no white space at either end and never two spaces in a row.
  static func folded(_ text: String) {
    precondition(text == HTMLDocument.fold(text), "folding twice changed the text")
    precondition(!text.hasPrefix(" ") && !text.hasSuffix(" "), "a space at an end")
    precondition(!text.contains("  "), "two spaces in a row")
  }

  /// What an import found, as it would be saved: its one-line fields one line, nothing that
  /// could steer the terminal, servings a meal can have. (A blank name is the rules' to refuse.)
  static func candidates(_ found: [MealsCore.ImportCandidate]) {
    for candidate in found {
      // (`place` quotes the file as it is: the report sanitises it where it shows it.)
      guard let meal = candidate.meal else { continue }
      clean(meal.name, singleLine: true)
      clean(meal.instructions, singleLine: false)
      for line in meal.ingredients {
        clean(line.name, singleLine: true)
        clean(line.quantity, singleLine: true)
      }
      for tag in meal.tags { clean(tag, singleLine: true) }
      if let servings = meal.servings {
        precondition((1...1_000).contains(servings), "servings of \(servings)")
      }
      if let minutes = meal.totalMinutes { precondition(minutes >= 0, "\(minutes) minutes") }
    }
  }
}
