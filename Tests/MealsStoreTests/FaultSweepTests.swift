import CFaultVFS
import CSQLite3
import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// Every store operation that writes, run with a read, write, sync or lock failing at every
/// possible call: afterwards the file is healthy, holds all of the change or none of it, the
/// open store agrees with it, and an error names the cause.
final class FaultSweepTests: XCTestCase {
  /// A fault to inject: which calls fail, with what, and the words its message must hold.
  struct Fault: CustomStringConvertible {
    var kind: Int32
    var code: Int32
    var name: String
    var cause: [String]
    var description: String { name }
  }

  // SQLite's extended I/O codes are macros Swift does not import.
  static let ioErrorRead = SQLITE_IOERR | (1 << 8)
  static let ioErrorWrite = SQLITE_IOERR | (3 << 8)
  static let ioErrorSync = SQLITE_IOERR | (4 << 8)

  static let faults = [
    Fault(kind: 1, code: SQLITE_FULL, name: "write: disk full", cause: ["disk is full"]),
    Fault(
      kind: 1, code: ioErrorWrite, name: "write: I/O error",
      cause: ["Cannot read or write", "I/O error"]),
    Fault(
      kind: 2, code: ioErrorSync, name: "sync: I/O error",
      cause: ["Cannot read or write", "I/O error"]),
    Fault(
      kind: 0, code: ioErrorRead, name: "read: I/O error",
      cause: ["Cannot read or write", "I/O error"]),
    Fault(kind: 3, code: SQLITE_BUSY, name: "lock: busy", cause: ["busy"]),
  ]

  /// One operation: what it does to an open store (or to the file, for the opening ones).
  struct Operation {
    var name: String
    /// Changes the store; throws what the user would see.
    var run: (Case) throws -> Void
    /// An error may come after part of it is done, each part whole: an upgrade stops between
    /// two steps (and the next open goes on), a restore after the copy (and before reopening).
    var partsAreWhole = false
    /// The two write faults (disk full, I/O error) take alternate calls, each call failed by
    /// one of them: an upgrade makes hundreds of writes, each case upgrades again.
    var writeFaultsAlternate = false
    /// Every Nth call only (the first and the last too, from an offset that moves with each
    /// sweep): most of its calls are another operation's, swept there in full.
    var stride = 1
    /// What must be true beyond the database (backups: the files beside it).
    var files: (Case, _ failed: Bool) throws -> Void = { _, _ in }
  }

  /// The file one run works on, and the store open on it (nil for operations that open it).
  final class Case {
    let path: String
    var store: MealStore?
    init(path: String) { self.path = path }
  }

