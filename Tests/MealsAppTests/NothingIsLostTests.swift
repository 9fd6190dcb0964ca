import MealsApp
import MealsCore
import MealsLaunch
import MealsStore
import TerminalUI
import XCTest

@testable import MealsCLI

/// Deleted meals come back one by one, drafts survive a quit, pastes are text.
final class NothingIsLostTests: XCTestCase {
  // MARK: - Undo and Recently Deleted

  func testDeletingTwoAndUndoingTwiceBringsBothBack() throws {
    let app = try AppHarness(size: Size(width: 60, height: 12))
    _ = try app.store.createMeal(name: "Apple pie", instructions: "Bake.")
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.character("d"), .character("d"))
    XCTAssertTrue(app.lines[1].hasSuffix("0 meals"))
    app.press(.character("u"), .character("u"))
    XCTAssertEqual(
      Array(app.lines.prefix(4)),
      [
        " My Meals",
        "                                                    2 meals",
        "▸ Apple pie                 Bake.",
        "  Toast                     Toast.",
      ])
    XCTAssertEqual(app.lines[10], " Restored “Apple pie”.")
    app.press(.character("u"))
    XCTAssertEqual(app.lines[10], " Nothing to undo: Recently Deleted is empty.")
  }

  func testUndoReachesMealsDeletedBeforeARestart() throws {
    let first = try AppHarness()
    _ = try first.store.createMeal(name: "Apple pie", instructions: "Bake.")
    first.press(.character("d"))
    first.quit()
    let second = try AppHarness(restarting: first)
    XCTAssertTrue(second.lines[1].hasSuffix("0 meals"))
    second.press(.character("u"))
    XCTAssertTrue(second.lines[2].hasPrefix("▸ Apple pie"))
  }

  func testRecentlyDeletedListsRestoresAndErasesAfterAsking() throws {
    var time = 1_700_000_000.0
    let app = try AppHarness(size: Size(width: 80, height: 12), clock: { time })
    _ = try app.store.createMeal(name: "Apple pie", instructions: "Bake.")
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.character("d"))
    time += 3 * 3_600
    app.press(.character("d"))
    time += 120
    app.press(.character("T"))
    XCTAssertEqual(
      Array(app.lines.prefix(4)),
      [
        " My Meals › Recently Deleted",
        "                                                 2 deleted meals · kept 30 days",
        "▸ Toast                             deleted 2 min ago · erased in 30 days",
        "  Apple pie                         deleted 3 h ago · erased in 30 days",
      ])
    app.press(.down, .character("D"))
    XCTAssertEqual(app.lines[10], " Erase “Apple pie” for good? This cannot be undone. (y/n)")
    app.press(.paste("y"))
    XCTAssertEqual(app.store.trashCount, 2, "a paste never answers a question")
    app.press(.character("y"))
    XCTAssertEqual(app.lines[10], " Erased “Apple pie” for good.")
    XCTAssertEqual(
      app.lines[2], "▸ Toast                             deleted 2 min ago · erased in 30 days")
    app.press(.enter)
    XCTAssertEqual(app.lines[10], " Restored “Toast”. It is back in My Meals.")
    XCTAssertTrue(app.lines[3].contains("Nothing here."))
    app.press(.escape)
    XCTAssertTrue(app.lines[2].hasPrefix("▸ Toast"), "My Meals selects the restored meal")
    XCTAssertTrue(app.lines[1].hasSuffix("1 meal"))
  }

  func testTheTrashIsPurgedAtStartAfterThirtyDays() throws {
    var time = 1_700_000_000.0
    let first = try AppHarness(clock: { time })
    _ = try first.store.createMeal(name: "Old", instructions: "x")
    first.press(.character("d"))
    time += 31 * 86_400
    let second = try AppHarness(restarting: first, clock: { time })
    XCTAssertEqual(second.store.trashCount, 0)
    second.press(.character("u"))
    XCTAssertEqual(second.lines[22], " Nothing to undo: Recently Deleted is empty.")
  }

  // MARK: - Drafts

  func testAnEditKeptAfterASecondSurvivesAQuitAndIsOffered() throws {
    let first = try AppHarness()
    let id = try first.store.createMeal(name: "Arrabiata", instructions: "Boil pasta.")
    first.press(.enter, .enter, .end)
    first.type(" Deluxe")
    first.press(.enter)
    XCTAssertEqual(first.store.mealCount, 1)
    first.wait(1_100)
    XCTAssertEqual(try first.store.unsavedDrafts().count, 1, "kept a second after the change")
    // Nothing more is typed; a second app finds the draft even while this one runs (same pid).
    let second = try AppHarness(restarting: first)
    XCTAssertEqual(second.lines[22], " Recover unsaved changes to “Arrabiata Deluxe”? (y/n)")
    second.press(.character("y"))
    XCTAssertEqual(second.lines[0], " My Meals › Arrabiata Deluxe")
    second.press(.character("s"))
    XCTAssertEqual(try second.store.meal(id: id)?.name, "Arrabiata Deluxe")
    XCTAssertEqual(try second.store.unsavedDrafts(), [], "saving removes the kept draft")
  }

  func testCtrlCKeepsEvenTextTypedInEditInstructions() throws {
    let first = try AppHarness()
    _ = try first.store.createMeal(name: "Toast", instructions: "Toast the bread.")
    first.press(.enter, .down, .enter, .ctrl("e"))
    first.type(" Butter it.")
    first.quit()
    let second = try AppHarness(restarting: first)
    XCTAssertEqual(second.lines[22], " Recover unsaved changes to “Toast”? (y/n)")
    second.press(.character("y"))
    XCTAssertTrue(second.text.contains("Toast the bread. Butter it."), second.text)
  }

  func testNoDropsTheDraftAndEscKeepsItForNextTime() throws {
    let first = try AppHarness()
    first.press(.character("n"), .enter)
    first.type("Soup")
    first.press(.enter)
    first.quit()
    let second = try AppHarness(restarting: first)
    XCTAssertEqual(second.lines[22], " Recover the unsaved new meal “Soup”? (y/n)")
    second.press(.escape)
    XCTAssertEqual(second.lines[22], " The unsaved changes are kept; asked again next time.")
    let third = try AppHarness(restarting: second)
    XCTAssertEqual(third.lines[22], " Recover the unsaved new meal “Soup”? (y/n)")
    third.press(.character("n"))
    XCTAssertEqual(third.lines[22], " Unsaved changes dropped.")
    XCTAssertEqual(try third.store.unsavedDrafts(), [])
    XCTAssertEqual(third.store.mealCount, 0)
  }

  func testDiscardingOrUndoingTheEditLeavesNoDraft() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.enter, .enter, .end)
    app.type("ed")
    app.press(.enter)
    app.wait(1_100)
    XCTAssertEqual(try app.store.unsavedDrafts().count, 1)
    app.press(.escape, .character("y"))
    XCTAssertEqual(try app.store.unsavedDrafts(), [], "discarding removes it")
    XCTAssertEqual(try app.store.meal(id: 1)?.name, "Toast")
  }

  // MARK: - Paste

  func testAPasteOnMyMealsIsIgnoredNotRunAsKeys() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.paste("dd\nq u d"))
    XCTAssertEqual(app.store.mealCount, 1)
    XCTAssertFalse(app.navigator.isFinished)
    XCTAssertEqual(app.lines[22], " Paste ignored: there is no text field here.")
    app.press(.character("/"), .paste("toa\nst"))
    XCTAssertTrue(app.lines[1].hasPrefix(" Filter: toa st"), "one line, newline as a space")
  }

  func testPastesIntoEditNameAndEditInstructions() throws {
    let app = try AppHarness()
    app.press(.character("n"), .enter, .paste("Green\nCurry\t"))
    XCTAssertTrue(app.text.contains("Green Curry"), app.text)
    app.press(.enter, .down, .enter, .paste("Fry the paste.\nAdd coconut milk.\n\nSimmer."))
    XCTAssertTrue(app.lines[2].hasPrefix("  Fry the paste."))
    XCTAssertTrue(app.lines[3].hasPrefix("  Add coconut milk."))
    XCTAssertTrue(app.lines[5].hasPrefix("  Simmer."))
    app.press(.ctrl("s"))
    XCTAssertTrue(app.text.contains("Fry the paste."))
  }
}

