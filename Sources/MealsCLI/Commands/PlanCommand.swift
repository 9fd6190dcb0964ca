import Files
import FoundationEssentials
import MealsCore
import MealsLaunch
import MealsStore
import TextSafety
import Translation

/// `meals plan`: the week plan for scripts — list a range, add or remove a meal on a day,
/// export the range as iCalendar, put its ingredients on the shopping list.
enum PlanCommand {
  /// The days a command works on: this week by default, `--week YYYY-Www`, or
  /// `--from DATE [--days N]`.
  static func range(_ arguments: CommandArguments, today: CivilDate) -> Result<
    (first: CivilDate, days: Int), UsageError
  > {
    let week = arguments.values["--week"]
    let from = arguments.values["--from"]
    if week != nil && (from != nil || arguments.values["--days"] != nil) {
      return .failure(UsageError(message: tr("--week and --from/--days exclude each other.")))
    }
    if let week {
      guard let monday = CivilDate.parseWeek(week) else {
        return .failure(
          UsageError(message: tr("no such week “%s” (YYYY-Www, e.g. 2026-W49).").filled(week)))
      }
      return .success((monday, 7))
    }
    var days = 7
    if let text = arguments.values["--days"] {
      guard let number = Int(text), (1...3660).contains(number) else {
        return .failure(UsageError(message: tr("--days takes 1 to 3660, not “%s”.").filled(text)))
      }
      days = number
    }
    guard let from else { return .success((today.monday, days)) }
    guard let first = CivilDate.parse(from, today: today) else {
      return .failure(UsageError(message: Self.badDate(from)))
    }
    return .success((first, days))
  }

  static func badDate(_ text: String) -> String {
    tr("no such date “%s” (YYYY-MM-DD, today, tomorrow or a weekday's name).").filled(text)
  }

  static func run(
    _ arguments: CommandArguments, store: MealStore, io: CommandIO, today: CivilDate, now: Double,
    rules: PlanRules = PlanRules(), aisles: AisleFile? = nil
  ) -> Int32 {
    var positionals = arguments.positionals[...]
    let action = positionals.popFirst() ?? "list"
    switch action {
    case "list", "export", "shop":
      guard positionals.isEmpty else {
        return Subcommand.usageError(
          tr("plan %s takes no MEAL or DATE.").filled(action), .plan, io: io)
      }
      let range: (first: CivilDate, days: Int)
      switch Self.range(arguments, today: today) {
      case .success(let value): range = value
      case .failure(let error): return Subcommand.usageError(error.message, .plan, io: io)
      }
      let entries = store.planEntries(from: range.first, days: range.days)
      switch action {
      case "list":
        let json = arguments.flags.contains("--json")
        // Said on standard error: a script reading the lines gets none, a person is told why.
        if entries.isEmpty && !json {
          let last = range.first.adding(days: range.days - 1)
          io.errors.line(
            tr("Nothing is planned from %1$s to %2$s. meals plan add MEAL DATE plans a meal.")
              .filled(
                range.first.description, last.description)
          )
        }
        return list(entries, json: json, io: io)
      case "export": return export(entries, arguments: arguments, store: store, io: io, now: now)
      default: return shop(entries, store: store, io: io, aisles: aisles)
      }
    case "suggest":
      guard positionals.isEmpty else {
        return Subcommand.usageError(tr("plan suggest takes no MEAL or DATE."), .plan, io: io)
      }
      return PlanSuggestCommand.run(arguments, store: store, io: io, today: today, rules: rules)
    case "add", "remove":
      guard positionals.count == 2 else {
        return Subcommand.usageError(
          tr("takes a MEAL and a DATE."), .plan, action: action, io: io)
      }
      let mealText = positionals[positionals.startIndex]
      let dateText = positionals[positionals.startIndex + 1]
      // A date that is no date is a usage error, as a bad --slot is.
      guard let day = CivilDate.parse(dateText, today: today) else {
        return Subcommand.usageError(badDate(dateText), .plan, action: action, io: io)
      }
      guard let mealID = Subcommand.resolve(mealText, store: store, io: io) else {
        return Subcommand.Status.failure
      }
      return action == "add"
        ? add(mealID, on: day, arguments: arguments, store: store, io: io)
        : remove(mealID, on: day, store: store, io: io)
    default:
      return Subcommand.usageError(
        tr("unknown plan command “%s” (list, add, remove, export, shop, suggest).").filled(action),
        .plan,
        io: io)
    }
  }

  // MARK: - Each command

  private static func list(_ entries: [PlanEntry], json: Bool, io: CommandIO) -> Int32 {
    guard json else {
      for entry in entries {
        io.output.line(
          "\(entry.day)\t\(entry.slot.rawValue)\t\(entry.servings)\t\(entry.mealID)\t"
            + TextSanitizer.singleLine(entry.mealName))
      }
      return Subcommand.Status.success
    }
    var writer = JSONObjectWriter()
    writer.bytes.append(UInt8(ascii: "["))
    for (index, entry) in entries.enumerated() {
      writer.bytes += index == 0 ? [0x0A, 0x20, 0x20] : [0x2C, 0x0A, 0x20, 0x20]
      writer.begin()
      writer.field("date", entry.day.description)
      writer.field("slot", entry.slot.rawValue)
      writer.field("servings", Int64(entry.servings))
      writer.field("meal_id", entry.mealID)
      writer.field("meal", entry.mealName)
      writer.field("note", entry.note.isEmpty ? nil : entry.note)
      writer.end()
    }
    writer.bytes += entries.isEmpty ? Array("]\n".utf8) : Array("\n]\n".utf8)
    io.output.write(bytes: writer.bytes)
    return Subcommand.Status.success
  }

