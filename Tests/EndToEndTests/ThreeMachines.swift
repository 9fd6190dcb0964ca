import Fixtures
import Foundation
import MealsCLI
import MealsCore
import MealsLaunch
import MealsStore
import MealsSync

/// Three books, each with its own copy of one sync folder, and what a person does to them.
final class ThreeMachines {
  enum Transport: CustomStringConvertible {
    /// Each folder a clone of one bare git repository; the sync pulls and pushes.
    case git
    /// Each folder exchanged with a shared copy before and after its sync, as Syncthing does.
    case copies

    var description: String { self == .git ? "git" : "copies" }
  }

  let all: [Machine]
  let transport: Transport
  private var random: SeededGenerator
  private let hub: SyncthingLikeHub?
  /// What went wrong in a sync (a failure, a file left alone), said at the end.
  private(set) var failures: [String] = []
  private var counter = 0
  /// Whether the run is in its last two rounds (each sync then traced on its own).
  var finalRounds = false
  private var done = ""
  /// Minutes since 10:00, a minute a sync: the time the versions kept beside others are named
  /// after.
  private var minute = 0
  private let pictures: [MealPhoto]
  let today = CivilDate(year: 2026, month: 12, day: 5) ?? CivilDate(daysSince1970: 20_427)

  init(root: String, transport: Transport, seed: UInt64) throws {
    self.transport = transport
    random = SeededGenerator(state: seed)
    let names = ["alder", "birch", "cedar"]
    if transport == .git {
      let remote = root + "/remote.git"
      try Self.git(["init", "-q", "--bare", "-b", "main", remote])
      for name in names {
        try Self.git(["clone", "-q", remote, root + "/" + name + "-folder"])
      }
      hub = nil
    } else {
      hub = try SyncthingLikeHub(root: root + "/hub")
      // Each with the marker Syncthing keeps in a folder it shares.
      for name in names {
        try FileManager.default.createDirectory(
          atPath: root + "/" + name + "-folder/.stfolder", withIntermediateDirectories: true)
      }
    }
    all = try names.enumerated().map { index, name in
      try Machine(
        name: name, device: String(repeating: String(UnicodeScalar(UInt8(65 + index))), count: 7),
        database: root + "/" + name + ".sqlite", folder: root + "/" + name + "-folder")
    }
    let fixtures = PackagePaths.root.appendingPathComponent("Resources/fixtures/pictures")
    pictures = try ["meal.jpg", "meal.png", "meal.webp"].compactMap {
      MealPhoto(bytes: [UInt8](try Data(contentsOf: fixtures.appendingPathComponent($0))))
    }
  }

  // MARK: - Steps

  /// What was done, step by step (`MEALS_SOAK_TRACE=1` prints it with a failure).
  private(set) var trace: [String] = []

  /// One thing a person does on one machine, chosen at random (a sync a fifth of the time).
  func randomStep() throws {
    let index = Int.random(in: 0..<all.count, using: &random)
    let machine = all[index]
    let before = try machine.recipeFiles()
    defer {
      let after = (try? machine.recipeFiles()) ?? []
      watch()
      trace.append(
        "\(machine.name): \(done) — files \(after.count)"
          + (before == after
            ? ""
            : " +\(Set(after).subtracting(before).sorted()) -\(Set(before).subtracting(after).sorted())")
      )
    }
    let ids = try machine.mealIDs()
    let roll = Int.random(in: 0..<100, using: &random)
    guard let id = ids.randomElement(using: &random), roll >= 12 else {
      done = "add"
      return try add(on: machine)
    }
    let name = (try machine.store.meal(id: id)?.name) ?? "?"
    done = "\(roll) on \(name) #\(id)"
    switch roll {
    case 12..<29: try sync(index)
    case 29..<32: try killedSync(index)
    case 32..<40: try editSteps(on: machine, id: id)
    case 40..<45: try edit(on: machine, id: id) { $0.name = "Dish \(self.pick(20))" }
    case 45..<50:
      try addIngredient(on: machine, id: id)
    case 50..<54:
      try edit(on: machine, id: id) {
        $0.category = [nil, "Soups", "Cakes", "Beef"][self.pick(4)]
      }
    case 54..<57:
      let favourite = try machine.store.meal(id: id)?.favourite ?? false
      try machine.store.setFavourite(!favourite, mealID: id)
    case 57..<60: try edit(on: machine, id: id) { $0.rating = 1 + self.pick(5) }
    case 60..<64: try machine.store.deleteMeal(id: id)
    case 64..<67: try machine.store.restoreLastDeleted()
    case 67..<70: try machine.store.setPhoto(pictures[pick(pictures.count)], mealID: id)
    case 70..<80: try editByHand(on: machine)
    case 80..<83: try removeByHand(on: machine)
    case 83..<89:
      try machine.store.plan(
        mealID: id, on: CivilDate(daysSince1970: today.daysSince1970 + pick(7)),
        slot: PlanSlot.allCases[pick(PlanSlot.allCases.count)], servings: 1 + pick(4))
    default: try shop(on: machine, id: id)
    }
  }