/// The line an upgrade shows before the app starts: a bar that fills and the seconds so far.
final class UpgradeLineTests: XCTestCase {
  func testTheLineShowsABarAPercentageAndTheTimeThenHowLongItTook() {
    let path = "/home/me/meals.sqlite"
    XCTAssertEqual(
      UpgradeLine.text(
        UpgradeProgress(from: 1, to: 8, step: 5, fraction: 0.41, seconds: 1.7), path: path),
      "meals: upgrading /home/me/meals.sqlite (schema 1 → 8), once: [██████░░░░░░░░░░] 41 % · 1 s")
    XCTAssertEqual(
      UpgradeLine.text(
        UpgradeProgress(from: 1, to: 8, step: 8, fraction: 1, seconds: 3.62), path: path),
      "meals: upgrading /home/me/meals.sqlite (schema 1 → 8), once: done in 3.6 s.")
  }

  /// On a terminal narrower than the line, it is cut to fit (a wrapped line would leave a copy
  /// of itself on each redraw): the path from its end, then the bar alone.
  func testTheLineFitsTheTerminal() {
    let progress = UpgradeProgress(from: 1, to: 21, step: 21, fraction: 0.41, seconds: 1.7)
    let path = "/home/me/.local/share/meals/meals.sqlite"
    let full = UpgradeLine.text(progress, path: path)
    XCTAssertEqual(UpgradeLine.fitted(progress, path: path, width: 200), full)
    XCTAssertEqual(
      UpgradeLine.fitted(progress, path: path, width: 80),
      "meals: upgrading …s.sqlite (schema 1 → 21), once: [██████░░░░░░░░░░] 41 % · 1 s"
    )
    let cjk = "/home/me/食谱/我的菜谱/meals.sqlite"
    let cut = UpgradeLine.fitted(progress, path: cjk, width: 90)
    XCTAssertTrue(cut.contains("…") && cut.hasSuffix("41 % · 1 s"), cut)
    XCTAssertLessThan(UpgradeLine.cells(cut), 90)
    XCTAssertEqual(
      UpgradeLine.fitted(progress, path: path, width: 60),
      "meals: upgrading, once: [██████░░░░░░░░░░] 41 % · 1 s")
    XCTAssertEqual(
      UpgradeLine.fitted(progress, path: path, width: 40), "[██████░░░░░░░░░░] 41 % · 1 s")
    XCTAssertEqual(UpgradeLine.fitted(progress, path: path, width: 12), "41 % · 1 s")
    XCTAssertEqual(UpgradeLine.fitted(progress, path: path, width: 6), "41 %")
    for width in 1...120 {
      let line = UpgradeLine.fitted(progress, path: cjk, width: width)
      XCTAssertLessThan(UpgradeLine.cells(line), width, "\(width): \(line)")
    }
  }
}
