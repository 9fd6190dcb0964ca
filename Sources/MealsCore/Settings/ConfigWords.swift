/// The words of one config line: blanks between words, `"…"` (with `\"`, `\\`, `\n`, `\t`) or
/// `'…'` (as written) for a word with blanks, and `#` starting a comment outside a word.
public enum ConfigWords {
  public struct Word: Equatable, Sendable {
    public var text: String
    /// A quoted word is never a command or an `=`.
    public var quoted: Bool
  }

  public static func split(_ line: Substring) -> Result<[Word], ConfigProblem> {
    var words: [Word] = []
    var current = ""
    var inWord = false
    var quoted = false
    var iterator = line.makeIterator()
    func finish() {
      if inWord { words.append(Word(text: current, quoted: quoted)) }
      current = ""
      inWord = false
      quoted = false
    }
    while let character = iterator.next() {
      switch character {
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
          if next == character {
            closed = true
            break
          }
          if next == "\\" && character == "\"" {
            guard let escaped = iterator.next() else { break }
            switch escaped {
            case "n": current.append("\n")
            case "t": current.append("\t")
            default: current.append(escaped)
            }
          } else {
            current.append(next)
          }
        }
        guard closed else {
          return .failure(ConfigProblem(line: 0, message: "a quote (\(character)) is not closed."))
        }
      default:
        inWord = true
        current.append(character)
      }
    }
    finish()
    return .success(words)
  }

  /// `word` as a config file can read it back: bare when it can be, else in double quotes.
  public static func written(_ word: String) -> String {
    let plain =
      !word.isEmpty && word.first != "#"
      && !word.contains {
        $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" || $0.isNewline
      }
    if plain { return word }
    var text = "\""
    for character in word {
      switch character {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      default: text.append(character)
      }
    }
    return text + "\""
  }

  /// A word in a message: `"frobnicate"`.
  public static func quote(_ word: String) -> String { "\"" + word + "\"" }
}
