import MealsCore
import MealsLaunch
import MealsStore
import TextSafety
import Translation

/// `meals cooked MEAL [--date DATE] [--servings N] [--note TEXT] [--rating N]`: "I made this".
enum CookedCommand {
  static func run(
    _ arguments: CommandArguments, store: MealStore, io: CommandIO, today: CivilDate
  ) -> Int32 {
    guard let wanted = arguments.positionals.first else {
      return Subcommand.usageError(tr("which meal? Give its id or name."), .cooked, io: io)
    }
    var day = today
    if let text = arguments.values["--date"] {
      guard let date = CivilDate.parsePast(text, today: today) else {
        return Subcommand.usageError(
          tr(
            "--date takes a day already here: YYYY-MM-DD, today, yesterday or a weekday's name, not “%s”."
          ).filled(text),
          .cooked, io: io)
      }
      day = date
    }
    var servings: Int?
    if let text = arguments.values["--servings"] {
      guard let number = Int(text), CookLogEntry.servingsRange.contains(number) else {
        return Subcommand.usageError(
          tr("--servings takes 1 to %1$d, not “%2$s”.").filled(
            String(CookLogEntry.servingsRange.upperBound), text),
          .cooked, io: io)
      }
      servings = number
    }
    var rating: Int?
    if let text = arguments.values["--rating"] {
      guard let number = Int(text), CookLogEntry.ratingRange.contains(number) else {
        return Subcommand.usageError(
          tr("--rating takes 1 to 5, not “%s”.").filled(text), .cooked, io: io)
      }
      rating = number
    }
    guard let id = Subcommand.resolve(wanted, store: store, io: io) else {
      return Subcommand.Status.failure
    }
    do {
      if servings == nil, let meal = try store.meal(id: id) {
        servings = Servings(for: meal).said
      }
      let entry = try store.logCooking(
        mealID: id, on: day, servings: servings, note: arguments.values["--note"] ?? "",
        rating: rating)
      let times = try store.cookedSummary(mealID: id)?.times ?? 1
      io.output.line(
        (times > 1
          ? tr("Cooked “%1$s” on %2$s (%3$s time).").filled(
            TextSanitizer.singleLine(entry.mealName), "\(day.short) \(day.year)",
            CookedCount.ordinal(times))
          : tr("Cooked “%1$s” on %2$s.").filled(
            TextSanitizer.singleLine(entry.mealName), "\(day.short) \(day.year)")))
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }
}
