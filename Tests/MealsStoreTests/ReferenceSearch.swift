import Foundation
import MealsCore

/// The filter's rule computed the slow, plain way, meal by meal, from `FilterQuery`: what
/// every index and plan of the store must agree with.
enum ReferenceSearch {
  static func matches(_ query: FilterQuery, _ meal: Meal) -> Bool {
    let fields = [
      meal.name, meal.ingredients.map(\.name).joined(separator: "\n"), meal.instructions,
    ]
    switch query {
    case .everything:
      return true
    case .words(let words):
      // A word of a field: a run of letters and digits (marks and punctuation split words),
      // lower case without accents.
      let tokens = fields.flatMap(wordTokens)
      return words.allSatisfy { word in tokens.contains { $0.hasPrefix(word) } }
    case .substring(let text):
      // The text itself, scalar by scalar, ASCII letters in either case.
      let needle = text.unicodeScalars.map(FilterQuery.asciiLowercased)
      return fields.contains { field in
        contains(field.unicodeScalars.map(FilterQuery.asciiLowercased), needle)
      }
    }
  }

  static func wordTokens(_ field: String) -> [String] {
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    for scalar in field.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber, .privateUse:
        current.append(scalar)
      default:
        if !current.isEmpty { tokens.append(TextFolding.key(String(current))) }
        current = String.UnicodeScalarView()
      }
    }
    if !current.isEmpty { tokens.append(TextFolding.key(String(current))) }
    return tokens
  }

  static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }
}
