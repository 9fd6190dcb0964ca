import Files
import Fixtures
import Foundation
import MealsApp
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import TerminalUI
import TestSupport
import XCTest

@testable import MealsCLI

/// Meal Detail's picture: on its way, drawn in symbols, asked for once, kept on disk,
/// cancelled when the screen goes, and a reason when there is none.
final class PictureScreenTests: XCTestCase {
  static let photo = "https://www.themealdb.com/images/media/meals/90010.jpg/small"

  /// Meal Detail for the Irish stew, with pictures on.
  static func openStew(_ app: AppHarness) {
    app.press(.character("r"))
    app.service.answer(.areas)
    app.press(.character("G"), .up, .up, .up, .up, .enter)  // Irish
    app.service.answer(.filter(.area, "Irish"))
    app.press(.enter)
    app.service.answer(.lookup("90010"))
  }

  func testThePictureLoadsThenShowsAboveTheIngredients() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    Self.openStew(app)
    XCTAssertEqual(app.service.openPictureURLs, [Self.photo], "the small photo, asked once")
    XCTAssertEqual(app.lines[5], "  ◌ Loading the picture…")
    XCTAssertEqual(app.lines[7], "  INGREDIENTS (7) · serves 4 (assumed)")
    XCTAssertTrue(app.service.answerPicture(Self.photo))
    // 40 columns, 15 rows for the 4:3 fixture, then a blank line and the ingredients.
    let picture = app.lines[5..<20]
    XCTAssertTrue(picture.joined().contains("▀"), "the quadrants' border in half blocks")
    let canvas = app.canvas
    for row in 5..<20 {
      XCTAssertNotNil(canvas[row, 2].style.ink, "row \(row) starts the picture")
      XCTAssertNotNil(canvas[row, 41].style.ink, "row \(row) is 40 columns wide")
      XCTAssertNil(canvas[row, 42].style.ink, "row \(row) ends there")
    }
    XCTAssertNil(canvas[20, 2].style.ink, "a blank line after it")
    XCTAssertEqual(app.lines[21], "  INGREDIENTS (7) · serves 4 (assumed)")
    let cell = app.canvas[5, 2]
    XCTAssertEqual(cell.style.ink?.background ?? cell.style.ink?.foreground, 160, "red, top left")

    // Back and again: from memory, no second request.
    app.press(.escape, .enter)
    app.service.answer(.lookup("90010"))
    XCTAssertEqual(app.service.pictureFetches.count, 1)
    XCTAssertTrue(app.lines[5...19].joined().contains("▀"))
  }

  func testLeavingBeforeItArrivesCancelsTheRequest() throws {
    let app = try AppHarness(pictures: .symbols(colors: true))
    Self.openStew(app)
    XCTAssertEqual(app.service.openPictureURLs, [Self.photo])
    app.press(.escape)
    XCTAssertEqual(app.service.openPictureURLs, [], "cancelled with its screen")
  }

  func testABrokenPictureSaysWhyOnceAndTheRestStays() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    Self.openStew(app)
    app.service.answerPicture(
      Self.photo, with: .success(Data("<html>Not found</html>".utf8)))
    XCTAssertEqual(app.lines[5], "  ▫ No picture: not a JPEG, PNG or WebP picture")
    XCTAssertEqual(app.lines[7], "  INGREDIENTS (7) · serves 4 (assumed)")
    XCTAssertTrue(app.lines.joined().contains("No picture: not a JPEG, PNG or WebP picture."))
    app.navigator.clearStatus()
    app.press(.escape, .enter)
    app.service.answer(.lookup("90010"))
    XCTAssertEqual(app.service.pictureFetches.count, 1, "not asked again in this session")
    XCTAssertFalse(
      app.lines.joined().contains("No picture: not a JPEG, PNG or WebP picture."), "once")
  }

  func testOfflineTheReasonEndsInItsOwnQuestionMark() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    Self.openStew(app)
    app.service.answerPicture(Self.photo, with: .failure(.cannotResolve("www.themealdb.com")))
    let status = try XCTUnwrap(
      app.lines.first { $0.contains("No picture:") && $0.hasPrefix(" Error") })
    XCTAssertEqual(
      MealRules.trimmed(status),
      "Error: No picture: Cannot find www.themealdb.com — are you offline?")
  }

  func testOfflineThePictureComesFromTheDiskCache() throws {
    let first = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    Self.openStew(first)
    first.service.answerPicture(Self.photo)
    let drawn = first.lines[5..<20]
    // A new launch on the same files, with the network down.
    let second = try AppHarness(
      size: Size(width: 80, height: 30), restarting: first, pictures: .symbols(colors: true))
    Self.openStew(second)
    XCTAssertEqual(second.service.pictureFetches.count, 0, "read from the disk cache")
    XCTAssertEqual(second.lines[5..<20], drawn)
  }

  func testPicturesOffShowNothingAndAskNothing() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30))
    Self.openStew(app)
    XCTAssertEqual(app.service.pictureFetches.count, 0)
    XCTAssertEqual(app.lines[5], "  INGREDIENTS (7) · serves 4 (assumed)")
  }
}

