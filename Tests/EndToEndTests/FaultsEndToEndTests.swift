import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// The built app against a database it may not change: `--read-only` browses, cooks and lists,
/// refuses every change with one message, and leaves the file as it was.
final class FaultsEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    _ = try store.createMeal(name: "Arrabiata", instructions: "Boil the pasta.")
    _ = try store.createMeal(name: "Toast", instructions: "Toast the bread.")
  }

  override func tearDown() {
    folder.remove()
  }

  /// Opens the selected meal in the editor and types a new name (not saved yet).
  private func renameSelected(in tmux: TmuxSession, to name: String) throws {
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (0)")
    try tmux.press("Enter", "C-u")
    try tmux.type(name)
    try tmux.press("Enter")
    try tmux.waitFor("My Meals › \(name)")
  }

  private func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: database)) }

  func testReadOnlyBrowsesCooksAndRefusesChanges() throws {
    let before = try bytes()
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:9/ --read-only"))
    let first = try tmux.waitFor("2 meals")
    XCTAssertTrue(
      first.split(separator: "\n").first?.hasSuffix("read-only") ?? false,
      "the header says so:\n\(first)")
    try tmux.press("d")
    try tmux.waitFor("The database is open read-only (--read-only); nothing was changed.")
    XCTAssertTrue(try tmux.capture().contains("Arrabiata"), "the meal is still listed")
    // The editor shows the meal and refuses the first change, before anything is typed.
    try tmux.press("Enter")
    try tmux.waitFor("this meal can be read, not changed.")
    try tmux.press("Enter")
    try tmux.waitFor("Error: The database is open read-only: this meal can be read")
    XCTAssertFalse(try tmux.capture().contains("Edit Name"), "no field to type in")
    try tmux.press("Escape")
    try tmux.waitFor("2 meals")
    try tmux.press("c")
    try tmux.waitFor("No ingredients listed")
    try tmux.press("Right")
    try tmux.waitFor("Boil the pasta.")
    try tmux.press("Escape")
    try tmux.waitFor("2 meals")
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    XCTAssertEqual(try bytes(), before, "the file is as it was")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    XCTAssertFalse(names.contains { $0.contains(".bak") }, "no backup was attempted: \(names)")
  }

  func testReadOnlyCommandsReadAndRefuse() throws {
    let listed = try runProcess([Products.meals, "--db", database, "--read-only", "list"])
    XCTAssertEqual(listed.status, 0, listed.errors)
    XCTAssertTrue(listed.output.contains("Arrabiata"), listed.output)
    let planned = try runProcess([
      Products.meals, "--db", database, "plan", "add", "Toast", "today", "--read-only",
    ])
    XCTAssertEqual(planned.status, 1)
    XCTAssertEqual(
      planned.errors, "meals: The database is open read-only (--read-only); nothing was changed.\n")
    let restore = try runProcess([
      Products.meals, "--db", database, "--read-only", "--restore-backup", "1",
    ])
    XCTAssertEqual(restore.status, 2)
    XCTAssertTrue(restore.errors.contains("cannot go with --read-only"), restore.errors)
    XCTAssertEqual(
      try MealStore(path: database).planEntries(from: CivilDate(daysSince1970: 0), days: 40_000), []
    )
  }

  // MARK: - Two processes

  /// Writes `count` meals as `meals export` would, for `meals import`.
  private func writeExport(count: Int, to path: String) throws {
    let meals = (0..<count).map { index in
      """
      {"name": "Imported meal \(index)", "category": "Beef", "area": "British", \
      "ingredients": [{"name": "Flour", "quantity": "\(index % 500 + 1)g"}, \
      {"name": "Butter", "quantity": "50g"}], "instructions": "Mix.\\nBake for 20 minutes."}
      """
    }
    let text =
      "{\"format\": \"meals\", \"version\": 1, \"meals\": [\n"
      + meals.joined(separator: ",\n") + "\n]}\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  func testAnImportOf10000MealsWhileAnotherMealsEditsLosesNothing() throws {
    let export = folder.path("ten-thousand.json")
    try writeExport(count: 10_000, to: export)
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:9/"), width: 100,
      height: 30)
    try tmux.waitFor("2 meals")
    let importer = try ChildProcess([Products.meals, "--db", database, "import", export])
    // Arrabiata stays first and Toast last whatever the import has added meanwhile.
    try tmux.press("f")
    try renameSelected(in: tmux, to: "Arrabiata Deluxe")
    try tmux.press("s")
    try tmux.waitUntil("the save lands", timeout: 30) {
      $0.hasPrefix(" My Meals\n") && $0.contains("Saved “Arrabiata Deluxe”.")
    }
    try tmux.press("G")
    try tmux.waitFor("▸ Toast", timeout: 30)
    try tmux.press("d")
    try tmux.waitFor("Deleted “Toast”", timeout: 30)
    let printed = importer.read(until: "\u{0}", timeout: 120)
    XCTAssertEqual(importer.wait(), 0, String(printed.suffix(500)))
    try tmux.waitFor("10001 meals", timeout: 30)
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")

    let store = try MealStore(path: database)
    XCTAssertEqual(try store.integrityCheck(), "ok")
    XCTAssertEqual(store.mealCount, 10_001)
    let deluxe = try XCTUnwrap(store.mealIDs(named: "Arrabiata Deluxe").first)
    XCTAssertNotNil(store.favouritedAt(mealID: deluxe), "the favourite landed")
    XCTAssertEqual(store.mealIDs(named: "Toast"), [], "the delete landed")
    XCTAssertEqual(store.mealIDs(named: "Imported meal 9999").count, 1)
    XCTAssertEqual(try store.meal(id: deluxe)?.instructions, "Boil the pasta.")
    XCTAssertEqual(try store.restoreLastDeleted()?.name, "Toast", "and can be undone")
  }
}
