import FoundationEssentials
import MealsCore
import MealsStore

/// The week plan kept in step with the folder's `Plan/YYYY-Www.menu` files, a week at a time.
///
/// Each week is compared with what it was at the last sync (a hash per week): the side that
/// changed wins; both changed, the entries of both are kept; a week emptied here removes its
/// file, a file removed there empties the week. A reference to a recipe the folder does not
/// have is said and passed over.
struct PlanSync {
  let store: MealStore
  let folder: SyncFolder

  private static let setting = "sync.plan"
  /// The references to recipes the folder does not have that were said already (`2026-W49
  /// Soups/Stew.cook`): said once, not at every sync while the line stays in the file.
  private static let saidSetting = "sync.plan-said"
  /// Per week, the entries the file kept at the last sync for recipes this book did not hold
  /// (`2026-W49 hash hash…`): when such a recipe comes back, its entry is the file's, not one
  /// this book took out.
  private static let unheldSetting = "sync.plan-unheld"

  /// Runs the step: true when the book or the folder changed; the references passed over.
  func run(files: RecipeFiles) throws(SyncError) -> (changed: Bool, problems: [String]) {
    let entries: [PlanEntry]
    do {
      entries = try store.allPlanEntries()
    } catch {
      throw SyncError(error.message)
    }
    var bookWeeks: [String: [MenuFile.Entry]] = [:]
    for entry in entries {
      guard let recipe = files.path[entry.mealID] else { continue }
      bookWeeks[entry.day.isoWeekName, default: []].append(
        MenuFile.Entry(
          day: entry.day, slot: entry.slot, recipe: recipe, servings: entry.servings,
          note: entry.note))
    }
    // Per week: the hash of the file as last written, and of the book's week as it then was
    // (they differ while the file names recipes this book cannot hold).
    var recorded: [String: (file: String, book: String)] = [:]
    for line in (store.setting(Self.setting) ?? "").split(separator: "\n") {
      let parts = line.split(separator: " ").map(String.init)
      if parts.count >= 2 { recorded[parts[0]] = (parts[1], parts.count > 2 ? parts[2] : parts[1]) }
    }
    var unheldBefore: [String: Set<String>] = [:]
    for line in (store.setting(Self.unheldSetting) ?? "").split(separator: "\n") {
      let parts = line.split(separator: " ").map(String.init)
      if let week = parts.first { unheldBefore[week] = Set(parts.dropFirst()) }
    }
    var unheldNow: [String: [String]] = [:]
    let (weeksOnDisk, copies) = menuFiles()
    var changed = false
    var problems: [String] = []
    let said = Set((store.setting(Self.saidSetting) ?? "").split(separator: "\n").map(String.init))
    var missing = Set<String>()
    var changedWeeks = Set<String>()
    var kept: [String: (file: String, book: String)] = [:]
    for week in Set(bookWeeks.keys).union(weeksOnDisk).union(recorded.keys).union(copies.keys)
      .sorted()
    {
      guard let monday = CivilDate.parseWeek(week) else { continue }
      let path = "Plan/\(week).menu"
      let book = bookWeeks[week] ?? []
      let bookText = MenuFile.render(week: monday, book)
      var fileText: String?
      if weeksOnDisk.contains(week) {
        switch folder.read(path) {
        case .success(let text): fileText = text
        case .failure(let problem):
          problems.append("\(path): \(problem.reason)")
          if let hashes = recorded[week] { kept[week] = hashes }
          if let keys = unheldBefore[week] { unheldNow[week] = keys.sorted() }
          continue
        }
      }
      let empty = ContentHash.of("")
      let bookChanged = ContentHash.of(bookText) != (recorded[week]?.book ?? empty)
      let fileChanged = ContentHash.of(fileText ?? "") != (recorded[week]?.file ?? empty)
      var wanted = book
      if fileChanged || copies[week] != nil { changedWeeks.insert(week) }
      let theirs = MenuFile.parse(fileText ?? "", week: monday)
      if !bookChanged {
        // The file as it is (changed or not: a recipe it names may have come since).
        wanted = theirs
      } else if fileChanged {
        let known = Set(book)
        wanted = book + theirs.filter { !known.contains($0) }
      } else {
        // The file keeps what this book cannot hold (a recipe it has not got yet, or had not
        // at the last sync): only a book that held an entry takes it out.
        let known = Set(wanted)
        let unheld = unheldBefore[week] ?? []
        wanted += theirs.filter { entry in
          !known.contains(entry)
            && (files.mealID(entry.recipe) == nil
              || unheld.contains(Self.key(of: entry, week: monday)))
        }
      }
      // Syncthing's conflict copies of the week: their entries too, then they go.
      for copy in copies[week] ?? [] {
        if case .success(let text) = folder.read(copy) {
          let known = Set(wanted)
          wanted += MenuFile.parse(text, week: monday).filter { !known.contains($0) }
        }
      }
      // References to files that moved since they were written follow them; one entry once.
      var seen = Set<MenuFile.Entry>()
      var followed: [MenuFile.Entry] = []
      for entry in wanted {
        var moved = entry
        moved.recipe = files.current(entry.recipe)
        if moved.recipe != entry.recipe && seen.contains(moved) { continue }
        seen.insert(moved)
        followed.append(moved)
      }
      wanted = followed
      // The book: the week as wanted, references the folder has.
      let held = wanted.filter { files.mealID($0.recipe) != nil }
      if wanted != book {
        var rows: [(day: CivilDate, slot: PlanSlot, mealID: Int64, servings: Int, note: String)] =
          []
        for entry in wanted {
          guard let id = files.mealID(entry.recipe) else {
            // Another machine removed or moved it meanwhile, or a menu names it wrongly.
            let key = "\(week) \(entry.recipe)"
            if !said.contains(key) {
              problems.append(
                "\(path): no recipe \(entry.recipe) in the folder — another machine removed or moved it, or the menu names it wrongly; the entry is kept in the file"
              )
            }
            missing.insert(key)
            continue
          }
          rows.append((entry.day, entry.slot, id, entry.servings, entry.note))
        }
        do {
          try store.replacePlanWeek(from: monday, with: rows)
        } catch {
          throw SyncError("cannot write the plan of \(week) into the book: \(error.message)")
        }
        changed = true
      }
      // The folder: the week as wanted, or no file for an empty week.
      let text = MenuFile.render(week: monday, wanted)
      if text.isEmpty {
        if fileText != nil {
          try folder.remove(path)
          changed = true
        }
      } else if text != fileText {
        _ = try folder.write(text, to: path)
        changed = true
      }
      if !text.isEmpty || !held.isEmpty {
        kept[week] = (ContentHash.of(text), ContentHash.of(MenuFile.render(week: monday, held)))
      }
      let unheld = wanted.filter { files.mealID($0.recipe) == nil }
      if !unheld.isEmpty { unheldNow[week] = unheld.map { Self.key(of: $0, week: monday) } }
      for copy in copies[week] ?? [] {
        try folder.remove(copy)
        changed = true
      }
    }
    do {
      try store.setSetting(
        Self.setting,
        to: kept.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.file) \($0.value.book)" }
          .joined(separator: "\n"))
      // Still in a week read again, or in a week not read this time: kept as said.
      let stillSaid = said.filter { line in
        missing.contains(line) || !changedWeeks.contains(String(line.prefix { $0 != " " }))
      }
      try store.setSetting(
        Self.saidSetting, to: stillSaid.union(missing).sorted().joined(separator: "\n"))
      try store.setSetting(
        Self.unheldSetting,
        to: unheldNow.sorted { $0.key < $1.key }.map {
          ([$0.key] + $0.value).joined(separator: " ")
        }
        .joined(separator: "\n"))
    } catch {
      throw SyncError(error.message)
    }
    return (changed, problems)
  }

  /// The weeks `Plan/` has a menu file for (`2026-W49`), and Syncthing's conflict copies of
  /// them by week (`Plan/2026-W49.sync-conflict-20261205-101010-ABCDEFG.menu`).
  private func menuFiles() -> (Set<String>, [String: [String]]) {
    var weeks = Set<String>()
    var copies: [String: [String]] = [:]
    for name in folder.names(in: "Plan") where !SyncPaths.isSkipped(name) {
      if MenuFile.monday(ofFile: name) != nil {
        weeks.insert(String(name.dropLast(5)))
      } else if name.hasSuffix(".menu"), SyncPaths.syncthingConflict(name) != nil,
        let marker = name.firstRange(ofText: ".sync-conflict-"),
        CivilDate.parseWeek(String(name[..<marker.lowerBound])) != nil
      {
        copies[String(name[..<marker.lowerBound]), default: []].append("Plan/" + name)
      }
    }
    return (weeks, copies.mapValues { $0.sorted() })
  }

  /// An entry as one word of the setting: the hash of its line in the week's menu.
  private static func key(of entry: MenuFile.Entry, week monday: CivilDate) -> String {
    ContentHash.of(MenuFile.render(week: monday, [entry]))
  }
}