/// The disk cache: hit, miss, least recently used first out, a broken file.
final class PictureCacheTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
    folder = nil
  }

  func testHitMissAndTheLeastRecentlyUsedGoFirst() throws {
    let cache = try XCTUnwrap(PictureCache(folder: folder.path("images"), capacity: 250))
    XCTAssertNil(cache.read("https://x/a.jpg"), "a miss")
    let hundred = Data(repeating: 1, count: 100)
    cache.write(hundred, for: "https://x/a.jpg")
    cache.write(hundred, for: "https://x/b.jpg")
    XCTAssertEqual(cache.read("https://x/a.jpg"), hundred, "a hit")
    // a was used after b was written: adding c (300 bytes > 250) drops b first.
    Thread.sleep(forTimeInterval: 0.01)
    _ = cache.read("https://x/a.jpg")
    cache.write(Data(repeating: 2, count: 100), for: "https://x/c.jpg")
    XCTAssertNil(cache.read("https://x/b.jpg"), "the least recently used went")
    XCTAssertNotNil(cache.read("https://x/a.jpg"))
    XCTAssertNotNil(cache.read("https://x/c.jpg"))
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path("images")).count, 2,
      "no temporary files left")
  }

  func testABrokenCachedFileIsForgottenAndFetchedAgain() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    // The cache already holds garbage for the photo.
    let cache = try XCTUnwrap(PictureCache(folder: app.folder.path("pictures")))
    cache.write(Data("garbage".utf8), for: PictureScreenTests.photo)
    PictureScreenTests.openStew(app)
    _ = app.lines  // the cached garbage is decoded on the worker, and refused
    XCTAssertEqual(app.service.openPictureURLs, [PictureScreenTests.photo], "asked again")
    app.service.answerPicture(PictureScreenTests.photo)
    XCTAssertTrue(app.lines[5...19].joined().contains("▀"))
    XCTAssertNotEqual(cache.read(PictureScreenTests.photo), Data("garbage".utf8), "replaced")
  }

  func testTheDefaultFolderFollowsXDG() {
    XCTAssertEqual(
      PictureCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]),
      "/c/meals/images")
    XCTAssertEqual(
      PictureCache.defaultFolder(environment: ["HOME": "/h"]), "/h/.cache/meals/images")
    XCTAssertNil(PictureCache.defaultFolder(environment: [:]))
  }
}

/// Pictures through the real client from the fixture server: good and broken ones.
final class PictureFetchTests: XCTestCase {
  func testTheServerSendsPicturesAndTheBrokenOnesAreRefused() throws {
    let server = try FixtureServer()
    defer { server.stop() }
    let http = try HTTPClient()
    let client = MealDBClient(baseURL: server.baseURL(), http: http)
    XCTAssertEqual(
      client.pictureURL("https://www.themealdb.com/images/media/meals/90010.jpg/small"),
      "http://127.0.0.1:\(server.port)/images/media/meals/90010.jpg/small",
      "TheMealDB's pictures come from the API's server")
    XCTAssertEqual(
      client.pictureURL("https://example.org/soup.png"), "https://example.org/soup.png")
    func fetch(_ name: String) -> Result<Picture, Picture.Problem> {
      var answer: Result<Data, NetworkError>?
      let id = client.fetchPicture("https://www.themealdb.com/images/media/meals/\(name)") {
        answer = $0
      }
      http.waitUntilDone(id)
      guard case .success(let data)? = answer else {
        return .failure(Picture.Problem(message: "no answer"))
      }
      return Picture.decode(data)
    }
    XCTAssertEqual(try fetch("90010.jpg/small").get().width, 64)
    for (name, reason) in [
      ("truncated.jpg", "broken JPEG"), ("huge.png", "100000x100000"),
      ("not-a-picture.jpg", "not a JPEG, PNG or WebP picture"),
    ] {
      guard case .failure(let problem) = fetch(name) else {
        XCTFail("\(name) was accepted")
        continue
      }
      XCTAssertTrue(problem.message.contains(reason), "\(name): \(problem.message)")
    }
  }
}

