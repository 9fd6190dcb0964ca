import FoundationEssentials
import MealsCore
import MealsStore

#if canImport(Glibc)
  import Glibc
#endif

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
    var recorded: [String: String] = [:]
    for line in (store.setting(Self.setting) ?? "").split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 { recorded[String(parts[0])] = String(parts[1]) }
    }
    let weeksOnDisk = menuFiles()
    var changed = false
    var problems: [String] = []
    var kept: [String: String] = [:]
    for week in Set(bookWeeks.keys).union(weeksOnDisk).union(recorded.keys).sorted() {
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
          if let hash = recorded[week] { kept[week] = hash }
          continue
        }
      }
      let base = recorded[week]
      let bookChanged = ContentHash.of(bookText) != (base ?? ContentHash.of(""))
      let fileChanged = ContentHash.of(fileText ?? "") != (base ?? ContentHash.of(""))
      var wanted = book
      if fileChanged {
        let theirs = MenuFile.parse(fileText ?? "", week: monday)
        let known = Set(book)
        wanted = bookChanged ? book + theirs.filter { !known.contains($0) } : theirs
      }
      // The book: the week as wanted, references the folder has.
      if wanted != book {
        var rows: [(day: CivilDate, slot: PlanSlot, mealID: Int64, servings: Int, note: String)] =
          []
        for entry in wanted {
          guard let id = files.mealID(entry.recipe) else {
            problems.append("\(path): no recipe \(entry.recipe) in the folder")
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
      if !text.isEmpty { kept[week] = ContentHash.of(text) }
    }
    do {
      try store.setSetting(
        Self.setting,
        to: kept.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
          .joined(separator: "\n"))
    } catch {
      throw SyncError(error.message)
    }
    return (changed, problems)
  }

  /// The weeks `Plan/` has a menu file for (`2026-W49`).
  private func menuFiles() -> Set<String> {
    guard let directory = opendir(folder.root + "/Plan") else { return [] }
    defer { closedir(directory) }
    var weeks = Set<String>()
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !SyncPaths.isSkipped(name), MenuFile.monday(ofFile: name) != nil {
        weeks.insert(String(name.dropLast(5)))
      }
    }
    return weeks
  }
}