  // MARK: - Watching a run

  /// Each book's meals and every copy of the folder, after each step (`MEALS_SOAK_WATCH=FILE`).
  ///
  /// A meal live (`L`) or in Recently Deleted (`T`) with its plan entries and photos, each
  /// file with its size and time, appended to FILE: a meal's path through a failing run can
  /// be read. The books are read with the `sqlite3` program.
  func watch(_ label: String = "") {
    guard let log = ProcessInfo.processInfo.environment["MEALS_SOAK_WATCH"] else { return }
    let step = "\(trace.count)\(label)"
    var lines: [String] = []
    let copies = all.map { ($0.name, $0.folder) } + (hub.map { [("hub", $0.root)] } ?? [])
    for (name, root) in copies {
      let files = FileManager.default.enumerator(atPath: root)
      while let file = files?.nextObject() as? String {
        if file.hasPrefix(".git") || file.hasPrefix(".st") { continue }
        let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + file)
        let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        lines.append("\(step) \(name) F|\(file)|\(attributes?[.size] ?? 0)|\(time)")
      }
    }
    let query = """
      SELECT 'L', uid, name, (SELECT count(*) FROM plan_entry WHERE meal_id = meal.id),
        (SELECT count(*) FROM meal_photo WHERE meal_id = meal.id) FROM meal
      UNION ALL SELECT 'T', uid, name,
        (SELECT count(*) FROM trash_plan_entry WHERE meal_id = trash_meal.id),
        (SELECT count(*) FROM trash_meal_photo WHERE meal_id = trash_meal.id) FROM trash_meal;
      """
    for machine in all {
      let rows = (try? runProcess(["/usr/bin/env", "sqlite3", machine.database, query]))?.1 ?? "?"
      lines += rows.split(separator: "\n").map { "\(step) \(machine.name) \($0)" }
    }
    if !FileManager.default.fileExists(atPath: log) {
      _ = FileManager.default.createFile(atPath: log, contents: nil)
    }
    guard let handle = FileHandle(forWritingAtPath: log) else { return }
    handle.seekToEndOfFile()
    handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    handle.closeFile()
  }

  /// One machine's sync, the folder exchanged around it when the transport is copies.
  func sync(_ index: Int) throws {
    let machine = all[index]
    done = "sync"
    machine.synced.formUnion(machine.written)
    if let hub { try hub.exchange(machine.folder, device: machine.device, random: &random) }
    if finalRounds { watch("a") }
    minute += 1
    let time = "2026-12-05 \(10 + minute / 60 % 14):\(minute % 60 < 10 ? "0" : "")\(minute % 60)"
    switch FolderSync.run(
      store: machine.store, databasePath: machine.database, folder: machine.folder, today: today,
      machine: SyncMachine(name: machine.name, time: time))
    {
    case .failure(let error):
      failures.append("a sync on \(machine.name) failed: \(error.message)")
    case .success(let report):
      // A week's reference to a recipe another machine removed or moved meanwhile is said
      // once and passed over (the plan's entry went with its meal): not a failure.
      failures +=
        report.setAside.filter { !$0.hasPrefix("Plan/") }
        .map { "\(machine.name) left alone \($0)" }
      done += " \(report.summary(home: nil)) \(report.conflicts) \(report.setAside)"
      if ProcessInfo.processInfo.environment["MEALS_SOAK_TRACE_PLAN"] != nil {
        let menus =
          (try? FileManager.default.contentsOfDirectory(atPath: machine.folder + "/Plan"))
          ?? []
        for menu in menus.sorted() {
          let text =
            (try? String(contentsOfFile: machine.folder + "/Plan/" + menu, encoding: .utf8))
          done +=
            "\n    \(menu): "
            + (text ?? "").split(separator: "\n").filter { $0.contains("@") }
            .joined(separator: " | ")
        }
        let names = try machine.store.allPlanEntries().map { "\($0.day) \($0.slot) \($0.mealName)" }
        done += "\n    book: " + names.joined(separator: " | ")
      }
    }
    if finalRounds { watch("b") }
    if let hub { try hub.exchange(machine.folder, device: machine.device, random: &random) }
    if finalRounds {
      watch()
      trace.append("\(machine.name) (last rounds): \(done)")
    }
  }

  /// `meals sync` as a process, killed (SIGKILL) after a random moment.
  ///
  /// The power cut, the laptop closed mid-sync: the next sync must finish the work, whatever
  /// was cut.
  func killedSync(_ index: Int) throws {
    let machine = all[index]
    done = "killed sync"
    if let hub { try hub.exchange(machine.folder, device: machine.device, random: &random) }
    let child = try ChildProcess([
      "/usr/bin/env", "MEALS_SYNC_MACHINE=\(machine.name)", Products.meals, "--db",
      machine.database, "sync", machine.folder,
    ])
    usleep(useconds_t(Int.random(in: 0..<60_000, using: &random)))
    child.kill(SIGKILL)
    _ = child.wait()
    // The git it started outlives it and goes on to its end; the person at the machine comes
    // back to the folder after that (an edit racing git's own checkout is git's to lose).
    let folder = URL(fileURLWithPath: machine.folder).resolvingSymlinksInPath().path
    for _ in 0..<200 where Self.isAnyProcessWorking(in: folder) { usleep(50_000) }
    if let hub { try hub.exchange(machine.folder, device: machine.device, random: &random) }
  }

  private func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }

  private func token(on machine: Machine) -> String {
    counter += 1
    let token = "t\(counter)-\(machine.name)"
    machine.written.append(token)
    done += " writes \(token)"
    return token
  }

  private func add(on machine: Machine) throws {
    var draft = MealDraft(of: nil)
    draft.name = "Dish \(pick(20))"
    draft.instructions = "Cook it well, \(token(on: machine))."
    draft.meal.category = [nil, "Soups", "Cakes"][pick(3)]
    try machine.store.commit(draft)
  }

  private func edit(on machine: Machine, id: Int64, _ change: (inout Meal) -> Void) throws {
    var draft = try machine.store.editableCopy(of: id)
    change(&draft.meal)
    try machine.store.commit(draft)
  }

  private func editSteps(on machine: Machine, id: Int64) throws {
    let line = "Then stir, \(token(on: machine))."
    try edit(on: machine, id: id) { $0.instructions += "\n\n" + line }
  }

  private func addIngredient(on machine: Machine, id: Int64) throws {
    let name = ["flour", "eggs", "milk", "butter", "salt"][pick(5)]
    try machine.store.addIngredient(
      IngredientMeasurement(name: name, quantity: "\(1 + pick(9)) g"), toMeal: id)
  }

  /// A line added to a recipe file in an editor, as a new step.
  private func editByHand(on machine: Machine) throws {
    guard let file = try machine.recipeFiles().randomElement(using: &random) else { return }
    let path = machine.folder + "/" + file
    done = "by hand in \(file)"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    if !text.hasSuffix("\n") { text += "\n" }
    text += "\nAdded by hand, \(token(on: machine)).\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  private func removeByHand(on machine: Machine) throws {
    guard let file = try machine.recipeFiles().randomElement(using: &random) else { return }
    done = "removes \(file)"
    // Lines added by hand and not yet synced go with the file: the user removed them.
    let text = (try? String(contentsOfFile: machine.folder + "/" + file, encoding: .utf8)) ?? ""
    machine.written.removeAll { text.contains($0 + ".") && !machine.synced.contains($0) }
    // So do lines another machine wrote that came in by Syncthing and this book never read
    // (its sync was killed meanwhile): the person removed them with the file unseen by meals.
    let read = try machine.store.syncedMeals().compactMap { try machine.store.meal(id: $0.id) }
      .map(\.instructions).joined(separator: "\n")
    for other in all where other !== machine {
      other.written.removeAll { text.contains($0 + ".") && !read.contains($0 + ".") }
    }
    try FileManager.default.removeItem(atPath: machine.folder + "/" + file)
  }

  /// A meal's ingredients put on the list, or an item ticked or unticked.
  private func shop(on machine: Machine, id: Int64) throws {
    let items = try machine.store.readShoppingItems()
    if let item = items.randomElement(using: &random), pick(3) > 0 {
      try machine.store.setTicked(!item.ticked, items: [item.id])
      return
    }
    guard let meal = try machine.store.meal(id: id), !meal.ingredients.isEmpty else { return }
    try machine.store.addToShoppingList(
      mealRef: .saved(id), mealName: meal.name, ingredients: meal.ingredients)
  }

  /// Whether a process has `folder` as its working folder (git run with `-C folder`).
  static func isAnyProcessWorking(in folder: String) -> Bool {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.contains { process in
      process.allSatisfy(\.isNumber)
        && (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/cwd"))
          == folder
    }
  }

  // MARK: - git

  static func git(_ arguments: [String]) throws {
    let (status, _, errors) = try runProcess(
      ["/usr/bin/env", "git", "-c", "user.name=test", "-c", "user.email=test@localhost"]
        + arguments)
    guard status == 0 else {
      throw RunFailure("git \(arguments.joined(separator: " ")): \(errors)")
    }
  }
}