/// The preview pane's picture: after the selection rests, never for rows passed quickly.
final class PreviewPictureTests: XCTestCase {
  func testThePreviewShowsTheSelectedMealsPhotoOnceTheSelectionRests() throws {
    let app = try AppHarness(size: Size(width: 120, height: 40), pictures: .symbols(colors: true))
    for number in 1...6 {
      var draft = MealDraft(of: nil)
      draft.meal = Meal(
        name: "Meal \(number)", instructions: "Cook.",
        thumbnailURL: "https://www.themealdb.com/images/media/meals/9000\(number).jpg")
      try app.store.commit(draft)
    }
    _ = app.lines  // a first frame: the navigator knows the window's size
    app.wait(200)
    XCTAssertEqual(app.service.openPictureURLs.count, 1, "the first row's photo, after the rest")
    // Down four times quickly: the open request is cancelled and nothing more is asked.
    app.press(.down, .down, .down, .down)
    app.wait(50)
    XCTAssertEqual(app.service.openPictureURLs, [])
    app.wait(150)
    let url = "https://www.themealdb.com/images/media/meals/90005.jpg/small"
    XCTAssertEqual(app.service.openPictureURLs, [url], "only the row it rested on")
    app.service.answerPicture(url)
    let canvas = app.canvas
    let inked = (0..<40).filter { row in (60..<120).contains { canvas[row, $0].style.ink != nil } }
    XCTAssertGreaterThanOrEqual(inked.count, 8, "the photo in the preview pane: rows \(inked)")
    XCTAssertTrue(
      (0..<40).allSatisfy { row in (0..<58).allSatisfy { canvas[row, $0].style.ink == nil } },
      "nothing of it in the list")
  }

  func testAfterSavingANewMealThePreviewShowsItNotTheOneSelectedBefore() throws {
    let app = try AppHarness(size: Size(width: 120, height: 40), pictures: .symbols(colors: true))
    app.navigator.animations = true
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Pancakes", instructions: "Fry.",
      thumbnailURL: "https://www.themealdb.com/images/media/meals/90007.jpg")
    try app.store.commit(draft)
    _ = app.lines
    app.wait(200)
    app.service.answerPicture("https://www.themealdb.com/images/media/meals/90007.jpg/small")
    func photoRows() -> [Int] {
      let canvas = app.canvas
      return (0..<40).filter { row in (60..<120).contains { canvas[row, $0].style.ink != nil } }
    }
    XCTAssertFalse(photoRows().isEmpty, "Pancakes' photo in the preview")
    // n, a name, rating 2, instructions, s: Zed Toast is selected and previewed.
    app.press(.character("n"), .enter)
    app.type("Zed Toast")
    app.press(.enter, .down, .enter)
    app.type("Toast it.")
    app.press(.ctrl("s"), .character("G"), .character("2"), .character("s"))
    app.wait(300)
    XCTAssertEqual(app.lines[0], " My Meals")
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Zed Toast"), app.lines[3])
    XCTAssertTrue(app.lines[2].hasSuffix("│ Zed Toast"), "its preview: \(app.lines[2])")
    XCTAssertEqual(photoRows(), [], "no picture: Zed Toast has none (Pancakes' was shown)")
    let rating = try XCTUnwrap(app.lines.first { $0.contains("Rating ") })
    XCTAssertTrue(rating.contains("████████"), "the rating's bar, 2 of 5: \(rating)")
    XCTAssertTrue(rating.contains("★★☆☆☆"), rating)
  }

  func testANarrowWindowAsksForNoPreviewPicture() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24), pictures: .symbols(colors: true))
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Soup", instructions: "Cook.",
      thumbnailURL: "https://www.themealdb.com/images/media/meals/90001.jpg")
    try app.store.commit(draft)
    _ = app.lines
    app.wait(500)
    XCTAssertEqual(app.service.pictureFetches.count, 0)
    // Nor does the loop wake for it: a deadline in the past would spin it at full speed.
    let now = app.clock.now
    XCTAssertTrue(
      app.navigator.nextDeadline.map { $0 > now } ?? true,
      "next deadline \(String(describing: app.navigator.nextDeadline)), now \(now)")
    // Wide again: the pane shows, and its picture is asked for.
    app.size = Size(width: 120, height: 40)
    _ = app.lines
    app.wait(200)
    XCTAssertEqual(
      app.service.openPictureURLs, ["https://www.themealdb.com/images/media/meals/90001.jpg/small"])
  }
}

