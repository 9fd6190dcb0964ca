import MealsCore
import XCTest

/// The sync folder's own rules: where a meal's file goes, which files are passed over, and the
/// shopping list's and the plan's files written and read back.
final class SyncFilesTests: XCTestCase {
  // MARK: - Paths

  func testAMealsFileIsItsCategoryAndNameAsAFileSystemAllows() {
    XCTAssertEqual(SyncPaths.path(name: "Beef Stew", category: "Beef"), "Beef/Beef Stew.cook")
    XCTAssertEqual(SyncPaths.path(name: "Pad Thai", category: nil), "Pad Thai.cook")
    XCTAssertEqual(SyncPaths.path(name: "Pad Thai", category: "  "), "Pad Thai.cook")
    XCTAssertEqual(
      SyncPaths.path(name: "AC/DC cake", category: "Sweet/Sour"), "Sweet-Sour/AC-DC cake.cook")
    XCTAssertEqual(SyncPaths.path(name: "..hidden. ", category: nil), "hidden.cook")
    XCTAssertEqual(SyncPaths.path(name: "Tab\there", category: nil), "Tab-here.cook")
    XCTAssertEqual(SyncPaths.path(name: "...", category: "..."), "Other/Untitled.cook")
    XCTAssertEqual(SyncPaths.path(name: "鸡肉饭 🍚", category: "Ясно"), "Ясно/鸡肉饭 🍚.cook")
    let long = String(repeating: "é", count: 200)
    let cut = SyncPaths.path(name: long, category: nil)
    XCTAssertLessThanOrEqual(cut.utf8.count, 150 + 5)
    XCTAssertTrue(cut.hasPrefix("éé") && cut.hasSuffix("é.cook"), "cut between characters")
    XCTAssertEqual(SyncPaths.numbered("Beef/Stew.cook", 2), "Beef/Stew (2).cook")
  }

  func testHiddenTemporaryAndOtherFilesArePassedOver() {
    for name in [
      ".git", ".stfolder", ".#Stew.cook", "Stew.cook~", "Stew.cook.swp", "x.tmp", "#Stew#",
    ] {
      XCTAssertTrue(SyncPaths.isSkipped(name), name)
    }
    XCTAssertTrue(SyncPaths.isRecipe("Stew.cook"))
    XCTAssertFalse(SyncPaths.isRecipe(".cook"))
    XCTAssertFalse(SyncPaths.isRecipe("Stew.md"))
    let stamp = SyncPaths.syncthingConflict("Stew.sync-conflict-20261202-101010-ABCDEFG.cook")
    XCTAssertEqual(stamp?.time, "2026-12-02 10:10:10")
    XCTAssertEqual(stamp?.device, "ABCDEFG")
    // Syncthing puts the extension last: a hidden log's copy, `.sync-conflict-…-X.log`.
    XCTAssertEqual(
      SyncPaths.syncthingConflict(".sync-conflict-20261202-101010-XYZ1234.shopping-checked")?
        .device, "XYZ1234")
    XCTAssertEqual(SyncPaths.syncthingConflict("Stew.sync-conflict-x.cook")?.time, "")
    XCTAssertNil(SyncPaths.syncthingConflict("Stew.cook"))
    XCTAssertTrue(SyncPaths.isSyncthingConflict("Beef/Stew.sync-conflict-20261202-1-A.cook"))
    XCTAssertFalse(SyncPaths.isSyncthingConflict("Beef/Stew.cook"))
    XCTAssertEqual(ContentHash.of(""), "cbf29ce484222325", "FNV-1a's offset basis")
    XCTAssertNotEqual(ContentHash.of("a"), ContentHash.of("b"))
  }

  // MARK: - The shopping list

  func testTheShoppingListIsWrittenAsCookCLIReadsItAndReadBack() {
    let items = [
      ShoppingListFile.Item(
        recipe: "Beef/Beef Stew.cook", meal: nil, name: "beef", quantity: "1 kg"),
      ShoppingListFile.Item(recipe: "Beef/Beef Stew.cook", meal: nil, name: "salt", quantity: ""),
      ShoppingListFile.Item(recipe: nil, meal: "Pad Thai", name: "rice noodles", quantity: "200 g"),
      ShoppingListFile.Item(recipe: nil, meal: "Pad Thai", name: "eggs {large}", quantity: "2-3"),
      ShoppingListFile.Item(recipe: nil, meal: "", name: "milk -- whole", quantity: "1 (1 l)"),
    ]
    let text = ShoppingListFile.render(items)
    XCTAssertEqual(
      text,
      """
      ./Beef/Beef Stew
        beef{1%kg}
        salt
      -- meal: Pad Thai
      rice noodles{200%g}
      eggs (large){2-3}
      -- meal:
      milk - whole{1 (1 l)}

      """)
    XCTAssertEqual(
      ShoppingListFile.parse(text).map {
        "\($0.recipe ?? "-")|\($0.meal ?? "-")|\($0.name)|\($0.quantity)"
      },
      [
        "Beef/Beef Stew.cook|-|beef|1 kg", "Beef/Beef Stew.cook|-|salt|",
        "-|Pad Thai|rice noodles|200 g", "-|Pad Thai|eggs (large)|2-3", "-||milk - whole|1 (1 l)",
      ])
    // Written by hand or by CookCLI: CRLF, tabs, a multiplier, comments, a free line at the top.
    let hand = "bread\r\n./Sauces/Tomato{2}\r\n\ttomatoes{800%g} -- ripe\r\n[- later -]\r\n"
    XCTAssertEqual(
      ShoppingListFile.parse(hand).map { "\($0.recipe ?? "-")|\($0.name)|\($0.quantity)" },
      ["-|bread|", "Sauces/Tomato.cook|tomatoes|800 g"])
  }

