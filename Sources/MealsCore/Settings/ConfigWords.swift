/// The words of one config line, read by Unicode scalars (no accent joins a quote).
///
/// Blanks separate words; `"…"` (with `\"`, `\\`, `\n`, `\r`, `\t`) or `'…'` (as written)
/// hold a word with blanks; `#` outside a word starts a comment.
public enum ConfigWords {
  public struct Word: Equatable, Sendable {
    public var text: String
    /// A quoted word is never a command or an `=`.
    public var quoted: Bool
  }

  public static func split(_ line: some Sequence<Unicode.Scalar>) -> Result<[Word], ConfigProblem> {
    var words: [Word] = []
    var current = String.UnicodeScalarView()
    var inWord = false
    var quoted = false
    var iterator = line.makeIterator()
    func finish() {
      if inWord { words.append(Word(text: String(current), quoted: quoted)) }
      current = String.UnicodeScalarView()
      inWord = false
      quoted = false
    }
    while let scalar = iterator.next() {
      switch scalar {
      case " ", "\t", "\r":
        finish()
      case "#" where !inWord:
        finish()
        return .success(words)
      case "\"", "'":
        inWord = true
        quoted = true
        var closed = false
        while let next = iterator.next() {
          if next == scalar {
            closed = true
            break
          }
          if next == "\\" && scalar == "\"" {
            guard let escaped = iterator.next() else { break }
            switch escaped {
            case "n": current.append("\n")
            case "r": current.append("\r")
            case "t": current.append("\t")
            default: current.append(escaped)
            }
          } else {
            current.append(next)
          }
        }
        guard closed else {
          return .failure(ConfigProblem(line: 0, message: "a quote (\(scalar)) is not closed."))
        }
      default:
        inWord = true
        current.append(scalar)
      }
    }
    finish()
    return .success(words)
  }

  /// `word` as a config file can read it back: bare when it can be, else in double quotes.
  public static func written(_ word: String) -> String {
    let special: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n", "\"", "'", "\\"]
    let scalars = word.unicodeScalars
    if let first = scalars.first, first != "#", !scalars.contains(where: special.contains) {
      return word
    }
    var text = String.UnicodeScalarView()
    text.append("\"")
    for scalar in scalars {
      switch scalar {
      case "\"": text.append(contentsOf: "\\\"".unicodeScalars)
      case "\\": text.append(contentsOf: "\\\\".unicodeScalars)
      case "\n": text.append(contentsOf: "\\n".unicodeScalars)
      case "\r": text.append(contentsOf: "\\r".unicodeScalars)
      case "\t": text.append(contentsOf: "\\t".unicodeScalars)
      default: text.append(scalar)
      }
    }
    text.append("\"")
    return String(text)
  }

  /// A word in a message: `"frobnicate"`.
  public static func quote(_ word: String) -> String { "\"" + word + "\"" }
}