  private static func add(
    _ mealID: Int64, on day: CivilDate, arguments: CommandArguments, store: MealStore,
    io: CommandIO
  ) -> Int32 {
    let slotText = arguments.values["--slot"] ?? PlanSlot.dinner.rawValue
    guard let slot = PlanSlot(rawValue: slotText.lowercased()) else {
      return Subcommand.usageError(
        tr("--slot takes breakfast, lunch, dinner or other, not “%s”.").filled(slotText), .plan,
        action: "add", io: io)
    }
    do {
      guard let meal = try store.meal(id: mealID) else {
        io.fail(tr("that meal is no longer saved."))
        return Subcommand.Status.failure
      }
      var servings = Servings(for: meal).base
      if let text = arguments.values["--servings"] {
        guard let number = Int(text), Servings.range.contains(number) else {
          return Subcommand.usageError(
            tr("--servings takes 1 to %1$d, not “%2$s”.").filled(
              String(Servings.range.upperBound), text), .plan,
            action: "add", io: io)
        }
        servings = number
      }
      try store.plan(mealID: mealID, on: day, slot: slot, servings: servings)
      io.output.line(
        trn(
          "Planned “%2$s” on %3$s (%4$s, %1$d serving).",
          "Planned “%2$s” on %3$s (%4$s, %1$d servings).", servings,
          TextSanitizer.singleLine(meal.name), "\(day.short) \(day.year)", slot.label))
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }

  private static func remove(_ mealID: Int64, on day: CivilDate, store: MealStore, io: CommandIO)
    -> Int32
  {
    let entries = store.planEntries(from: day, days: 1).filter { $0.mealID == mealID }
    guard let name = entries.first?.mealName else {
      io.fail(tr("that meal is not planned on %s.").filled("\(day.short) \(day.year)"))
      return Subcommand.Status.failure
    }
    do {
      for entry in entries { try store.removePlanEntry(id: entry.id) }
      io.output.line(
        entries.count > 1
          ? tr("Removed “%1$s” from %2$s (%3$d times).").filled(
            TextSanitizer.singleLine(name), "\(day.short) \(day.year)", String(entries.count))
          : tr("Removed “%1$s” from %2$s.").filled(
            TextSanitizer.singleLine(name), "\(day.short) \(day.year)"))
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }

  private static func export(
    _ entries: [PlanEntry], arguments: CommandArguments, store: MealStore, io: CommandIO,
    now: Double
  ) -> Int32 {
    let format = arguments.values["--format"] ?? "ical"
    guard format == "ical" else {
      return Subcommand.usageError(
        tr("plan export writes --format ical, not “%s”.").filled(format), .plan, io: io)
    }
    do {
      let events = store.calendarEvents(for: entries)
      let text = ICalendar.calendar(events, stamp: ICalendar.stamp(now))
      if let output = arguments.values["--output"] {
        try AtomicFile.write(Array(text.utf8), to: io.absolute(output))
        io.errors.line(
          trn(
            "Exported %d planned meal to %s.", "Exported %d planned meals to %s.", events.count,
            output)
        )
      } else {
        io.output.write(text)
      }
      return Subcommand.Status.success
    } catch {
      io.fail(tr("cannot write the plan: %s").filled(ErrorText.message(error)))
      return Subcommand.Status.failure
    }
  }

  /// Puts the days' ingredients on the list (said on standard error), then prints the whole
  /// list as Markdown in the shop's order, each aisle a heading (`aisle.conf`), as `e` on the
  /// Shopping List writes it: a list to take to the shop, or to pipe to a file.
  private static func shop(
    _ entries: [PlanEntry], store: MealStore, io: CommandIO, aisles: AisleFile?
  ) -> Int32 {
    do {
      let added = try store.addPlanToShoppingList(entries)
      io.errors.line(
        added == 0
          ? tr("Nothing planned with ingredients in those days: the shopping list is as it was.")
          : trn(
            "Added the ingredients of %d planned meal to the shopping list.",
            "Added the ingredients of %d planned meals to the shopping list.", added)
      )
      // Meals' own aisles while there is no file (or no folder for one).
      var shelves: Aisles? = Aisles.standard
      do {
        shelves = try aisles?.aisles() ?? Aisles.standard
      } catch {
        shelves = nil
        io.errors.line(
          tr("%1$s: %2$s The list is in its own order.").filled(AisleFile.name, error.message))
      }
      let rows = ShoppingList.rows(
        try store.readShoppingItems(),
        pantry: Pantry(items: try store.readPantryItems(), staples: []),
        aisles: shelves)
      io.output.write(ShoppingList.markdown(rows))
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }
}
