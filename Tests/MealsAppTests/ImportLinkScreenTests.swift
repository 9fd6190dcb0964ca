import Fixtures
import Foundation
import MealsApp
import MealsCore
import MealsNet
import TerminalUI
import TestSupport
import XCTest

/// Import from a link: the address, the page read, the recipe shown, `s` to save it.
final class ImportLinkScreenTests: XCTestCase {
  private func page(_ name: String) throws -> String {
    String(decoding: try PackagePaths.fixture("pages/\(name)"), as: UTF8.self)
  }

  func testAPastedAddressIsReadShownAndSavedWithItsAddress() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    app.press(.character("i"))
    XCTAssertEqual(app.lines[0], " My Meals › Import from a Link")
    app.press(.paste("https://example.org/soup\n"))
    XCTAssertEqual(app.lines[1], " Address: https://example.org/soup")
    app.press(.enter)
    XCTAssertEqual(app.service.pageFetches.map(\.url), ["https://example.org/soup"])
    XCTAssertTrue(app.lines[1].contains("Reading example.org…"), app.lines[1])
    app.service.answerPage(html: try page("jsonld-graph.html"))
    XCTAssertEqual(
      Array(app.lines.prefix(8)),
      [
        " My Meals › Import from a Link › Spiced Lentil Soup & Lemon",
        "  Spiced Lentil Soup & Lemon",
        "  Soup · Turkish · 45 min · example.org",
        "",
        "  INGREDIENTS (5) · serves 4",
        "    red lentils            1 cup",
        "    onion, finely chopped  1",
        "    olive oil              2 tbsp",
      ])
    XCTAssertEqual(app.lines[22], " Found a recipe — s saves it to My Meals.")
    XCTAssertEqual(app.store.mealCount, 0, "nothing saved before s")
    app.press(.character("s"))
    XCTAssertEqual(app.lines[0], " My Meals")
    XCTAssertEqual(app.lines[22], " Saved “Spiced Lentil Soup & Lemon” to My Meals.")
    let id = try XCTUnwrap(app.app.root.selectedMeal?.id)
    let saved = try XCTUnwrap(try app.store.meal(id: id))
    XCTAssertEqual(saved.sourceURL, "https://example.org/soup")
    XCTAssertEqual(saved.thumbnailURL, "https://example.org/uploads/lentil-soup.jpg")
  }

  /// Saved offline: the save is said to stand and the picture to come later, never an error
  /// right after a save that worked (#58).
  func testAPageSavedOfflineSaysItsPictureWillComeLater() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24), pictures: .symbols(colors: false))
    app.press(.character("i"), .paste("https://example.org/soup\n"), .enter)
    app.service.answerPage(html: try page("jsonld-graph.html"))
    app.press(.character("s"))
    XCTAssertEqual(app.lines[22], " Saved “Spiced Lentil Soup & Lemon” to My Meals.")
    let picture = "https://example.org/uploads/lentil-soup.jpg"
    XCTAssertTrue(
      app.service.answerPicture(picture, with: .failure(.cannotResolve("example.org"))))
    XCTAssertEqual(
      app.lines[22],
      " Saved “Spiced Lentil Soup & Lemon”; its picture will come when you are online.")
    XCTAssertFalse(app.text.contains("Error"), app.text)
  }

  /// A file's path or `file://` address is read as `meals import FILE` reads it.
  func testAFilesPathIsReadToo() throws {
    let app = try AppHarness()
    let path = PackagePaths.fixtures.appendingPathComponent("recipes/Pad Thai.cook").path
    app.press(.character("i"))
    app.type(path)
    app.press(.enter)
    XCTAssertEqual(app.service.pageFetches.count, 0, "nothing asked of the network")
    XCTAssertEqual(app.lines[0], " My Meals › Import from a Link › Pad Thai")
    XCTAssertTrue(app.lines[2].hasSuffix("Pad Thai.cook"), app.lines[2])
    app.press(.escape, .ctrl("u"))
    app.type("file://" + path.replacingOccurrences(of: " ", with: "%20"))
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Import from a Link › Pad Thai")
    app.press(.escape, .ctrl("u"))
    app.type("/no/such/recipe.html")
    app.press(.enter)
    XCTAssertEqual(
      app.lines[22], " Error: Could not import “/no/such/recipe.html”: there is no such file.")
  }

  func testEveryFailureSaysWhyAndTheAddressStays() throws {
    let app = try AppHarness()
    app.press(.character("i"))
    app.type("example.org/soup")
    app.press(.enter)
    XCTAssertEqual(
      app.lines[22],
      " Error: “example.org/soup” is not a web address (https://…) or a file's path.")
    XCTAssertEqual(app.service.pageFetches.count, 0)
    app.press(.ctrl("a"))
    app.type("https://")
    app.press(.enter)
    app.service.answerPage(failure: .httpStatus(404))
    XCTAssertEqual(
      app.lines[22], " Error: Could not import: the site refused the page (HTTP 404: no such page)."
    )
    XCTAssertEqual(app.lines[1], " Address: https://example.org/soup", "kept, to try again")
    app.press(.enter)
    app.service.answerPage(html: try page("opengraph-only.html"))
    XCTAssertTrue(
      app.lines[22].hasPrefix(" Error: Could not import: it is not a recipe page"), app.lines[22])
    app.press(.enter)
    app.service.answerPage(html: "%PDF-1.4", contentType: "application/pdf")
    XCTAssertTrue(app.lines[22].contains("not a web page but application/pdf"), app.lines[22])
    // Esc while it loads stops it; nothing arrives afterwards.
    app.press(.enter, .escape)
    XCTAssertEqual(app.lines[22], " Stopped.")
    app.service.answerPage(html: try page("jsonld-graph.html"))
    XCTAssertEqual(app.lines[0], " My Meals › Import from a Link")
  }
}
