import MealsCore
import MealsLaunch
import MealsStore
import TextSafety

/// `meals can-cook`: the saved meals by what they need that is not at home, none first.
enum CanCookCommand {
  static func run(
    _ arguments: CommandArguments, store: MealStore, staples: [String], io: CommandIO
  ) -> Int32 {
    var most: Int? = CanCook.defaultMissing
    if let text = arguments.values["--missing"] {
      if text == "all" {
        most = nil
      } else if let number = Int(text), (0...10_000).contains(number) {
        most = number
      } else {
        return Subcommand.usageError(
          "--missing takes a number from 0 or all, not “\(text)”.", .canCook, io: io)
      }
    }
    let meals: [CookableMeal]
    do {
      let pantry = Pantry(items: try store.readPantryItems(), staples: staples)
      meals = try store.canCook(pantry: pantry, most: most)
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    if arguments.flags.contains("--json") {
      let array = JSONText.array(
        meals.map { meal in
          .object([
            ("id", .integer(meal.id)), ("name", .string(meal.name)),
            ("missing", .array(meal.missing.map(JSONText.string))),
          ])
        })
      io.output.write(array.serialized() + "\n")
      return Subcommand.Status.success
    }
    // The missing ingredients' names repeat from meal to meal: each made safe once.
    var safe: [String: String] = [:]
    for meal in meals {
      let missing = meal.missing.map { name in
        if let known = safe[name] { return known }
        let made = TextSanitizer.singleLine(name)
        safe[name] = made
        return made
      }
      io.output.line(
        "\(meal.id)\t\(meal.missing.count)\t\(TextSanitizer.singleLine(meal.name))\t"
          + missing.joined(separator: ", "))
    }
    if meals.isEmpty, let most {
      io.errors.line(
        (most == 0
          ? "No saved meal has all it needs at home"
          : "No saved meal is missing at most \(most) of its ingredients")
          + "; --missing all lists every meal."
      )
    }
    return Subcommand.Status.success
  }
}
