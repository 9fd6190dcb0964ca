import MealsCore
import MealsLaunch
import MealsStore
import TextSafety

/// `meals pantry`: what is at home — list it, add to it, take from it.
enum PantryCommand {
  static func run(_ arguments: CommandArguments, store: MealStore, io: CommandIO) -> Int32 {
    var positionals = arguments.positionals[...]
    let action = positionals.popFirst() ?? "list"
    switch action {
    case "list":
      guard positionals.isEmpty else {
        return Subcommand.usageError("pantry list takes no names.", .pantry, io: io)
      }
      return list(store: store, json: arguments.flags.contains("--json"), io: io)
    case "add", "remove":
      let items = positionals.filter { !MealRules.isBlank($0) }
      guard !items.isEmpty else {
        return Subcommand.usageError(
          "which ingredients? Give at least one name.", .pantry, action: action, io: io)
      }
      return action == "add"
        ? add(items.map(Pantry.Item.init(line:)), store: store, io: io)
        : remove(Array(items), store: store, io: io)
    default:
      return Subcommand.usageError(
        "unknown pantry command “\(action)” (list, add, remove).", .pantry, io: io)
    }
  }

  // MARK: - Each command

  private static func list(store: MealStore, json: Bool, io: CommandIO) -> Int32 {
    let items: [Pantry.Item]
    do {
      items = try store.readPantryItems()
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    if json {
      let array = JSONText.array(
        items.map { item in
          .object([
            ("name", .string(item.name)),
            ("amount", item.amount.isEmpty ? .null : .string(item.amount)),
          ])
        })
      io.output.write(array.serialized() + "\n")
    } else {
      for item in items {
        io.output.line(
          TextSanitizer.singleLine(item.name) + "\t" + TextSanitizer.singleLine(item.amount))
      }
    }
    return Subcommand.Status.success
  }

  private static func add(_ items: [Pantry.Item], store: MealStore, io: CommandIO) -> Int32 {
    do {
      let added = try store.addToPantry(items)
      let names = items.map { TextSanitizer.singleLine($0.line) }
      let again = items.count - added
      io.output.line(
        "Added to the pantry: \(names.joined(separator: ", "))"
          + (again > 0 ? " (\(again) already there, now as given)." : "."))
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }

  private static func remove(_ names: [String], store: MealStore, io: CommandIO) -> Int32 {
    do {
      let removed = try store.removeFromPantry(names)
      guard !removed.isEmpty else {
        io.fail("none of these is in the pantry (see meals pantry list).")
        return Subcommand.Status.failure
      }
      let listed = removed.map(TextSanitizer.singleLine).joined(separator: ", ")
      let absent = names.count - removed.count
      io.output.line(
        "Taken out of the pantry: \(listed)"
          + (absent > 0 ? " (\(absent) not in it)." : "."))
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }
}