  func testTheTickLogsLastLineForANameWinsInAnyCase() {
    let log = "+ Flour\n+ eggs\n- flour\nnot a tick\n+ Milk\r\n- \n"
    XCTAssertEqual(ShoppingListFile.checked(log), ["flour": false, "eggs": true, "milk": true])
    XCTAssertEqual(ShoppingListFile.logLine("Flour", ticked: true), "+ Flour")
    XCTAssertEqual(ShoppingListFile.logLine("Flour", ticked: false), "- Flour")
  }

  // MARK: - The plan

  func testAWeekOfThePlanIsAMenuFileReadBackAsItWas() throws {
    let monday = try XCTUnwrap(CivilDate(year: 2026, month: 11, day: 30))
    let entries = [
      MenuFile.Entry(
        day: monday, slot: .dinner, recipe: "Beef/Beef Stew.cook", servings: 4, note: ""),
      MenuFile.Entry(
        day: monday.adding(days: 2), slot: .breakfast, recipe: "Porridge.cook", servings: 1,
        note: "with (lots of) honey"),
      MenuFile.Entry(
        day: monday.adding(days: 2), slot: .lunch, recipe: "Pad Thai.cook", servings: 2, note: ""),
    ]
    let text = MenuFile.render(week: monday, entries)
    XCTAssertEqual(
      text,
      """
      ---
      title: Week 2026-W49
      ---

      = Monday 2026-11-30

      Dinner: @./Beef/Beef Stew{4}

      = Wednesday 2026-12-02

      Breakfast: @./Porridge{1}(with [lots of] honey)

      Lunch: @./Pad Thai{2}

      """)
    var expected = entries
    expected[1].note = "with [lots of] honey"
    XCTAssertEqual(MenuFile.parse(text, week: monday), expected)
    XCTAssertEqual(MenuFile.path(forWeekOf: monday.adding(days: 6)), "Plan/2026-W49.menu")
    XCTAssertEqual(MenuFile.monday(ofFile: "2026-W49.menu"), monday)
    XCTAssertNil(MenuFile.monday(ofFile: "notes.menu"))
    // Written by hand: a weekday alone, no slot, no servings, a day outside the week.
    let hand = "= friday\n@./Soup\n= 2027-01-01\nLunch: @./Bread{2}\n"
    XCTAssertEqual(
      MenuFile.parse(hand, week: monday).map { "\($0.day) \($0.slot) \($0.recipe) \($0.servings)" },
      ["2026-12-04 dinner Soup.cook 1", "2026-12-04 lunch Bread.cook 2"])
  }

  /// A recipe whose file name has parentheses (`Stew (2).cook`, a kept version's
  /// `Stew (edited on laptop, …).cook`) is planned on every machine: the menu keeps its name.
  func testAMenuNamesARecipeWithParenthesesAsItsFileIs() throws {
    let monday = try XCTUnwrap(CivilDate(year: 2026, month: 11, day: 30))
    let recipe = "Soups/Stew (edited on laptop, 2026-12-05 14:31).cook"
    let entry = MenuFile.Entry(
      day: monday, slot: .dinner, recipe: recipe, servings: 2, note: "warm (not hot)")
    let read = MenuFile.parse(MenuFile.render(week: monday, [entry]), week: monday)
    XCTAssertEqual(read.map(\.recipe), [recipe])
    XCTAssertEqual(read.map(\.note), ["warm [not hot]"], "a note's parentheses would end it")
  }

  /// A kept version's name says one note, whatever it was kept from; two machines that make
  /// the same decision give the same id.
  func testAConflictNameSaysWhoAndWhenOnce() {
    let once = SyncPaths.conflictName(
      "Stew (edited on laptop, 2026-12-05 14:31)", editor: .device("ABCDEFG"),
      time: "2026-12-05 15:00")
    XCTAssertEqual(once, "Stew (edited on device ABCDEFG, 2026-12-05 15:00)")
    XCTAssertEqual(
      SyncPaths.withoutConflictNote("Stew (conflict from the folder, 2026-12-02)"), "Stew")
    XCTAssertEqual(SyncPaths.withoutConflictNote("Stew (mild)"), "Stew (mild)")
    XCTAssertEqual(
      SyncPaths.derivedID("a Soups/Stew.cook"), SyncPaths.derivedID("a Soups/Stew.cook"))
    XCTAssertNotEqual(SyncPaths.derivedID("a Soups/Stew.cook"), SyncPaths.derivedID("a Stew.cook"))
    XCTAssertEqual(SyncPaths.derivedID("x").count, 36)
  }

  /// On FAT or exFAT (a USB stick, a phone's card) a name keeps everything but what those
  /// cannot hold; other names are left as they are.
  func testANameAFATFolderCannotHoldBecomesOneItCan() {
    let path = SyncPaths.path(name: "Soup: the best? \"Yes\" <3 | *", category: "Mains")
    XCTAssertTrue(SyncPaths.needsPortableForm(path))
    XCTAssertEqual(SyncPaths.portable(path), "Mains/Soup- the best- -Yes- -3 - -.cook")
    XCTAssertFalse(SyncPaths.needsPortableForm("Mains/Crème brûlée (2).cook"))
  }
}
