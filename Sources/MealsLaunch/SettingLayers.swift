import MealsCore

/// An option's value from four layers, the first that has one winning: the flag, the
/// environment variable, the config file's `set` line, the default.
struct SettingLayers {
  /// The names `set` knows; `theme` is the app's to check (the themes live with the terminal).
  static let names = [
    "db", "api-url", "images", "mouse", "animation", "escape-delay", "theme", "sync-folder",
    "serve-port", "serve-lan", "units", "cup", "staples",
    "pantry-from-shopping", "shop", "plan-fresh-days", "plan-weekday-minutes", "plan-pins",
  ]

  let flags: [String: (value: String, flag: String)]
  let environment: [String: String]
  let file: ConfigFile
  let home: String?
  /// The file's name in sources (`config:3`).
  let label: String
  /// Where each value came from, for `meals config`.
  private(set) var sources: [String: String] = [:]
  /// The file's lines that were wrong (each reported once, the rest of the file still counts).
  private(set) var problems: [ConfigProblem] = []
  /// A bad flag or variable: a usage error, as it always was.
  private(set) var usageError: UsageError?

  init(
    flags: [String: (value: String, flag: String)], environment: [String: String],
    file: ConfigFile, home: String?, label: String
  ) {
    self.label = label
    self.flags = flags
    self.environment = environment
    self.file = file
    self.home = home
  }

  /// The value of `name`, nil for the default; `check` turns a text into the value or says why not.
  mutating func value(
    _ name: String, variable: String, check: (String) -> Result<String, UsageError>
  ) -> (value: String?, source: String) {
    var answer: (value: String?, source: String) = (nil, "default")
    if let (value, flag) = flags[name] {
      answer = (value, flag)
    } else if let value = environment[variable], !value.isEmpty {
      answer = (value, variable)
    }
    if answer.value != nil, case .failure(let error) = check(answer.value ?? "") {
      if usageError == nil { usageError = error }
    }
    // Every line of the file is checked, even when a flag wins, so each mistake is reported.
    for line in file.lines {
      guard case .set(name, var value) = line.statement else { continue }
      if name == "db" || name == "sync-folder", value.hasPrefix("~/"), let home {
        value = home + value.dropFirst()
      }
      switch check(value) {
      case .success(let checked):
        if answer.source == "default" || answer.source.hasPrefix(label + ":") {
          answer = (checked, "\(label):\(line.number)")
        }
      case .failure(let error):
        problems.append(ConfigProblem(line: line.number, message: "set \(name): " + error.message))
      }
    }
    sources[name] = answer.source
    return answer
  }

  /// A yes/no option: the flag turns it off, the variable is off at `0`.
  mutating func bool(_ name: String, variable: String) -> (value: Bool?, source: String) {
    let flag = flags[name]?.value
    let variableValue = environment[variable]
    let answer = value(name, variable: variable) { text in
      if flag == text || variableValue == text { return .success(text) }
      return Self.yesNo(text).map { .success($0 ? "yes" : "no") }
        ?? .failure(UsageError(message: "\(ConfigWords.quote(text)) is not yes or no."))
    }
    guard let text = answer.value else { return (nil, answer.source) }
    let on =
      answer.source.hasPrefix(label + ":")
      ? Self.yesNo(text) ?? true
      : answer.source.hasPrefix("--") ? false : text != "0"
    return (on, answer.source)
  }

  /// Names `set` does not know, reported with the ones it does.
  mutating func checkTheRest() {
    for line in file.lines {
      guard case .set(let name, _) = line.statement, !Self.names.contains(name) else { continue }
      problems.append(
        ConfigProblem(
          line: line.number,
          message:
            "no setting \(ConfigWords.quote(name)) (\(Self.names.joined(separator: ", ")))."))
    }
    problems.sort { $0.line < $1.line }
  }

  static func yesNo(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "yes", "on", "true", "1": true
    case "no", "off", "false", "0": false
    default: nil
    }
  }
}
