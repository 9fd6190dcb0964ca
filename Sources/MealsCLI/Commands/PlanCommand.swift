import Files
import FoundationEssentials
import MealsCore
import MealsLaunch
import MealsStore
import TextSafety

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
      return .failure(UsageError(message: "--week and --from/--days exclude each other."))
    }
    if let week {
      guard let monday = CivilDate.parseWeek(week) else {
        return .failure(UsageError(message: "no such week “\(week)” (YYYY-Www, e.g. 2026-W49)."))
      }
      return .success((monday, 7))
    }
    var days = 7
    if let text = arguments.values["--days"] {
      guard let number = Int(text), (1...3660).contains(number) else {
        return .failure(UsageError(message: "--days takes 1 to 3660, not “\(text)”."))
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
    "no such date “\(text)” (YYYY-MM-DD, today, tomorrow or a weekday's name)."
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
        return Subcommand.usageError("plan \(action) takes no MEAL or DATE.", .plan, io: io)
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
            "Nothing is planned from \(range.first) to \(last). meals plan add MEAL DATE plans a meal."
          )
        }
        return list(entries, json: json, io: io)
      case "export": return export(entries, arguments: arguments, store: store, io: io, now: now)
      default: return shop(entries, store: store, io: io, aisles: aisles)
      }
    case "suggest":
      guard positionals.isEmpty else {
        return Subcommand.usageError("plan suggest takes no MEAL or DATE.", .plan, io: io)
      }
      return PlanSuggestCommand.run(arguments, store: store, io: io, today: today, rules: rules)
    case "add", "remove":
      guard positionals.count == 2 else {
        return Subcommand.usageError(
          "takes a MEAL and a DATE.", .plan, action: action, io: io)
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
        "unknown plan command “\(action)” (list, add, remove, export, shop, suggest).", .plan,
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
        "--slot takes breakfast, lunch, dinner or other, not “\(slotText)”.", .plan,
        action: "add", io: io)
    }
    do {
      guard let meal = try store.meal(id: mealID) else {
        io.fail("that meal is no longer saved.")
        return Subcommand.Status.failure
      }
      var servings = Servings(for: meal).base
      if let text = arguments.values["--servings"] {
        guard let number = Int(text), Servings.range.contains(number) else {
          return Subcommand.usageError(
            "--servings takes 1 to \(Servings.range.upperBound), not “\(text)”.", .plan,
            action: "add", io: io)
        }
        servings = number
      }
      try store.plan(mealID: mealID, on: day, slot: slot, servings: servings)
      io.output.line(
        "Planned “\(TextSanitizer.singleLine(meal.name))” on \(day.short) \(day.year) "
          + "(\(slot.rawValue), \(servings) serving\(servings == 1 ? "" : "s")).")
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
      io.fail("that meal is not planned on \(day.short) \(day.year).")
      return Subcommand.Status.failure
    }
    do {
      for entry in entries { try store.removePlanEntry(id: entry.id) }
      io.output.line(
        "Removed “\(TextSanitizer.singleLine(name))” from \(day.short) \(day.year)"
          + (entries.count > 1 ? " (\(entries.count) times)." : "."))
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
        "plan export writes --format ical, not “\(format)”.", .plan, io: io)
    }
    do {
      let events = store.calendarEvents(for: entries)
      let text = ICalendar.calendar(events, stamp: ICalendar.stamp(now))
      if let output = arguments.values["--output"] {
        try AtomicFile.write(Array(text.utf8), to: io.absolute(output))
        io.errors.line(
          "Exported \(events.count == 1 ? "1 planned meal" : "\(events.count) planned meals") to \(output)."
        )
      } else {
        io.output.write(text)
      }
      return Subcommand.Status.success
    } catch {
      io.fail("cannot write the plan: \(ErrorText.message(error))")
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
          ? "Nothing planned with ingredients in those days: the shopping list is as it was."
          : "Added the ingredients of \(added == 1 ? "1 planned meal" : "\(added) planned meals") to the shopping list."
      )
      // Meals' own aisles while there is no file (or no folder for one).
      var shelves: Aisles? = Aisles.standard
      do {
        shelves = try aisles?.aisles() ?? Aisles.standard
      } catch {
        shelves = nil
        io.errors.line("\(AisleFile.name): \(error.message) The list is in its own order.")
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
