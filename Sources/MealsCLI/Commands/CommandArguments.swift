import MealsLaunch
import Translation

/// A subcommand's arguments, read by a small hand-written parser (no argument-parsing package
/// can be fetched here): flags with or without a value, and positional words.
struct CommandArguments {
  var flags: Set<String> = []
  var values: [String: String] = [:]
  var positionals: [String] = []

  /// What a subcommand accepts.
  struct Spec {
    var switches: Set<String> = []
    var valued: Set<String> = []
    /// The most positional words (nil: any number).
    var maximumPositionals: Int?
  }

  /// Reads `arguments` against `spec`; `--name=value` works too, `--` ends the flags.
  static func parse(_ arguments: [String], spec: Spec, command: String) -> Result<
    CommandArguments, UsageError
  > {
    var parsed = CommandArguments()
    var remaining = arguments[...]
    var flagsEnded = false
    while let argument = remaining.popFirst() {
      if flagsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        flagsEnded = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if spec.switches.contains(name) && inline == nil {
        parsed.flags.insert(name)
      } else if spec.valued.contains(name) {
        guard let value = inline ?? remaining.popFirst(), !value.isEmpty else {
          return .failure(
            UsageError(message: "meals \(command): " + tr("%s needs a value.").filled(name)))
        }
        parsed.values[name] = value
      } else {
        return .failure(
          UsageError(message: "meals \(command): " + tr("unknown option “%s”.").filled(argument)))
      }
    }
    if let maximum = spec.maximumPositionals, parsed.positionals.count > maximum {
      let extra = parsed.positionals[maximum]
      return .failure(
        UsageError(message: "meals \(command): " + tr("unexpected argument “%s”.").filled(extra)))
    }
    return .success(parsed)
  }
}
