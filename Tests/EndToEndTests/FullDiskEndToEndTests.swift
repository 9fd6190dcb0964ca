import Files
import Fixtures
import Foundation
import MealsCLI
import MealsCore
import MealsLaunch
import MealsStore
import TestSupport
import XCTest

/// A really full disk (a small tmpfs filled to the last byte): exports, the week's calendar,
/// the shopping list, the daily backup and the picture cache fail with a message naming the
/// cause, leave no partial file, and leave what was there as it was.
final class FullDiskEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }
  /// The mount point of the full file system.
  var full: String { folder.path("full") }
  private var mounted = false

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: false)
    let mount = try runProcess([
      "/usr/bin/env", "mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", full,
    ])
    guard mount.status == 0 else {
      throw XCTSkip(
        "a full disk needs a small tmpfs, and mount was refused here (\(mount.errors)); run as root with CAP_SYS_ADMIN"
      )
    }
    mounted = true
    let store = try MealStore(path: database)
    _ = try store.createMeal(name: "Arrabiata", instructions: "Boil the pasta.")
    let toast = try store.createMeal(name: "Toast", instructions: "Toast the bread.")
    try store.addToShoppingList(
      mealRef: .saved(toast), mealName: "Toast",
      ingredients: [IngredientMeasurement(name: "Bread", quantity: "2 slices")])
  }

  override func tearDown() {
    if mounted { _ = try? runProcess(["/usr/bin/env", "umount", full]) }
    folder.remove()
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }
  private func put(_ text: String, at path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Fills the file system to its last byte.
  private func fill() {
    let descriptor = open(full + "/filler", O_WRONLY | O_CREAT, 0o644)
    let block = [UInt8](repeating: 0x2E, count: 4_096)
    var size = block.count
    while size > 0 {
      while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) > 0 {}
      size /= 2
    }
    close(descriptor)
  }

  /// The names in the full file system, the filler left out.
  private func names(in path: String? = nil) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path ?? full).filter { $0 != "filler" }
      .sorted()
  }

  /// A sync into a full folder: said, no file half-written, nothing lost from the book; with
  /// room again, the next sync writes what is missing.
  func testASyncIntoAFullFolderIsSaidAndFinishedLater() throws {
    let recipes = full + "/Recipes"
    try FileManager.default.createDirectory(atPath: recipes, withIntermediateDirectories: false)
    try put("---\ntitle: Tea\n---\nBoil @water{1%l}.\n", at: recipes + "/Tea.cook")
    fill()
    var run = try runProcess([Products.meals, "--db", database, "sync", recipes])
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.errors.contains("No space left on device"), run.errors)
    XCTAssertEqual(try names(in: recipes), ["Tea.cook"], "no temporary file left")
    let store = try MealStore(path: database)
    XCTAssertEqual(
      store.mealIDs(named: "Arrabiata").count + store.mealIDs(named: "Toast").count, 2)
    try FileManager.default.removeItem(atPath: full + "/filler")
    run = try runProcess([Products.meals, "--db", database, "sync", recipes])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(
      try names(in: recipes), [".shopping-list", "Arrabiata.cook", "Tea.cook", "Toast.cook"])
    XCTAssertEqual(store.mealCount, 3)
    run = try runProcess([Products.meals, "--db", database, "sync", recipes])
    XCTAssertTrue(run.output.hasSuffix("nothing changed.\n"), run.output)
  }

  func testEveryFileMealsWritesFailsWholeOnAFullDisk() throws {
    // What was there before the disk filled: yesterday's files, a database with its backup,
    // a kept picture.
    try put("yesterday's export\n", at: full + "/meals.json")
    try put("yesterday's calendar\n", at: full + "/week.ics")
    try put("yesterday's list\n", at: full + "/list.md")
    let beside = full + "/beside.sqlite"
    let store = try MealStore(path: beside)
    _ = try store.createMeal(name: "Soup", instructions: "Simmer.")
    store.setBusyTimeout(milliseconds: 0)
    try put("yesterday's backup", at: MealStore.backupPath(of: beside, number: 1))
    let cache = try XCTUnwrap(PictureCache(folder: full + "/pictures"))
    cache.write(Data("an old picture".utf8), for: "https://example.org/old.jpg")
    fill()
    let before = try names()

    // meals export, to a file and to a folder; meals plan export.
    var run = try runProcess([
      Products.meals, "--db", database, "export", "--output", full + "/meals.json",
    ])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.errors.contains("No space left on device"), run.errors)
    XCTAssertEqual(try text(full + "/meals.json"), "yesterday's export\n")
    run = try runProcess([
      Products.meals, "--db", database, "export", "--format", "markdown", "--output",
      full + "/each/",
    ])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.errors.contains("No space left on device"), run.errors)
    for name in (try? names(in: full + "/each")) ?? [] {
      XCTAssertTrue(try text(full + "/each/" + name).hasPrefix("# "), "\(name) is whole")
    }
    run = try runProcess([
      Products.meals, "--db", database, "plan", "export", "--output", full + "/week.ics",
    ])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.errors.contains("No space left on device"), run.errors)
    XCTAssertEqual(try text(full + "/week.ics"), "yesterday's calendar\n")

    // The daily backup, on its worker's connection.
    let failure = store.makeReader().backUp(time: 1_800_000_000)
    XCTAssertTrue(
      failure?.message.contains("disk is full") ?? false, String(describing: failure?.message))
    XCTAssertEqual(try text(MealStore.backupPath(of: beside, number: 1)), "yesterday's backup")
    XCTAssertEqual(store.mealCount, 1)
    XCTAssertEqual(try store.integrityCheck(), "ok")

    // The picture cache: the new one is not kept, the old one is still there.
    cache.write(Data(repeating: 7, count: 100_000), for: "https://example.org/new.jpg")
    XCTAssertNil(cache.read("https://example.org/new.jpg"))
    XCTAssertEqual(cache.read("https://example.org/old.jpg"), Data("an old picture".utf8))

    // The shopping list's export, in the app.
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:9/"), width: 220)
    try tmux.waitFor("2 meals")
    try tmux.press("L")
    try tmux.waitFor("Bread")
    try tmux.press("e")
    try tmux.waitFor("Export the shopping list to")
    try tmux.press("C-u")
    try tmux.type(full + "/list.md")
    try tmux.press("Enter")
    try tmux.waitFor("Replace")
    try tmux.press("y")
    // The prompt comes back with the path and the reason, to write elsewhere.
    try tmux.waitFor("Could not write it: No space left on device; nothing was")
    try tmux.press("Escape", "Escape", "q")
    try tmux.waitFor("EXIT=0")
    XCTAssertEqual(try text(full + "/list.md"), "yesterday's list\n")

    XCTAssertEqual(
      try names().filter { $0 != "each" }, before.filter { $0 != "each" },
      "no temporary or partial file is left")
  }
}