/// Category and ingredient pictures.
final class CategoryAndIngredientPictureTests: XCTestCase {
  private func inkedRows(_ app: AppHarness, columns: Range<Int>) -> [Int] {
    let canvas = app.canvas
    return (0..<app.size.height).filter { row in
      columns.contains { canvas[row, $0].style.ink != nil }
    }
  }

  func testIngredientDetailShowsTheIngredientsPicture() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    app.press(.character("b"))
    for _ in 0..<3 { app.press(.down) }
    app.press(.enter)
    app.type("garl")
    app.press(.right)
    XCTAssertEqual(app.lines[1], "  Garlic")
    let url = "https://www.themealdb.com/images/ingredients/Garlic-small.png"
    XCTAssertEqual(app.service.openPictureURLs, [url])
    let ingredient = try PackagePaths.fixture("pictures/ingredient.png")
    app.service.answerPicture(url, with: .success(ingredient))
    XCTAssertEqual(inkedRows(app, columns: 2..<26).count, 12, "24 columns, square: 12 rows")
    app.press(.escape)
    app.press(.right)
    XCTAssertEqual(app.service.pictureFetches.count, 1, "the second time from memory")
  }

  func testTheCategoryPreviewShowsItsPictureAfterTheSelectionRests() throws {
    let app = try AppHarness(size: Size(width: 120, height: 40), pictures: .symbols(colors: true))
    app.press(.character("c"))
    app.service.answer(.categories)
    XCTAssertEqual(app.service.openPictureURLs, [], "not before the selection rests")
    app.wait(200)
    let url = "https://www.themealdb.com/images/category/beef.png"
    XCTAssertEqual(app.service.openPictureURLs, [url])
    app.service.answerPicture(
      url, with: .success(try PackagePaths.fixture("pictures/ingredient.png")))
    XCTAssertFalse(inkedRows(app, columns: 60..<120).isEmpty, "in the preview pane")
    app.press(.down)
    app.wait(200)
    XCTAssertEqual(
      app.service.openPictureURLs, ["https://www.themealdb.com/images/category/breakfast.png"])
  }
}

/// A browse list's meal preview: the listing's photo once the selection rests.
final class MealListPreviewPictureTests: XCTestCase {
  func testTheSelectedListingsPhotoShowsInThePreview() throws {
    let app = try AppHarness(size: Size(width: 120, height: 40), pictures: .symbols(colors: true))
    app.press(.character("r"))
    app.service.answer(.areas)
    app.press(.character("G"), .up, .up, .up, .up, .enter)  // Irish
    app.service.answer(.filter(.area, "Irish"))
    app.wait(200)
    XCTAssertEqual(app.service.openPictureURLs, [PictureScreenTests.photo])
    app.service.answer(.lookup("90010"))
    app.service.answerPicture(PictureScreenTests.photo)
    let canvas = app.canvas
    let inked = (0..<40).filter { row in (60..<120).contains { canvas[row, $0].style.ink != nil } }
    XCTAssertGreaterThanOrEqual(inked.count, 8, "the photo above the ingredients: \(inked)")
  }
}

