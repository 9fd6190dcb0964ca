/// The order meals' names are listed in, by the rules of the user's locale (`LC_COLLATE`):
/// letters with accents beside their base letter (`Éclair` under E, `Äpfel` under A) where
/// the language treats them so, and after it where the language gives them a place of their
/// own (`Ärtsoppa` after `Zucchini` in Swedish, `ñ` after `n` in Spanish).
///
/// A name's key is text compared byte by byte (SQLite's BINARY): case folded, accents
/// dropped, a language's own letters written as their base letter followed by U+007F and
/// their rank, which sorts after every letter that can follow the base. Names of ASCII letters
/// alone get the order SQLite's NOCASE gave them.
public enum NameCollation: String, Sendable, CaseIterable {
  /// English, German (DIN 5007-1: `ä` as `a`), French, Italian, Dutch, Portuguese, and every
  /// language without rules below; its filter also reads German's `ae` as `ä` (see
  /// `otherSpellings`).
  case standard
  /// Swedish and Finnish: `å`, `ä`, `ö` after `z` (`æ` with `ä`, `ø` with `ö`, `ü` as `y`).
  case swedish = "sv"
  /// Danish and Norwegian: `æ`, `ø`, `å` after `z` (`ä` with `æ`, `ö` with `ø`).
  case danish = "da"
  /// Spanish: `ñ` after `n`.
  case spanish = "es"
  /// Polish: `ą ć ę ł ń ó ś ź ż` each after its base letter.
  case polish = "pl"
  /// Japanese: katakana beside hiragana (`カレー` with `かれい`), in the kana's order.
  case japanese = "ja"

  // MARK: - The locale

  /// The rules of a locale name (`sv_SE.UTF-8`, `es`, `C`).
  public init(locale: String) {
    let language = locale.prefix { $0.isLetter && $0.isASCII }.lowercased()
    switch language {
    case "sv", "fi": self = .swedish
    case "da", "nb", "nn", "no": self = .danish
    case "es": self = .spanish
    case "pl": self = .polish
    case "ja": self = .japanese
    default: self = .standard
    }
  }

  /// The rules of the environment's collating locale: `LC_ALL`, `LC_COLLATE` or `LANG`, the
  /// first one set (as POSIX reads them; `LANGUAGE` names messages only).
  public init(environment: [String: String]) {
    let locale = ["LC_ALL", "LC_COLLATE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    self.init(locale: locale ?? "")
  }

  // MARK: - Keys

  /// The key `name` sorts by.
  public func key(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(name.utf8.count)
      for byte in name.utf8 where byte >= 0x20 && byte != 0x7F {
        bytes.append((byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    var key: [Unicode.Scalar] = []
    // The scalars of the base letter just written, so a mark after it can make it a letter of
    // its own (`a` + ring is `å`).
    var base: Unicode.Scalar?
    var baseStart = 0
    for scalar in name.unicodeScalars {
      for lower in scalar.properties.lowercaseMapping.unicodeScalars {
        for part in TextFolding.decomposition(of: lower) {
          if part.properties.generalCategory == .nonspacingMark {
            if let letter = base, let own = ownLetter(letter, mark: part) {
              key.replaceSubrange(baseStart..., with: own.unicodeScalars)
              base = nil
            }
            continue
          }
          guard part.value >= 0x20, part.value != 0x7F else { continue }
          base = part
          baseStart = key.count
          key.append(contentsOf: weight(of: part).unicodeScalars)
        }
      }
    }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: key)
    return String(text)
  }

  /// A letter that has no decomposition as this language writes it.
  private func weight(of scalar: Unicode.Scalar) -> String {
    switch (self, scalar) {
    case (.swedish, "æ"): return Self.after("z", 2)
    case (.swedish, "ø"): return Self.after("z", 3)
    case (.danish, "æ"): return Self.after("z", 1)
    case (.danish, "ø"): return Self.after("z", 2)
    case (.polish, "ł"): return Self.after("l", 1)
    case (.japanese, _) where (0x30A1...0x30F6).contains(scalar.value):
      return Unicode.Scalar(scalar.value - 0x60).map { String(Character($0)) } ?? ""
    case (_, "æ"): return "ae"
    case (_, "œ"): return "oe"
    case (_, "ø"): return "o"
    case (_, "ł"): return "l"
    case (_, "đ"), (_, "ð"): return "d"
    case (_, "þ"): return "th"
    case (_, "ß"): return "ss"
    case (_, "ı"): return "i"
    default: return String(Character(scalar))
    }
  }

  /// The key of `letter` followed by combining `mark` where the language makes the two a
  /// letter of its own; nil where the mark is only an accent.
  private func ownLetter(_ letter: Unicode.Scalar, mark: Unicode.Scalar) -> String? {
    let ring: Unicode.Scalar = "\u{30A}"
    let diaeresis: Unicode.Scalar = "\u{308}"
    let acute: Unicode.Scalar = "\u{301}"
    let ogonek: Unicode.Scalar = "\u{328}"
    switch (self, letter, mark) {
    case (.swedish, "a", ring): return Self.after("z", 1)
    case (.swedish, "a", diaeresis): return Self.after("z", 2)
    case (.swedish, "o", diaeresis): return Self.after("z", 3)
    case (.swedish, "u", diaeresis): return "y"
    case (.danish, "a", diaeresis): return Self.after("z", 1)
    case (.danish, "o", diaeresis): return Self.after("z", 2)
    case (.danish, "a", ring): return Self.after("z", 3)
    case (.spanish, "n", "\u{303}"): return Self.after("n", 1)
    case (.polish, "a", ogonek), (.polish, "e", ogonek), (.polish, "c", acute),
      (.polish, "n", acute), (.polish, "o", acute), (.polish, "s", acute):
      return Self.after(letter, 1)
    case (.polish, "z", acute): return Self.after("z", 1)
    case (.polish, "z", "\u{307}"): return Self.after("z", 2)
    default: return nil
    }
  }

  /// The key of the language's `rank`th own letter after `letter`.
  private static func after(_ letter: Unicode.Scalar, _ rank: UInt8) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(letter)
    scalars.append("\u{7F}")
    scalars.append(Unicode.Scalar(rank))
    return String(scalars)
  }
}
