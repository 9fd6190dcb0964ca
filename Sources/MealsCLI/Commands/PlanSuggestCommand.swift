import MealsCore
import MealsLaunch
import MealsStore
import TextSafety
import Translation

/// `meals plan suggest [--week W] [--slots dinner,…] [--seed N] [--save]`: the week's empty
/// slots filled from the book by the rules (`PlanSuggester`), shown before anything is saved.
enum PlanSuggestCommand {
  static func run(
    _ arguments: CommandArguments, store: MealStore, io: CommandIO, today: CivilDate,
    rules: PlanRules
  ) -> Int32 {
    if arguments.values["--from"] != nil || arguments.values["--days"] != nil {
      return Subcommand.usageError(
        tr("plan suggest fills a week: --week YYYY-Www, not --from or --days."), .plan,
        action: "suggest", io: io)
    }
    let monday: CivilDate
    switch PlanCommand.range(arguments, today: today) {
    case .success(let range): monday = range.first.monday
    case .failure(let error):
      return Subcommand.usageError(error.message, .plan, action: "suggest", io: io)
    }
    var slots: [PlanSlot] = [.dinner]
    if let text = arguments.values["--slots"] {
      let named = text.split(separator: ",").map { MealRules.trimmed(String($0)).lowercased() }
      let parsed = named.compactMap(PlanSlot.init(rawValue:))
      guard !named.isEmpty, parsed.count == named.count else {
        return Subcommand.usageError(
          tr("--slots takes breakfast, lunch, dinner or other, separated by commas, not “%s”.")
            .filled(text),
          .plan, action: "suggest", io: io)
      }
      slots = Array(Set(parsed)).sorted()
    }
    var seed: UInt64 = 1
    if let text = arguments.values["--seed"] {
      guard let number = UInt64(text) else {
        return Subcommand.usageError(
          tr("--seed takes a whole number from 0, not “%s”.").filled(text), .plan,
          action: "suggest", io: io)
      }
      seed = number
    }
    let suggestions: [PlanSuggestion]
    do {
      let week = try store.readPlanEntries(from: monday, days: 7)
      let candidates = try store.planCandidates(pantry: try store.readPantryItems())
      suggestions = PlanSuggester.suggest(
        week: monday, slots: slots, entries: week, candidates: candidates, rules: rules,
        today: today, seed: seed)
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    guard !suggestions.isEmpty else {
      io.errors.line(
        tr("Nothing to suggest for %1$s: its %2$s slots are planned, or no meal keeps the rules.")
          .filled(monday.isoWeekName, slots.map(\.label).joined(separator: ", "))
      )
      return Subcommand.Status.success
    }
    for suggestion in suggestions {
      io.output.line(
        [
          suggestion.day.description, suggestion.slot.rawValue, String(suggestion.meal.id),
          TextSanitizer.singleLine(suggestion.meal.name), suggestion.why,
        ].joined(separator: "\t"))
    }
    guard arguments.flags.contains("--save") else {
      io.errors.line(
        tr("Nothing is saved: --save plans these; --seed N suggests others."))
      return Subcommand.Status.success
    }
    do {
      try store.plan(suggestions)
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    io.errors.line(
      trn(
        "Planned %d meal in %s.", "Planned %d meals in %s.", suggestions.count, monday.isoWeekName)
    )
    return Subcommand.Status.success
  }
}