/// With a graphics protocol, Meal Detail leaves blank rows and asks the terminal to draw.
final class GraphicsProtocolScreenTests: XCTestCase {
  func testMealDetailPlacesTheGraphicOverBlankRowsOnlyWhenWhollyShown() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .graphics(.sixel))
    PictureScreenTests.openStew(app)
    XCTAssertEqual(
      app.service.openPictureURLs, ["https://www.themealdb.com/images/media/meals/90010.jpg"],
      "the full photo for real pixels")
    app.service.answerPicture("https://www.themealdb.com/images/media/meals/90010.jpg")
    var canvas = app.canvas
    XCTAssertEqual(canvas.graphics.map(\.rect), [Rect(x: 2, y: 5, width: 40, height: 15)])
    XCTAssertEqual(canvas.graphics.first?.graphics, .sixel)
    XCTAssertTrue((5..<20).allSatisfy { app.lines[$0].isEmpty }, "blank rows under it")
    XCTAssertEqual(app.lines[21], "  INGREDIENTS (7) · serves 4 (assumed)")
    app.press(.character("j"))
    XCTAssertEqual(app.canvas.graphics, [], "scrolled: not drawn half")
    app.press(.character("k"), .character("?"))
    XCTAssertEqual(app.canvas.graphics, [], "the help covers it")
    app.press(.escape)
    canvas = app.canvas
    XCTAssertEqual(canvas.graphics.count, 1)
    app.press(.escape)
    XCTAssertEqual(app.canvas.graphics, [], "gone with its screen")
  }

  func testTheGraphicKeepsThePhotosShapeInTheTerminalsCells() throws {
    // kitty's cells of 8 × 19 pixels, said in answer to CSI 16 t (the window size had none).
    let app = try AppHarness(size: Size(width: 100, height: 30), pictures: .graphics(.kitty))
    app.press(.windowReport([6, 19, 8]))
    XCTAssertEqual(app.app.context.pictures.cellSize, CellSize(width: 8, height: 19))
    XCTAssertEqual(app.lines[0], " My Meals", "never a key for the screens")
    PictureScreenTests.openStew(app)
    let url = "https://www.themealdb.com/images/media/meals/90010.jpg"
    let square = try PackagePaths.fixture("pictures/meal-250.jpg")
    app.service.answerPicture(url, with: .success(square))
    let graphic = try XCTUnwrap(app.canvas.graphics.first)
    // 16 rows of 19 pixels: 304 pixels tall, so 304 wide, 38 columns of 8 (not 32 × 16).
    XCTAssertEqual(graphic.rect.width, 38)
    XCTAssertEqual(graphic.rect.height, 16)
    let command = String(decoding: graphic.bytes.prefix(60), as: UTF8.self)
    XCTAssertTrue(command.hasPrefix("\u{1B}_Ga=T,f=32,s=304,v=304,"), command)
    // The text area's size (CSI 14 t) serves when the cell's is not answered.
    let other = try AppHarness(size: Size(width: 100, height: 30), pictures: .graphics(.kitty))
    _ = other.lines
    other.press(.windowReport([4, 570, 800]))
    XCTAssertEqual(other.app.context.pictures.cellSize, CellSize(width: 8, height: 19))
  }

  func testAutoPicksTheProtocolTheTerminalSpeaks() {
    func mode(_ environment: [String: String]) -> PictureMode? {
      try? PictureMode.parse(nil, environment: environment).get()
    }
    XCTAssertEqual(mode(["TERM": "xterm-kitty"]), .graphics(.kitty))
    XCTAssertEqual(mode(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]), .graphics(.kitty))
    XCTAssertEqual(mode(["TERM_PROGRAM": "iTerm.app"]), .graphics(.iterm))
    XCTAssertEqual(
      mode(["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default"]), .symbols(colors: true),
      "tmux passes no graphics on")
    XCTAssertEqual(mode(["TERM": "xterm-256color"]), .symbols(colors: true))
    XCTAssertEqual(mode(["TERM": "xterm-256color", "NO_COLOR": "1"]), .symbols(colors: false))
    XCTAssertEqual(
      mode(["TERM": "xterm-256color", "COLORTERM": "truecolor"]), .graphics(.truecolor),
      "24-bit colours when COLORTERM says so")
    XCTAssertEqual(
      mode(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]),
      .symbols(colors: false))
    XCTAssertEqual(
      mode(["TERM": "screen-256color", "COLORTERM": "truecolor", "TMUX": "x"]),
      .symbols(colors: true), "the palette inside tmux")
    XCTAssertEqual(try? PictureMode.parse("sixel", environment: [:]).get(), .graphics(.sixel))
    XCTAssertEqual(try? PictureMode.parse("off", environment: [:]).get(), .off)
    if case .success = PictureMode.parse("png", environment: [:]) { XCTFail("png is no mode") }
  }
}

