import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// `meals sync` through git when things go wrong.
///
/// A sync killed midway leaves git's lock or a merge half done, the remote is gone. Each is
/// said or put right, nothing is lost, and the next sync is whole.
final class SyncFaultsEndToEndTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    try git(["init", "-q", "--bare", "-b", "main", path("remote.git")])
    try git(["clone", "-q", path("remote.git"), path("A")])
    try git(["clone", "-q", path("remote.git"), path("B")])
  }

  override func tearDown() {
    folder.remove()
    folder = nil
  }

  // MARK: - Helpers

  private func path(_ name: String) -> String { folder.path(name) }

  @discardableResult
  private func sync(_ database: String, _ tree: String, status: Int32 = 0) throws -> (
    output: String, errors: String
  ) {
    let (got, output, errors) = try runProcess(
      [Products.meals, "--db", path(database), "sync", path(tree)])
    XCTAssertEqual(got, status, "meals sync \(tree): \(output)\(errors)")
    return (output, errors)
  }

  @discardableResult
  private func git(_ arguments: [String], status: Int32 = 0) throws -> String {
    let (got, output, errors) = try runProcess(
      ["/usr/bin/env", "git", "-c", "user.name=test", "-c", "user.email=test@localhost"]
        + arguments)
    XCTAssertEqual(got, status, "git \(arguments.joined(separator: " ")): \(errors)")
    return output
  }

  private func names(_ database: String) throws -> [String] {
    let store = try MealStore(path: path(database))
    return try store.syncedMeals().compactMap { try store.meal(id: $0.id)?.name }.sorted()
  }

  private func edit(_ database: String, _ name: String, _ change: (inout Meal) -> Void) throws {
    try MealStore(path: path(database)).editMeal(named: name, change)
  }

  private func write(_ text: String, _ name: String) throws {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
  }

  /// Two books that share two meals through the remote.
  private func twoBooks() throws {
    let store = try MealStore(path: path("a.sqlite"))
    try store.createMeal(name: "Leek Soup", instructions: "Simmer the leeks.")
    try store.createMeal(name: "Toast", instructions: "Toast the bread.")
    try sync("a.sqlite", "A")
    try sync("b.sqlite", "B")
    XCTAssertEqual(try names("b.sqlite"), ["Leek Soup", "Toast"])
  }

  // MARK: - The faults

  /// A sync killed while git held its index lock and a file was half written: the lock no git
  /// holds is taken away, the half-written file goes and never reaches git, and the next sync
  /// is whole.
  func testALockAStoppedGitLeftIsTakenAway() throws {
    try twoBooks()
    try edit("a.sqlite", "Toast") { $0.servings = 2 }
    try write("", "A/.git/index.lock")
    // And a file it was writing when it stopped (its temporary, never renamed into place).
    try write("---\ntitle: Toast\n---\nHalf", "A/.Toast.cook.Ab12Cd")
    XCTAssertTrue(try sync("a.sqlite", "A").output.contains("pushed"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("A/.git/index.lock")))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("A/.Toast.cook.Ab12Cd")))
    let everCommitted = try git(["-C", path("A"), "log", "--all", "--name-only", "--format="])
    XCTAssertFalse(everCommitted.contains(".Toast.cook.Ab12Cd"), "never committed")
    try sync("b.sqlite", "B")
    let store = try MealStore(path: path("b.sqlite"))
    let toast = try XCTUnwrap(store.mealIDs(named: "Toast").first)
    XCTAssertEqual(try store.meal(id: toast)?.servings, 2)
  }

  /// A lock a running git holds is never taken: said, and the book untouched.
  func testALockARunningGitHoldsIsSaid() throws {
    try twoBooks()
    let holder = try ChildProcess([
      "/bin/sh", "-c", "exec 3>'\(path("A/.git/index.lock"))'; read line",
    ])
    defer {
      holder.closeInput()
      holder.wait()
    }
    var waited = 0
    while !FileManager.default.fileExists(atPath: path("A/.git/index.lock")) && waited < 200 {
      usleep(10_000)
      waited += 1
    }
    let said = try sync("a.sqlite", "A", status: 1)
    XCTAssertTrue(said.errors.contains("git is busy in \(path("A"))"), said.errors)
    XCTAssertEqual(try names("a.sqlite"), ["Leek Soup", "Toast"])
  }

  /// Where a sync killed inside its merge stands; B's `Leek Soup.cook` before the merge.
  ///
  /// A changes Leek Soup's steps and syncs; B's file is changed by hand and committed, then
  /// git's merge stops on the conflict.
  private func mergeStoppedOnBothSides() throws -> String {
    try twoBooks()
    try edit("a.sqlite", "Leek Soup") { $0.instructions = "Simmer the leeks slowly." }
    try sync("a.sqlite", "A")
    let soup = path("B/Leek Soup.cook")
    let text = try String(contentsOfFile: soup, encoding: .utf8)
    try text.replacingOccurrences(of: "Simmer the leeks.", with: "Simmer the leeks in butter.")
      .write(toFile: soup, atomically: true, encoding: .utf8)
    try git(["-C", path("B"), "commit", "-q", "-am", "by hand"])
    try git(["-C", path("B"), "pull", "-q", "--no-rebase", "--no-edit"], status: 1)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path("B/.git/MERGE_HEAD")))
    return text
  }

  /// A merge a killed sync left half done (git's conflict marks in the file): undone, merged
  /// again, both versions kept — never a recipe with `<<<<<<<` in its steps.
  func testAMergeAStoppedSyncLeftIsMergedAgain() throws {
    _ = try mergeStoppedOnBothSides()
    let soup = path("B/Leek Soup.cook")
    XCTAssertTrue(try String(contentsOfFile: soup, encoding: .utf8).contains("<<<<<<<"))
    let said = try sync("b.sqlite", "B")
    XCTAssertTrue(said.output.contains("pushed"), said.output)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("B/.git/MERGE_HEAD")))
    try sync("a.sqlite", "A")
    for book in ["a.sqlite", "b.sqlite"] {
      let store = try MealStore(path: path(book))
      for synced in try store.syncedMeals() {
        let meal = try XCTUnwrap(try store.meal(id: synced.id))
        XCTAssertFalse(meal.instructions.contains("<<<<<<<"), "\(book): \(meal.name)")
        XCTAssertFalse(meal.instructions.contains(">>>>>>>"), "\(book): \(meal.name)")
      }
      let all = try store.syncedMeals().compactMap { try store.meal(id: $0.id) }
      XCTAssertTrue(all.contains { $0.instructions == "Simmer the leeks slowly." }, book)
      XCTAssertTrue(all.contains { $0.instructions == "Simmer the leeks in butter." }, book)
    }
    XCTAssertEqual(try git(["-C", path("B"), "grep", "-c", "<<<<<<<"], status: 1), "")
  }

  /// A file someone changed after a stopped sync's merge (its conflict resolved in an editor,
  /// or a line added): their version is kept too, beside the two merged — never written over.
  func testAFileEditedAfterAStoppedMergeIsKept() throws {
    let text = try mergeStoppedOnBothSides()
    let soup = path("B/Leek Soup.cook")
    // The conflict resolved by hand in an editor, a moment later (git's marks taken out).
    usleep(20_000)
    try text.replacingOccurrences(
      of: "Simmer the leeks.", with: "Simmer the leeks in butter, slowly. Season well."
    ).write(toFile: soup, atomically: true, encoding: .utf8)
    XCTAssertTrue(try sync("b.sqlite", "B").output.contains("pushed"))
    try sync("a.sqlite", "A")
    for book in ["a.sqlite", "b.sqlite"] {
      let store = try MealStore(path: path(book))
      let all = try store.syncedMeals().compactMap { try store.meal(id: $0.id) }
      for steps in [
        "Simmer the leeks slowly.", "Simmer the leeks in butter.",
        "Simmer the leeks in butter, slowly. Season well.",
      ] {
        XCTAssertTrue(all.contains { $0.instructions == steps }, "\(book): \(steps)")
      }
    }
  }

  /// A picture changed here whose meal was removed there: git's merge keeps this machine's
  /// picture byte for byte — a photo is no text (seed 245 at 300 steps found it corrupted).
  func testAPhotoChangedHereAndRemovedThereIsKeptByteForByte() throws {
    let pictures = PackagePaths.root.appendingPathComponent("Resources/fixtures/pictures").path
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pictures + "/meal.png")))
    let other = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pictures + "/ingredient.png")))
    let a = try MealStore(path: path("a.sqlite"))
    var draft = MealDraft(of: nil)
    draft.meal = Meal(name: "Leek soup", instructions: "Simmer.", ingredients: [])
    try a.commit(draft)
    let id = try XCTUnwrap(a.mealIDs(named: "Leek soup").first)
    try a.setPhoto(try XCTUnwrap(MealPhoto(bytes: png)), mealID: id)
    try sync("a.sqlite", "A")
    try sync("b.sqlite", "B")
    XCTAssertEqual(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("B/Leek soup.png")))), png)
    // A removes the meal; B meanwhile puts another picture in its place by hand.
    try a.deleteMeal(id: id)
    try sync("a.sqlite", "A")
    try Data(other).write(to: URL(fileURLWithPath: path("B/Leek soup.png")))
    try sync("b.sqlite", "B")
    XCTAssertEqual(try git(["-C", path("B"), "status", "--porcelain"]), "", "the merge concluded")
    let kept = try Data(contentsOf: URL(fileURLWithPath: path("B/Leek soup.png")))
    XCTAssertEqual([UInt8](kept), other, "B's picture, byte for byte")
  }

  /// A first sync stopped after it committed the folder but before it merged the remote's
  /// branch leaves a branch of its own following the remote: the next sync merges the two
  /// (git would refuse "unrelated histories" at every sync after, for good).
  func testAFirstSyncStoppedBeforeItsMergeIsMergedByTheNext() throws {
    try twoBooks()
    try git(["init", "-q", "-b", "main", path("C")])
    try FileManager.default.createDirectory(
      atPath: path("C/Soups"), withIntermediateDirectories: true)
    try write("---\ntitle: Pea Soup\n---\nSimmer @peas{500%g}.\n", "C/Soups/Pea Soup.cook")
    try git(["-C", path("C"), "add", "-A"])
    try git(["-C", path("C"), "commit", "-q", "-m", "meals: changes made in the folder"])
    try git(["-C", path("C"), "remote", "add", "origin", path("remote.git")])
    try git(["-C", path("C"), "fetch", "-q", "origin"])
    try git(["-C", path("C"), "branch", "-q", "-u", "origin/main"])
    XCTAssertTrue(try sync("c.sqlite", "C").output.contains("pushed"))
    XCTAssertEqual(try names("c.sqlite"), ["Leek Soup", "Pea Soup", "Toast"])
    try sync("a.sqlite", "A")
    XCTAssertEqual(try names("a.sqlite"), ["Leek Soup", "Pea Soup", "Toast"])
  }

  /// The remote gone (a server moved, a disk unplugged): said, nothing lost; back, the next
  /// sync pushes what waited.
  func testARemoteGoneIsSaidAndTheNextSyncIsWhole() throws {
    try twoBooks()
    try FileManager.default.moveItem(atPath: path("remote.git"), toPath: path("elsewhere.git"))
    try edit("a.sqlite", "Toast") { $0.servings = 4 }
    let said = try sync("a.sqlite", "A", status: 1)
    XCTAssertTrue(said.errors.contains("git"), said.errors)
    XCTAssertEqual(try names("a.sqlite"), ["Leek Soup", "Toast"])
    try FileManager.default.moveItem(atPath: path("elsewhere.git"), toPath: path("remote.git"))
    XCTAssertTrue(try sync("a.sqlite", "A").output.contains("pushed"))
    try sync("b.sqlite", "B")
    let store = try MealStore(path: path("b.sqlite"))
    XCTAssertEqual(
      try store.meal(id: try XCTUnwrap(store.mealIDs(named: "Toast").first))?.servings, 4)
  }
}
