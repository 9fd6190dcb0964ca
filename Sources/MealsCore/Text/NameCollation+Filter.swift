/// The filter's words by the same language's rules: in Swedish and Danish `ä`, `ö`, `å` are
/// letters of their own, so `ost` (cheese) does not find `öst` (east) nor `ö` find `o`; under the
/// standard rules (German's) `ae`, `oe`, `ue` and `ss` are how `ä`, `ö`, `ü` and `ß` are typed
/// without them.
extension NameCollation {
  // MARK: - Own letters

  /// Whether the filter tells this language's own letters from their base letter.
  public var keepsOwnLetters: Bool { self == .swedish || self == .danish }

  /// Whether a folded query word could find a word it should not: it holds a letter that is
  /// the base of one of the language's own letters, or one of them.
  public func needsOwnLetters(_ word: String) -> Bool {
    keepsOwnLetters
      && word.unicodeScalars.contains { "aoåäöæø".unicodeScalars.contains($0) }
  }

  /// `word` as the filter compares it: lower case, accents dropped, the language's own letters
  /// kept (composed: `ä`, whether typed as one character or as `a` and its mark).
  public func filterKey(_ word: String) -> String {
    var scalars: [Unicode.Scalar] = []
    for scalar in word.unicodeScalars {
      for lower in scalar.properties.lowercaseMapping.unicodeScalars {
        for part in TextFolding.decomposition(of: lower) {
          guard part.properties.generalCategory == .nonspacingMark else {
            scalars.append(ownLetter(part) ?? part)
            continue
          }
          if let base = scalars.last, let own = ownLetter(base, mark: part) {
            scalars[scalars.count - 1] = own
          }
        }
      }
    }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars)
    return String(text)
  }

  /// A letter written without a mark that the language counts as one of its own.
  private func ownLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch (self, scalar) {
    case (.swedish, "æ"): "ä"
    case (.swedish, "ø"): "ö"
    case (.danish, "æ"), (.danish, "ø"): scalar
    default: nil
    }
  }

  /// The letter `base` and `mark` make, where the language counts it as one of its own.
  private func ownLetter(_ base: Unicode.Scalar, mark: Unicode.Scalar) -> Unicode.Scalar? {
    switch (self, base, mark) {
    case (.swedish, "a", "\u{30A}"), (.danish, "a", "\u{30A}"): "å"
    case (.swedish, "a", "\u{308}"): "ä"
    case (.swedish, "o", "\u{308}"): "ö"
    case (.danish, "a", "\u{308}"): "æ"
    case (.danish, "o", "\u{308}"): "ø"
    default: nil
    }
  }

  /// Whether each of `words` (filter keys) begins a word of one of `fields`, words split as
  /// the word index splits them (at anything but letters, digits and marks).
  public func wordsBegin(_ words: [String], in fields: [String]) -> Bool {
    var found = [Bool](repeating: false, count: words.count)
    for field in fields {
      for word in field.split(whereSeparator: { character in
        !character.unicodeScalars.contains(where: FilterQuery.isWordCharacter)
      }) {
        let key = filterKey(String(word))
        for (index, wanted) in words.enumerated() where !found[index] && key.hasPrefix(wanted) {
          found[index] = true
        }
      }
      if !found.contains(false) { return true }
    }
    return !found.contains(false)
  }

  // MARK: - Spellings without the letters

  /// Other spellings of a folded query word, typed for want of a key.
  ///
  /// German's `kaese` for `käse` (folded `kase`), `strasse` for `straße` and back; empty under
  /// other rules. A digraph ending the word is left alone (`blue` is not `blu`).
  public func otherSpellings(_ word: String) -> [String] {
    // German is ordered by the standard rules, and a book's rules are the book's, not the
    // process's: the spellings hold for every standard book (a superset elsewhere, seldom
    // more than a word the digraph hides).
    guard self == .standard else { return [] }
    var spellings: [String] = []
    // A digraph at the word's end may be the word itself (`blue`) or one not typed in full.
    var plain: [Character] = []
    let characters = Array(word)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if index + 2 < characters.count, characters[index + 1] == "e", "aou".contains(character) {
        plain.append(character)
        index += 2
      } else {
        plain.append(character)
        index += 1
      }
    }
    if plain.count != characters.count { spellings.append(String(plain)) }
    if word.contains("ss") { spellings.append(word.replacingEvery("ss", with: "ß")) }
    if word.contains("ß") { spellings.append(word.replacingEvery("ß", with: "ss")) }
    return spellings
  }
}
