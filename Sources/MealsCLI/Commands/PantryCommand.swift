import MealsCore
import MealsLaunch
import MealsStore
import TextSafety
import Translation

/// `meals pantry`: what is at home — list it, add to it, take from it.
enum PantryCommand {
  static func run(_ arguments: CommandArguments, store: MealStore, io: CommandIO) -> Int32 {
    var positionals = arguments.positionals[...]
    let action = positionals.popFirst() ?? "list"
    switch action {
    case "list":
      guard positionals.isEmpty else {
        return Subcommand.usageError(tr("pantry list takes no names."), .pantry, io: io)
      }
      return list(store: store, json: arguments.flags.contains("--json"), io: io)
    case "add", "remove":
      let items = positionals.filter { !MealRules.isBlank($0) }
      guard !items.isEmpty else {
        return Subcommand.usageError(
          tr("which ingredients? Give at least one name."), .pantry, action: action, io: io)
      }
      return action == "add"
        ? add(items.map(Pantry.Item.init(line:)), store: store, io: io)
        : remove(Array(items), store: store, io: io)
    default:
      return Subcommand.usageError(
        tr("unknown pantry command “%s” (list, add, remove).").filled(action), .pantry, io: io)
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
        again > 0
          ? trn(
            "Added to the pantry: %2$s (%1$d already there, now as given).",
            "Added to the pantry: %2$s (%1$d already there, now as given).", again,
            names.joined(separator: ", "))
          : tr("Added to the pantry: %s.").filled(names.joined(separator: ", ")))
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
        io.fail(tr("none of these is in the pantry (see meals pantry list)."))
        return Subcommand.Status.failure
      }
      let listed = removed.map(TextSanitizer.singleLine).joined(separator: ", ")
      let absent = names.count - removed.count
      io.output.line(
        absent > 0
          ? trn(
            "Taken out of the pantry: %2$s (%1$d not in it).",
            "Taken out of the pantry: %2$s (%1$d not in it).", absent, listed)
          : tr("Taken out of the pantry: %s.").filled(listed))
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }
}