  var folder: TemporaryFolder!
  /// The database every run starts from, as bytes.
  var template = Data()
  var version1 = Data()
  /// A backup of this version that differs from the template: what a restore brings back.
  var restorable = Data()
  var runs = 0

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    template = try Self.makeTemplate(at: folder.path("template.sqlite"))
    let earlier = folder.path("version1.sqlite")
    try StoreTestCase.makeVersion1Database(at: earlier, meals: 12)
    version1 = try Data(contentsOf: URL(fileURLWithPath: earlier))
    restorable = try Self.makeRestorable(from: template, at: folder.path("restorable.sqlite"))
    meals_fault_install()
  }

  override func tearDown() {
    meals_fault_disarm()
    meals_fault_uninstall()
    folder.remove()
    // XCTest keeps every test case alive: LeakSanitizer would count the files' bytes as leaked.
    template = Data()
    version1 = Data()
    restorable = Data()
  }

  /// Six meals with ingredients, a favourite, one in the trash, a shopping list, a plan, a draft.
  static func makeTemplate(at path: String) throws -> Data {
    let store = try MealStore(path: path)
    store.clock = { 1_800_000_000 }
    for index in 0..<6 {
      var draft = MealDraft(of: nil)
      draft.meal = Meal(
        name: "Meal \(index)", instructions: "Step one.\nStep two.", category: "Beef",
        area: index % 2 == 0 ? "British" : "Thai",
        ingredients: (0..<4).map { IngredientMeasurement(name: "Item \($0)", quantity: "\($0)g") })
      _ = try store.commit(draft)
    }
    try store.setFavourite(true, mealID: 2)
    try store.deleteMeal(id: 6)
    try store.addToShoppingList(
      mealRef: .saved(1), mealName: "Meal 0",
      ingredients: [IngredientMeasurement(name: "Item 1", quantity: "1g")])
    _ = try store.plan(
      mealID: 3, on: CivilDate(daysSince1970: 20_000), slot: .dinner, servings: 4)
    var draft = try store.editableCopy(of: 4)
    draft.name = "Meal 3, edited"
    _ = try store.keepDraft(draft, slot: nil)
    try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.db.close()
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// The template a day earlier: one meal fewer, another favourite, a meal renamed.
  static func makeRestorable(from template: Data, at path: String) throws -> Data {
    try template.write(to: URL(fileURLWithPath: path))
    let store = try MealStore(path: path)
    store.clock = { 1_799_900_000 }
    try store.deleteMeal(id: 3)
    try store.setFavourite(true, mealID: 4)
    var draft = try store.editableCopy(of: 5)
    draft.name = "Meal 4, as it was"
    _ = try store.commit(draft)
    try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.db.close()
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  // MARK: - The operations

  static func stored(_ run: @escaping (MealStore) throws -> Void) -> (Case) throws -> Void {
    { try run(XCTUnwrap($0.store)) }
  }

  static var operations: [Operation] {
    [
      Operation(
        name: "save",
        run: stored { store in
          var draft = try store.editableCopy(of: 1)
          draft.name = "Meal 0, renamed"
          draft.meal.ingredients.append(IngredientMeasurement(name: "Salt", quantity: "1 pinch"))
          _ = try store.commit(draft)
        }),
      Operation(
        name: "save a new meal, discarding its kept draft",
        run: stored { store in
          var draft = MealDraft(of: nil)
          draft.meal = Meal(name: "Soup", instructions: "Simmer.", category: "Vegan")
          _ = try store.commit(draft, discardingDraft: 1)
        }),
      Operation(name: "delete", run: stored { try $0.deleteMeal(id: 2) }),
      Operation(name: "undo delete", run: stored { _ = try $0.restoreLastDeleted() }),
      Operation(name: "restore deleted", run: stored { _ = try $0.restoreDeleted(id: 6) }),
      Operation(name: "erase deleted", run: stored { try $0.eraseDeleted(id: 6) }),
      Operation(name: "favourite", run: stored { try $0.setFavourite(true, mealID: 5) }),
      Operation(name: "chip choice", run: stored { try $0.setSetting("chips", to: "[\"Thai\"]") }),
      Operation(
        name: "keep a draft",
        run: stored { store in
          var draft = try store.editableCopy(of: 5)
          draft.instructions = "Changed."
          _ = try store.keepDraft(draft, slot: nil)
        }),
      Operation(
        name: "import",
        run: stored { store in
          _ = try store.importMeals(
            (0..<3).map {
              ImportCandidate(
                place: "meal \($0)",
                meal: Meal(
                  name: "Imported \($0)", instructions: "Mix.",
                  ingredients: [IngredientMeasurement(name: "Flour", quantity: "100g")]))
            })
        }),
      Operation(
        name: "add to the shopping list",
        run: stored { store in
          try store.addToShoppingList(
            mealRef: .saved(2), mealName: "Meal 1",
            ingredients: [
              IngredientMeasurement(name: "Item 1", quantity: "2g"),
              IngredientMeasurement(name: "Item 2", quantity: "3g"),
            ])
        }),
      Operation(
        name: "tick shopping rows",
        run: stored { store in
          try store.setTicked(true, items: [1])
        }),
      Operation(name: "remove from the plan", run: stored { _ = try $0.removePlanEntry(id: 1) }),
      Operation(
        name: "plan a meal",
        run: stored {
          _ = try $0.plan(
            mealID: 1, on: CivilDate(daysSince1970: 20_001), slot: .lunch, servings: 2)
        }),
      Operation(
        name: "migration",
        run: { run in
          run.store = try MealStore(path: run.path, busyTimeout: 0)
        }, partsAreWhole: true, writeFaultsAlternate: true),
      Operation(
        name: "backup",
        run: { run in
          let connection = try SQLiteConnection(path: run.path, readOnly: true)
          connection.setBusyTimeout(milliseconds: 0)
          try MealStore.backUp(with: connection, time: 1_800_000_000)
        },
        files: { run, failed in
          let fresh = run.path + ".bak.new"
          XCTAssertFalse(FileManager.default.fileExists(atPath: fresh), "no half-written backup")
          let newest = MealStore.backupPath(of: run.path, number: 1)
          let older = MealStore.backupPath(of: run.path, number: 2)
          XCTAssertEqual(
            try String(contentsOfFile: failed ? newest : older, encoding: .utf8),
            "yesterday's backup", "the backup before it is kept")
          if !failed {
            meals_fault_disarm()
            XCTAssertEqual(try MealStore.inspectBackup(number: 1, of: run.path).mealCount, 5)
          }
        }),
      Operation(
        name: "restore a backup",
        run: { run in
          try MealStore.restoreBackup(number: 1, of: run.path, busyTimeout: 0)
        }, partsAreWhole: true),
      // The copy as above, then the upgrade (swept call by call as "migration").
      Operation(
        name: "restore a first-schema backup",
        run: { run in
          try MealStore.restoreBackup(number: 1, of: run.path, busyTimeout: 0)
        }, partsAreWhole: true, stride: 8),
    ]
  }

  // MARK: - The sweep

  /// The database's every row, table by table, as text (sorted: a change of order is no change).
  static func contents(of db: SQLiteConnection) throws -> [String] {
    let tables = try db.statement(
      "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
    ).rows { $0.text(0) }
    var rows: [String] = []
    for table in tables {
      // A meal's sync id is random (a new meal's, and each filled in by the upgrade to 12):
      // compared as there or not.
      let columns = try db.statement("PRAGMA table_info(\"\(table)\")").rows { $0.text(1) }
      let lines = try db.statement("SELECT * FROM \"\(table)\"").rows { row in
        table + ": "
          + (0..<row.columnCount).map { column in
            let value = text(of: row.value(column))
            return Int(column) < columns.count && columns[Int(column)] == "uid" && value != "null"
              ? "a uid" : value
          }.joined(separator: " | ")
      }
      rows += lines.sorted()
    }
    return rows
  }

  /// A value as text, its type first (not by `"\(value)"`: reflection, half the sweep's time).
  static func text(of value: SQLValue) -> String {
    switch value {
    case .null: return "null"
    case .integer(let number): return "integer \(number)"
    case .real(let number): return "real \(number)"
    case .text(let text): return "text " + text
    case .blob(let bytes):
      // Every byte counts (a photo changed in place is a change): FNV-1a over them.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return "blob \(bytes.count) bytes \(String(hash, radix: 16))"
    }
  }

  /// The file's rows and what its integrity check says, through one connection (each open
  /// reads the whole schema).
  static func inspect(_ path: String) throws -> (rows: [String], integrity: [String]) {
    let connection = try SQLiteConnection(path: path, readOnly: true)
    defer { connection.close() }
    let integrity = try connection.statement("PRAGMA integrity_check").rows { $0.text(0) }
    return (try contents(of: connection), integrity)
  }

  static func contents(ofFile path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path, readOnly: true)
    defer { connection.close() }
    return try contents(of: connection)
  }

  /// A fresh copy of the starting file (and what the operation needs beside it).
  func prepare(_ operation: Operation, index: Int) throws -> Case {
    let path = folder.path("run.sqlite")
    for suffix in ["", "-wal", "-shm", ".bak.new", ".bak.1", ".bak.2", ".bak.3", ".v1.bak"] {
      unlink(path + suffix)
    }
    unlink(path + ".before-restore")
    let migrating = operation.name == "migration"
    try (migrating ? version1 : template).write(to: URL(fileURLWithPath: path))
    let run = Case(path: path)
    switch operation.name {
    case "backup":
      try Data("yesterday's backup".utf8).write(
        to: URL(fileURLWithPath: MealStore.backupPath(of: path, number: 1)))
    case "restore a backup":
      try restorable.write(to: URL(fileURLWithPath: MealStore.backupPath(of: path, number: 1)))
    case "restore a first-schema backup":
      try version1.write(to: URL(fileURLWithPath: MealStore.backupPath(of: path, number: 1)))
    case "migration": break
    default:
      let store = try MealStore(path: path, busyTimeout: 0)
      store.clock = { 1_800_000_100 }
      run.store = store
    }
    return run
  }

  /// Runs the operation once without faults: what it leaves, and how many calls of each kind
  /// it makes.
  func dryRun(_ operation: Operation) throws -> (before: [String], after: [String], calls: [Int]) {
    let run = try prepare(operation, index: 0)
    let before = try Self.contents(ofFile: run.path)
    meals_fault_disarm()
    try operation.run(run)
    let calls = (0..<4).map { Int(meals_fault_calls(Int32($0))) }
    try operation.files(run, false)
    run.store = nil
    return (before, try Self.contents(ofFile: run.path), calls)
  }

  func testEveryWriteUnderEveryFaultLeavesTheDataWhole() throws {
    // Under AddressSanitizer (`make test-asan`) every Nth call of each sweep, the first and the
    // last, from an offset that moves with each sweep: the full sweep runs in the main pass,
    // where it takes a minute, rather than eight.
    let every = max(
      1, Int(ProcessInfo.processInfo.environment["MEALS_FAULT_SWEEP_EVERY"] ?? "") ?? 1)
    var sweeps = 0
    var cases = 0
    var failures = 0
    var report: [String] = []
    for operation in Self.operations {
      // What every case starts from, read once (each sweep's first case checks it is so).
      let (before, after, calls) = try dryRun(operation)
      for fault in Self.faults {
        let count = calls[Int(fault.kind)]
        var failedHere = 0
        let start = Date()
        sweeps += 1
        // Disk full takes the even calls, the I/O error the odd ones (and both the ends).
        let alternate = operation.writeFaultsAlternate && fault.kind == 1
        let parity = fault.code == SQLITE_FULL ? 0 : 1
        let step = every * operation.stride
        for nth in 1...max(1, count + 1)
        where (step == 1 || nth == 1 || nth == count + 1 || (nth + sweeps) % step == 0)
          && (!alternate || nth == 1 || nth == count + 1 || nth % 2 == parity)
        {
          cases += 1
          let run = try prepare(operation, index: cases)
          if nth == 1 {
            XCTAssertEqual(try Self.contents(ofFile: run.path), before, "every case starts alike")
          }
          var error: StoreError?
          meals_fault_arm(fault.kind, Int32(nth), fault.code)
          do {
            try operation.run(run)
          } catch let thrown as StoreError {
            error = thrown
          }
          meals_fault_disarm()
          let label = "\(operation.name), \(fault), call \(nth) of \(count)"
          try check(
            run, operation: operation, error: error, before: before, after: after, fault: fault,
            label: label)
          if error != nil { failedHere += 1 }
          run.store = nil
        }
        failures += failedHere
        report.append(
          "\(operation.name) · \(fault): \(count) calls"
            + (alternate ? " (every other one)" : "")
            + (operation.stride > 1 ? " (every \(operation.stride)th)" : "")
            + ", \(failedHere) failed cleanly"
            + String(format: " (%.1f s)", Date().timeIntervalSince(start)))
      }
    }
    print(
      "Fault sweep: \(cases) cases (operation, fault, N)"
        + (every > 1 ? ", every \(every)th call" : "") + ", \(failures) ended in an error:")
    for line in report { print("  " + line) }
  }

  /// A few rows only one side has, to say what differs.
  static func difference(_ found: [String], _ expected: [String]) -> String {
    let extra = Set(found).subtracting(expected).sorted().prefix(3)
    let missing = Set(expected).subtracting(found).sorted().prefix(3)
    return "found \(Array(extra)), expected \(Array(missing))"
  }

  private func check(
    _ run: Case, operation: Operation, error: StoreError?, before: [String], after: [String],
    fault: Fault, label: String
  ) throws {
    if let error {
      XCTAssertTrue(
        fault.cause.contains { error.message.contains($0) },
        "\(label): the message names the cause: \(error.message)")
    }
    try operation.files(run, error != nil)
    // The open store (the screen reads it) agrees with the file.
    var fresh: (rows: [String], integrity: [String])?
    if let store = run.store {
      let read = try Self.inspect(run.path)
      fresh = read
      XCTAssertEqual(try Self.contents(of: store.db), read.rows, "\(label): the open store agrees")
      XCTAssertEqual(
        store.mealCount, read.rows.filter { $0.hasPrefix("meal: ") }.count,
        "\(label): the meal count agrees")
      store.db.close()
    }
    var journal = stat()
    if stat(run.path + "-journal", &journal) == 0 && journal.st_size > 0 {
      fresh = nil  // the next open may put the file back
      // An upgrade in a rollback journal stopped by the fault: a read-only open reads the
      // file as it was, or (the journal needed to put it back) says so; the next open that
      // may write (the next start) puts the file back.
      XCTAssertTrue(
        ["migration", "restore a first-schema backup"].contains(operation.name),
        "\(label): a journal is left only by an upgrade (the book's, or a first-schema backup's once restored)"
      )
      do {
        _ = try MealStore(path: run.path, readOnly: true)
      } catch {
        let message = error.message
        XCTAssertTrue(
          message.contains("middle of a change") || message.contains("from an earlier meals"),
          "\(label): \(message)")
      }
      let writer = try SQLiteConnection(path: run.path)
      _ = try writer.statement("SELECT count(*) FROM sqlite_schema").scalar()
      writer.close()
    }
    // The file as read above when nothing has touched it since.
    let (now, integrity) = try fresh ?? Self.inspect(run.path)
    XCTAssertEqual(integrity, ["ok"], label)
    if error == nil {
      XCTAssertTrue(
        now == after,
        "\(label): no error, so the whole change is there; \(Self.difference(now, after))")
    } else if operation.partsAreWhole {
      if now != before && now != after {
        _ = try MealStore(path: run.path)
        XCTAssertTrue(
          try Self.contents(ofFile: run.path) == after,
          "\(label): stopped between whole parts, and the next open finishes the change")
      }
    } else {
      XCTAssertTrue(
        now == before,
        "\(label): an error, so none of the change is there; \(Self.difference(now, before))")
    }
  }
}
