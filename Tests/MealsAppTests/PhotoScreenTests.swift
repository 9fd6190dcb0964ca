import Fixtures
import Foundation
import MealsApp
import MealsCore
import TerminalUI
import XCTest

/// A meal's own photo from the keyboard: `P` in the editor, and an export's photos through the
/// import screen (imported on a worker with a connection of its own).
final class PhotoScreenTests: XCTestCase {
  private let pictures = PackagePaths.fixtures.appendingPathComponent("pictures").path

  func testPInTheEditorSetsAPhotoFromAFileWhenTheMealIsSaved() throws {
    let app = try AppHarness()
    let id = try app.store.storeFound(AppHarness.fixtureMeal("Arrabiata")).id
    app.press(.enter, .character("P"))
    app.type("/etc/hostname")
    app.press(.enter)
    XCTAssertTrue(
      app.text.contains("“hostname” is not a JPEG, PNG or WebP picture."), app.text)
    app.press(.ctrl("u"))
    app.type(pictures + "/meal.png")
    app.press(.enter)
    XCTAssertEqual(app.lines[22], " Photo “meal.png” (140 bytes) set (not saved yet).")
    XCTAssertNil(try app.store.meal(id: id)?.photo, "not written before s")
    app.press(.character("s"))
    XCTAssertEqual(try app.store.meal(id: id)?.photo, PhotoLabel(type: "image/png", bytes: 140))
    // An empty path takes it away, on save too.
    app.press(.enter, .character("P"), .enter, .character("s"))
    XCTAssertNil(try app.store.meal(id: id)?.photo)
  }

  func testAnExportsPathOnTheImportScreenImportsAllOfIt() throws {
    let app = try AppHarness()
    let export = app.folder.path("export")
    try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
    try "Boil @water{1%l}.\n".write(
      toFile: export + "/Tea.cook", atomically: true, encoding: .utf8)
    try "Toast @bread{2%slices}.\n".write(
      toFile: export + "/Toast.cook", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(atPath: pictures + "/meal.jpg", toPath: export + "/Tea.jpg")
    app.press(.character("i"))
    app.type(export)
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals", "back on My Meals once it is in")
    XCTAssertEqual(app.lines[22], " Imported 2 meals from recipe files.")
    XCTAssertEqual(app.store.mealCount, 2)
    let tea = try XCTUnwrap(app.store.mealIDs(named: "Tea").first)
    XCTAssertEqual(try app.store.meal(id: tea)?.photo?.type, "image/jpeg")
    // Again: nothing new, and it says so.
    app.press(.character("i"))
    app.type(export)
    app.press(.enter)
    XCTAssertEqual(
      app.lines[22], " Imported 0 meals from recipe files (2 already in the book, skipped).")
    // A folder with no recipe: said, the address kept to correct.
    let empty = app.folder.path("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    app.press(.character("i"))
    app.type(empty)
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Import from a Link")
    XCTAssertTrue(
      app.lines[22].hasPrefix(" Error: Could not import “empty”: no recipe of a known export"),
      app.lines[22])
    XCTAssertEqual(app.store.mealCount, 2)
  }
}