extension GraphicsProtocolScreenTests {
  func testATerminalThatSpeaksSixelGetsRealPixelsFromThen() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    app.press(.terminalAttributes([62, 1, 22]))
    XCTAssertEqual(app.app.context.pictures.mode, .symbols(colors: true), "no 4: no sixel")
    app.press(.terminalAttributes([63, 1, 2, 4, 6, 9, 15, 22]))
    XCTAssertEqual(app.app.context.pictures.mode, .graphics(.sixel))
    XCTAssertEqual(app.lines[0], " My Meals", "never a key for the screens")
    let off = try AppHarness(pictures: .off)
    off.press(.terminalAttributes([63, 4]))
    XCTAssertEqual(off.app.context.pictures.mode, .off, "off stays off")
  }

  func testOnlyAutoOutsideTmuxAsksTheTerminal() {
    func asks(_ arguments: [String], _ environment: [String: String]) -> Bool {
      let environment = environment.merging(["HOME": "/h"]) { a, _ in a }
      guard
        case .success(.run(let options)) = LaunchOptions.parse(arguments, environment: environment)
      else { return false }
      return PictureMode.asksForSixel(options.images, environment: environment)
    }
    XCTAssertTrue(asks([], ["TERM": "xterm"]))
    XCTAssertFalse(asks([], ["TERM": "xterm", "TMUX": "/tmp/t"]))
    XCTAssertFalse(asks([], ["TERM": "xterm-kitty"]), "kitty speaks its own")
    XCTAssertFalse(asks(["--images", "symbols"], ["TERM": "xterm"]))
    XCTAssertFalse(asks([], ["TERM": "xterm", "NO_COLOR": "1"]))
  }
}

extension PictureScreenTests {
  func testWideTheIngredientsAndThePictureSitSideBySide() throws {
    let app = try AppHarness(size: Size(width: 120, height: 40), pictures: .symbols(colors: true))
    Self.openStew(app)
    app.service.answerPicture(Self.photo)
    XCTAssertTrue(app.lines[5].hasPrefix("  INGREDIENTS (7) · serves 4 (assumed)"), app.lines[5])
    let canvas = app.canvas
    // Pager 116 wide: text 74, a gap of 2, the picture at column 2 + 76 = 78, 40 wide.
    XCTAssertNotNil(canvas[5, 78].style.ink)
    XCTAssertNotNil(canvas[19, 117].style.ink)
    XCTAssertNil(canvas[5, 77].style.ink)
    XCTAssertNil(canvas[20, 78].style.ink, "15 rows for the 4:3 photo")

    let pixels = try AppHarness(size: Size(width: 120, height: 40), pictures: .graphics(.kitty))
    Self.openStew(pixels)
    pixels.service.answerPicture("https://www.themealdb.com/images/media/meals/90010.jpg")
    XCTAssertEqual(pixels.canvas.graphics.map(\.rect), [Rect(x: 78, y: 5, width: 40, height: 15)])
    XCTAssertTrue(pixels.lines[5].hasPrefix("  INGREDIENTS (7)"))
  }
}

extension PictureScreenTests {
  func testInASmallWindowThePictureShrinksAndTheTextStaysInView() throws {
    let app = try AppHarness(size: Size(width: 40, height: 14), pictures: .symbols(colors: true))
    Self.openStew(app)
    app.service.answerPicture(Self.photo)
    let canvas = app.canvas
    // A pager of 6 rows gives 3 to the picture: 4:3 in 3 rows is 8 columns.
    let inked = (0..<14).filter { row in (0..<40).contains { canvas[row, $0].style.ink != nil } }
    XCTAssertEqual(inked, [5, 6, 7])
    XCTAssertNotNil(canvas[5, 9].style.ink)
    XCTAssertNil(canvas[5, 10].style.ink)
    XCTAssertEqual(app.lines[9], "  INGREDIENTS (7) · serves 4 (assumed)")
    // Shorter still: no room for a picture, the text comes first.
    app.size = Size(width: 40, height: 12)
    XCTAssertEqual(app.lines[5], "  INGREDIENTS (7) · serves 4 (assumed)")
  }
}