/// One machine: its book and its copy of the folder.
final class Machine {
  let name: String
  /// Its Syncthing device id (seven letters, as a conflict copy's name shows it).
  let device: String
  let database: String
  let folder: String
  let store: MealStore
  /// Every line written on this machine (steps and lines added by hand), to find at the end.
  var written: [String] = []
  /// Those a sync has seen (the book or the folder has them since).
  var synced = Set<String>()

  init(name: String, device: String, database: String, folder: String) throws {
    self.name = name
    self.device = device
    self.database = database
    self.folder = folder
    store = try MealStore(path: database)
  }

  func mealIDs() throws -> [Int64] { try store.syncedMeals().map(\.id).sorted() }

  /// The folder's recipe files, relative to it, sorted.
  func recipeFiles() throws -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasPrefix(".git") { enumerator?.skipDescendants() }
      if path.hasSuffix(".cook") { files.append(path) }
    }
    return files.sorted()
  }

  /// What the book holds, as comparable values (each meal as it would be written, with its
  /// photo's bytes).
  struct Book: Equatable {
    var meals: [Kept]
    var plan: [String]
    var shopping: [String]
  }

  struct Kept: Hashable, Comparable, CustomStringConvertible {
    var name: String
    var text: String
    /// The photo's bytes, told apart by their count and a hash.
    var photo: String

    static func < (lhs: Kept, rhs: Kept) -> Bool { lhs.text < rhs.text }

    var description: String { text + (photo.isEmpty ? "" : "[photo \(photo)]\n") }
  }

  func book() throws -> Book {
    var uids: [Int64: String] = [:]
    var meals: [Kept] = []
    for synced in try store.syncedMeals() {
      uids[synced.id] = synced.uid
      guard let meal = try store.meal(id: synced.id) else { continue }
      meals.append(
        Kept(
          name: meal.name, text: Cooklang.render(meal, syncID: synced.uid),
          photo: try store.photo(mealID: synced.id).map {
            "\($0.bytes.count) bytes, \(ContentHash.of($0.bytes))"
          } ?? ""))
    }
    let plan = try store.allPlanEntries().map {
      "\($0.day) \($0.slot) \(uids[$0.mealID] ?? "?") \($0.servings) \($0.note)"
    }
    // A saved meal's items by the meal (its name when they were put on the list is a label).
    let shopping = try store.syncedShoppingItems().map { item in
      let meal = item.ref.hasPrefix("id:") ? Int64(item.ref.dropFirst(3)).flatMap { uids[$0] } : nil
      return "\(meal ?? item.mealName) · \(item.ingredient) · \(item.measure) · "
        + (item.ticked ? "ticked" : "")
    }
    return Book(meals: meals.sorted(), plan: plan.sorted(), shopping: shopping.sorted())
  }

  /// Every meal's text, those in Recently Deleted too (put back to be read: the run is over).
  func everythingKept() throws -> String {
    while try store.restoreLastDeleted() != nil {}
    return try store.syncedMeals().compactMap { try store.meal(id: $0.id) }
      .map { $0.name + "\n" + $0.instructions }.joined(separator: "\n")
  }
}

/// A step of the run that could not be taken (a test's own failure, not the product's).
struct RunFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}
