/// A config file read into statements, one a line, in the style of tigrc and neomuttrc.
///
/// Reading never fails: a line that cannot be understood becomes a problem with its number,
/// and every other line still counts.
public struct ConfigFile: Equatable, Sendable {
  public var lines: [ConfigLine] = []
  public var problems: [ConfigProblem] = []

  public init(lines: [ConfigLine] = [], problems: [ConfigProblem] = []) {
    self.lines = lines
    self.problems = problems
  }

  /// The commands a line can start with.
  public static let commands = ["set", "bind", "unbind", "color"]

  public static func parse(_ text: String) -> ConfigFile {
    var file = ConfigFile()
    var number = 0
    // By scalars: a file saved on Windows ends its lines with CR LF (one Character), and
    // the CR is a blank to the words.
    for raw in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      switch ConfigWords.split(raw) {
      case .failure(let problem):
        file.problems.append(ConfigProblem(line: number, message: problem.message))
      case .success(let words):
        guard let first = words.first else { continue }
        switch statement(first.text, Array(words.dropFirst()), quoted: first.quoted) {
        case .success(let statement):
          file.lines.append(ConfigLine(number: number, statement: statement))
        case .failure(let problem):
          file.problems.append(ConfigProblem(line: number, message: problem.message))
        }
      }
    }
    return file
  }

  // MARK: - Statements

  private static func statement(
    _ command: String, _ words: [ConfigWords.Word], quoted: Bool
  ) -> Result<ConfigStatement, ConfigProblem> {
    let texts = words.map(\.text)
    func wrong(_ message: String) -> Result<ConfigStatement, ConfigProblem> {
      .failure(ConfigProblem(line: 0, message: message))
    }
    switch quoted ? "" : command {
    case "set":
      return setStatement(words)
    case "bind":
      guard texts.count == 3 else {
        return wrong("bind takes a screen, a key and an action (bind my-meals x delete).")
      }
      return .success(.bind(screen: texts[0], key: texts[1], action: texts[2]))
    case "unbind":
      guard texts.count == 2 else {
        return wrong("unbind takes a screen and a key (unbind my-meals x).")
      }
      return .success(.unbind(screen: texts[0], key: texts[1]))
    case "color", "colour":
      guard texts.count >= 3 else {
        return wrong(
          "color takes an area, a foreground and a background, then attributes (color header white blue bold)."
        )
      }
      return .success(
        .color(
          area: texts[0], foreground: texts[1], background: texts[2],
          attributes: Array(texts.dropFirst(3))))
    default:
      return wrong(
        "unknown command \(ConfigWords.quote(command)) (\(commands.joined(separator: ", ")))")
    }
  }

  /// `set NAME = VALUE`, also written `NAME=VALUE`, `NAME= VALUE` or `NAME =VALUE`.
  private static func setStatement(_ words: [ConfigWords.Word]) -> Result<
    ConfigStatement, ConfigProblem
  > {
    let usage = ConfigProblem(line: 0, message: "set takes a name, = and a value (set mouse = no).")
    var rest = words[...]
    guard let first = rest.popFirst() else { return .failure(usage) }
    var name = first.text
    var value: String?
    if !first.quoted, let equals = name.firstIndex(of: "=") {
      let after = String(name[name.index(after: equals)...])
      name = String(name[..<equals])
      value = after.isEmpty ? rest.popFirst()?.text : after
    } else if let equals = rest.popFirst(), !equals.quoted, equals.text.hasPrefix("=") {
      let after = String(equals.text.dropFirst())
      value = after.isEmpty ? rest.popFirst()?.text : after
    }
    guard !name.isEmpty, let value else { return .failure(usage) }
    if let extra = rest.first {
      return .failure(
        ConfigProblem(
          line: 0,
          message:
            "unexpected \(ConfigWords.quote(extra.text)) after the value (quote a value with spaces)."
        ))
    }
    return .success(.set(name: name, value: value))
  }
}

/// One statement and the line it was on.
public struct ConfigLine: Equatable, Sendable {
  public var number: Int
  public var statement: ConfigStatement

  public init(number: Int, statement: ConfigStatement) {
    self.number = number
    self.statement = statement
  }
}

public enum ConfigStatement: Equatable, Sendable {
  case set(name: String, value: String)
  case bind(screen: String, key: String, action: String)
  case unbind(screen: String, key: String)
  case color(area: String, foreground: String, background: String, attributes: [String])
}

/// What is wrong with a line: shown as `config:5: unknown command "frobnicate"`.
public struct ConfigProblem: Error, Equatable, Sendable {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// The message with the file's name and the line's number in front.
  public func text(file: String) -> String { "\(file):\(line): \(message)" }
}
