import FoundationEssentials
import TextSafety

/// What a person typed into the meal filter, read as one of two kinds of search.
///
/// Words of letters and digits search by word: each word must begin a word of the name, an
/// ingredient or the instructions, whatever the case and accents ("cafe" finds "Café").
/// Anything with CJK, punctuation or symbols in it searches for that text itself in one of the
/// fields (ASCII letters in either case): `麻婆`, `'s`, `&`, `stir-fry`.
public enum FilterQuery: Equatable, Sendable {
  /// Nothing to filter by: every meal.
  case everything
  /// Each word (folded: lower case, no accents) begins a word of one of the fields.
  case words([String])
  /// The text (trimmed, NFC) appears in one of the fields, ASCII letters in either case.
  case substring(String)

  public init(_ input: String) {
    let line = TextSanitizer.singleLine(input)
    let text = MealRules.trimmed(TextFolding.composed(line))
    if text.isEmpty {
      self = .everything
    } else if text.unicodeScalars.contains(where: Self.isSpecial) {
      self = .substring(text)
    } else {
      self = .words(
        text.split(whereSeparator: \.isWhitespace).map { TextFolding.key(String($0)) }
          .filter { !$0.isEmpty })
    }
  }

  // MARK: - Characters

  /// A character a word search cannot answer.
  ///
  /// CJK and other scripts written without spaces, punctuation, symbols and emoji are; spaces,
  /// and letters and digits of spaced scripts, are not.
  public static func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.isWhitespace { return false }
    if TextFolding.isUnspacedScript(scalar) { return true }
    return !isWordCharacter(scalar)
  }

  /// Letters, digits and the marks on them: what the word index keeps as words.
  static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark,
      .privateUse:
      true
    default:
      false
    }
  }

  /// ASCII capitals made small; every other scalar kept (SQLite's LIKE does the same).
  public static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard scalar.value >= 0x41 && scalar.value <= 0x5A,
      let lower = Unicode.Scalar(scalar.value + 32)
    else { return scalar }
    return lower
  }
}
