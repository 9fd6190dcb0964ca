import Fixtures
import Foundation
import TestSupport
import XCTest

@testable import TerminalUI

/// Decoding with limits, the symbols rendering and the graphics protocols' bytes, for the
/// project's fixture pictures (Resources/fixtures/pictures, made by generate.py there).
final class PictureTests: XCTestCase {
  private func fixture(_ name: String) throws -> Data {
    try PackagePaths.fixture("pictures/\(name)")
  }

  private func picture(_ name: String) throws -> Picture {
    try Picture.decode(try fixture(name)).get()
  }

  /// Compares with (or, with `MEALS_RECORD_PICTURES=1`, records) Tests/TerminalUITests/Pictures.
  private func expect(
    _ bytes: [UInt8], matches name: String, file: StaticString = #filePath, line: UInt = #line
  )
    throws
  {
    if let difference = try ExpectedFile.difference(
      bytes: bytes, file: "Tests/TerminalUITests/Pictures/\(name)",
      recordVariable: "MEALS_RECORD_PICTURES")
    {
      XCTFail(difference, file: file, line: line)
    }
  }

  // MARK: - Decoding

  func testJPEGAndPNGDecodeToTheirPixels() throws {
    let png = try picture("meal.png")
    XCTAssertEqual([png.width, png.height], [64, 48])
    let jpeg = try picture("meal.jpg")
    XCTAssertEqual([jpeg.width, jpeg.height], [64, 48])
    let ingredient = try picture("ingredient.png")
    XCTAssertEqual([ingredient.width, ingredient.height], [24, 24])
  }

  func testBrokenAndHugePicturesAreRefusedWithAReason() throws {
    func problem(_ name: String) throws -> String? {
      if case .failure(let problem) = Picture.decode(try fixture(name)) { return problem.message }
      return nil
    }
    XCTAssertTrue(try problem("truncated.jpg")?.hasPrefix("broken JPEG: ") == true)
    XCTAssertEqual(
      try problem("huge.png"), "the picture is 100000x100000 pixels, more than meals opens",
      "refused from the header, before 40 GB are allocated")
    XCTAssertEqual(try problem("not-a-picture.jpg"), "not a JPEG, PNG or WebP picture")
    if case .success = Picture.decode(Data()) { XCTFail("nothing is not a picture") }
  }

  // MARK: - Symbols

  func testSymbolsShowTheFourQuadrantsInPaletteColours() throws {
    let lines = SymbolArt.lines(try picture("meal.png"), columns: 16, rows: 6, colors: true)
    XCTAssertEqual(lines.count, 6)
    var canvas = Canvas(size: Size(width: 16, height: 6))
    for (row, line) in lines.enumerated() {
      for span in line.spans {
        canvas.write(span.text, row: row, column: span.column, style: span.style)
      }
    }
    // Each quadrant is one colour: the xterm palette's nearest to red, green, blue, yellow.
    func colour(_ row: Int, _ column: Int) -> UInt8? {
      let cell = canvas[row, column]
      return cell.scalar == " " ? cell.style.ink?.background : cell.style.ink?.foreground
    }
    let corners = [colour(0, 0), colour(0, 15), colour(5, 0), colour(5, 15)]
    XCTAssertEqual(corners, [160, 34, 26, 220], "red, green, blue, yellow")
    try expect(Array(Self.dump(canvas).utf8), matches: "meal-16x6.txt")
  }

  func testWithoutColourTheShapesStay() throws {
    let lines = SymbolArt.lines(try picture("meal.png"), columns: 8, rows: 3, colors: false)
    XCTAssertTrue(lines.allSatisfy { $0.spans.allSatisfy { $0.style == .plain } })
    XCTAssertEqual(lines.count, 3)
  }

  func testThePictureKeepsItsShapeWhateverTheRoom() throws {
    let meal = try picture("meal.png")  // 4:3
    XCTAssertEqual(SymbolArt.rows(for: meal, columns: 40, maximumRows: 20), 15)
    let fitted = SymbolArt.fit(meal, maximumColumns: 40, maximumRows: 10)
    XCTAssertEqual([fitted.columns, fitted.rows], [27, 10], "narrower, not squashed")
    let square = try picture("ingredient.png")
    let small = SymbolArt.fit(square, maximumColumns: 36, maximumRows: 4)
    XCTAssertEqual([small.columns, small.rows], [8, 4])
    let none = SymbolArt.fit(square, maximumColumns: 0, maximumRows: 4)
    XCTAssertEqual([none.columns, none.rows], [0, 0])
  }

  /// Each cell as its scalar and palette colours: `█ 160/-`.
  static func dump(_ canvas: Canvas) -> String {
    (0..<canvas.size.height).map { row in
      (0..<canvas.size.width).map { column in
        let cell = canvas[row, column]
        let ink = cell.style.ink
        return
          "\(Character(cell.scalar)) \(ink?.foreground.map(String.init) ?? "-")/\(ink?.background.map(String.init) ?? "-")"
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }

  // MARK: - Graphics protocols

  func testKittySixelAndITermBytesForAFixture() throws {
    let meal = try picture("meal.png")
    for graphics in GraphicsProtocol.allCases {
      let bytes = try XCTUnwrap(meal.protocolBytes(graphics, columns: 8, rows: 3))
      try expect(bytes, matches: "meal-8x3.\(graphics.rawValue)")
    }
    let kitty = String(
      decoding: try XCTUnwrap(meal.protocolBytes(.kitty, columns: 8, rows: 3)), as: UTF8.self)
    XCTAssertTrue(kitty.hasPrefix("\u{1B}_G"), "a kitty graphics command")
    let sixel = String(
      decoding: try XCTUnwrap(meal.protocolBytes(.sixel, columns: 8, rows: 3)), as: UTF8.self)
    XCTAssertTrue(sixel.contains("\u{1B}P") && sixel.hasSuffix("\u{1B}\\"), "a DCS sixel string")
    let iterm = String(
      decoding: try XCTUnwrap(meal.protocolBytes(.iterm, columns: 8, rows: 3)), as: UTF8.self)
    XCTAssertTrue(iterm.hasPrefix("\u{1B}]1337;File="), "an iTerm2 inline file")
  }

  // MARK: - The shape in real cells

  /// The kitty command's keys and its decoded RGBA payload.
  private func kittyImage(_ bytes: [UInt8]) throws -> (keys: [String: String], pixels: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var keys: [String: String] = [:]
    var payload = ""
    for command in text.components(separatedBy: "\u{1B}\\") where !command.isEmpty {
      let body = try XCTUnwrap(command.components(separatedBy: "\u{1B}_G").last)
      let parts = body.split(separator: ";", maxSplits: 1)
      for pair in parts[0].split(separator: ",") {
        let kv = pair.split(separator: "=", maxSplits: 1)
        if keys[String(kv[0])] == nil { keys[String(kv[0])] = String(kv[1]) }
      }
      if parts.count > 1 { payload += parts[1] }
    }
    return (keys, [UInt8](try XCTUnwrap(Data(base64Encoded: payload))))
  }

  func testGraphicsKeepThePhotosShapeInTheTerminalsRealCells() throws {
    // kitty 0.26's cells: 8 × 19 pixels. TheMealDB's small photo is 250 × 250.
    let cell = CellSize(width: 8, height: 19)
    let square = try picture("meal-250.jpg")
    let fit = square.fit(maximumColumns: 40, maximumRows: 16, cell: cell, pixels: true)
    XCTAssertEqual(fit, PictureFit(columns: 38, rows: 16, pixelWidth: 304, pixelHeight: 304))
    let kitty = try kittyImage(
      try XCTUnwrap(square.protocolBytes(.kitty, columns: fit.columns, rows: fit.rows, cell: cell)))
    XCTAssertEqual(kitty.keys["s"], "304")
    XCTAssertEqual(kitty.keys["v"], "304", "square, as the photo is (was 256 × 304)")
    XCTAssertNil(kitty.keys["c"], "no cell count: kitty would stretch the pixels to fill them")
    XCTAssertEqual(kitty.keys["C"], "1", "the cursor stays")
    XCTAssertEqual(kitty.pixels.count, 304 * 304 * 4)
    let seams = stride(from: 3, to: kitty.pixels.count, by: 4).filter { kitty.pixels[$0] != 255 }
    XCTAssertEqual(seams.count, 0, "every pixel of an opaque photo is opaque (no seam)")

    // A 4:3 picture in 2:1 cells and in 8 × 19 cells, for every protocol.
    let meal = try picture("meal.png")
    for (cell, columns, rows) in [(CellSize.assumed, 20, 8), (cell, 20, 8)] {
      let fit = meal.fit(maximumColumns: columns, maximumRows: rows, cell: cell, pixels: true)
      let ratio = Double(fit.pixelWidth) / Double(fit.pixelHeight)
      XCTAssertEqual(ratio, 4.0 / 3.0, accuracy: 0.02, "\(cell)")
      XCTAssertLessThanOrEqual(fit.pixelWidth, fit.columns * cell.width)
      XCTAssertLessThanOrEqual(fit.pixelHeight, fit.rows * cell.height)
      let kitty = try kittyImage(
        try XCTUnwrap(meal.protocolBytes(.kitty, columns: fit.columns, rows: fit.rows, cell: cell)))
      XCTAssertEqual(kitty.keys["s"], "\(fit.pixelWidth)")
      XCTAssertEqual(kitty.keys["v"], "\(fit.pixelHeight)")
      let iterm = String(
        decoding: try XCTUnwrap(
          meal.protocolBytes(.iterm, columns: fit.columns, rows: fit.rows, cell: cell)),
        as: UTF8.self)
      XCTAssertTrue(
        iterm.contains(";width=\(fit.pixelWidth)px;height=\(fit.pixelHeight)px;"),
        iterm.prefix(90)
          .description)
      // Sixel: the raster attributes give the image's size; the photo sits in its top left
      // corner at its own shape (whole sixels of 6 pixels; the rest is transparent).
      let sixel = String(
        decoding: try XCTUnwrap(
          meal.protocolBytes(.sixel, columns: fit.columns, rows: fit.rows, cell: cell)),
        as: UTF8.self)
      XCTAssertTrue(sixel.hasPrefix("\u{1B}P0;1;0q"), "a transparent background")
      XCTAssertTrue(
        sixel.contains("\"1;1;\(fit.columns * cell.width);"), sixel.prefix(30).description)
    }
  }

  func testSymbolsFollowTheCellsShapeToo() throws {
    let square = try picture("meal-250.jpg")
    XCTAssertEqual(square.fit(maximumColumns: 32, maximumRows: 20).rows, 16, "2:1 cells")
    let tall = CellSize(width: 8, height: 19)
    XCTAssertEqual(
      square.fit(maximumColumns: 32, maximumRows: 20, cell: tall).rows, 13,
      "32 × 8 / 19 half-block rows")
  }

  // MARK: - Colour pairs

  func testInkPairsAreMadeOnDemandAndOnlyFreePairsAreReused() {
    var pairs = InkPairs(first: 16, cap: 18)
    let red = Style.Ink(foreground: 160, background: nil)
    let green = Style.Ink(foreground: 34, background: nil)
    let blue = Style.Ink(foreground: 26, background: 16)
    pairs.startFrame()
    XCTAssertEqual(pairs.pair(for: red)?.0, 16)
    XCTAssertEqual(pairs.pair(for: red)?.1, false, "made once")
    XCTAssertEqual(pairs.pair(for: green)?.0, 17)
    XCTAssertNil(pairs.pair(for: blue), "both pairs are on screen in this frame")
    pairs.startFrame()
    _ = pairs.pair(for: green)
    let reused = pairs.pair(for: blue)
    XCTAssertEqual(reused?.0, 16, "red's pair, not drawn in this frame")
    XCTAssertEqual(reused?.1, true, "defined again")
    XCTAssertEqual(pairs.pair(for: red)?.0, nil, "red is gone and nothing is free now")
    XCTAssertNil(InkPairs(first: 16, cap: 16).pairForTest(red), "no pairs without 256 colours")
  }
}

extension InkPairs {
  fileprivate func pairForTest(_ ink: Style.Ink) -> Int16? {
    var copy = self
    copy.startFrame()
    return copy.pair(for: ink)?.0
  }
}

/// What a graphics-protocol terminal sends for a frame, given what is on screen.
final class GraphicsPlanTests: XCTestCase {
  private func graphic(_ key: String, _ y: Int, _ graphics: GraphicsProtocol) throws -> Graphic {
    Graphic(
      rect: Rect(x: 2, y: y, width: 8, height: 4), key: key, bytes: Array("PIXELS".utf8),
      graphics: graphics)
  }

  func testANewPictureIsPlacedOnceAndThenLeftAlone() throws {
    let sixel = try graphic("a", 5, .sixel)
    var plan = GraphicsPlan.plan(
      wanted: [sixel], shown: [], changedRows: { _ in true }, everything: false)
    XCTAssertEqual(plan.place, [sixel])
    plan = GraphicsPlan.plan(
      wanted: [sixel], shown: [sixel], changedRows: { _ in false }, everything: false)
    XCTAssertEqual(plan, GraphicsPlan(), "nothing to send when nothing changed")
    plan = GraphicsPlan.plan(
      wanted: [sixel], shown: [sixel], changedRows: { _ in false }, everything: true)
    XCTAssertEqual(plan.place, [sixel], "again after a redraw from scratch")
  }

  func testTextRedrawnUnderAnInlinePictureBringsItBack() throws {
    let sixel = try graphic("a", 5, .sixel)
    let plan = GraphicsPlan.plan(
      wanted: [sixel], shown: [sixel], changedRows: { $0 == 7 }, everything: false)
    XCTAssertEqual(plan.place, [sixel], "row 7 changed under it")
    let kitty = try graphic("a", 5, .kitty)
    XCTAssertEqual(
      GraphicsPlan.plan(
        wanted: [kitty], shown: [kitty], changedRows: { $0 == 7 }, everything: false
      )
      .place, [], "kitty pictures sit above the text")
  }

  func testAPictureThatLeavesOrMovesIsRemovedFirst() throws {
    let old = try graphic("a", 5, .sixel)
    let moved = try graphic("a", 3, .sixel)
    var plan = GraphicsPlan.plan(
      wanted: [], shown: [old], changedRows: { _ in false }, everything: false)
    XCTAssertEqual(plan.repaint, [old.rect], "its rows painted again from the text")
    XCTAssertEqual(plan.place, [])
    plan = GraphicsPlan.plan(
      wanted: [moved], shown: [old], changedRows: { _ in false }, everything: false)
    XCTAssertEqual(plan.repaint, [old.rect])
    XCTAssertEqual(plan.place, [moved])
    let kitty = try graphic("a", 5, .kitty)
    let other = try graphic("b", 12, .kitty)
    plan = GraphicsPlan.plan(
      wanted: [other], shown: [kitty, other], changedRows: { _ in false }, everything: false)
    XCTAssertTrue(plan.deleteKitty)
    XCTAssertEqual(plan.place, [other], "kitty deletes all, so the one that stays is placed again")
  }
}

extension GraphicsPlanTests {
  func testTheSequencesAroundAPicture() {
    let placed = GraphicsPlan.placement(
      of: Array("PIXELS".utf8), at: Rect(x: 2, y: 5, width: 8, height: 4))
    XCTAssertEqual(String(decoding: placed, as: UTF8.self), "\u{1B}7\u{1B}[6;3HPIXELS\u{1B}8")
    XCTAssertEqual(
      String(decoding: GraphicsPlan.kittyDeleteAll, as: UTF8.self), "\u{1B}_Ga=d,d=a\u{1B}\\")
  }
}

extension GraphicsPlanTests {
  func testTruecolorSymbolsArePlacedRowByRow() throws {
    let meal = try Picture.decode(try PackagePaths.fixture("pictures/meal.png")).get()
    let bytes = try XCTUnwrap(meal.protocolBytes(.truecolor, columns: 8, rows: 3))
    let text = String(decoding: bytes, as: UTF8.self)
    XCTAssertTrue(text.contains("\u{1B}[38;2;") || text.contains("\u{1B}[48;2;"), "24-bit colours")
    XCTAssertEqual(text.split(separator: "\n").count, 3, "one line per row")
    let placed = String(
      decoding: GraphicsPlan.placement(
        of: Array("AB\nCD\nEF".utf8), at: Rect(x: 4, y: 2, width: 2, height: 3), rows: true),
      as: UTF8.self)
    XCTAssertEqual(
      placed, "\u{1B}7\u{1B}[3;5HAB\u{1B}[4;5HCD\u{1B}[5;5HEF\u{1B}[0m\u{1B}8",
      "each row at its line, colours reset, cursor and attributes restored")
  }
}

extension PictureTests {
  func testOnAnEightColourTerminalPictureColoursGoToTheNearestBasicOne() {
    XCTAssertEqual(Palette.nearest(160, among: 8), 1, "a red")
    XCTAssertEqual(Palette.nearest(34, among: 8), 2, "a green")
    XCTAssertEqual(Palette.nearest(26, among: 8), 4, "a blue")
    XCTAssertEqual(Palette.nearest(220, among: 8), 3, "a yellow")
    XCTAssertEqual(Palette.nearest(232, among: 8), 0, "near black")
    XCTAssertEqual(Palette.nearest(231, among: 16), 15, "white, with 16")
    XCTAssertEqual(Palette.nearest(231, among: 8), 7, "the lightest of 8")
    XCTAssertEqual(Palette.rgb(196).0, 255)
  }
}

/// The picture worker: work off the calling thread, continuations back on it, in `drain`.
final class WorkerTests: XCTestCase {
  func testResultsComeBackOnlyWhenDrainedOnTheOwningThread() throws {
    let worker = Worker(label: "test")
    var got: [Int] = []
    for number in 1...5 {
      worker.run({ number * 10 }, then: { got.append($0) })
    }
    XCTAssertTrue(worker.isBusy)
    XCTAssertEqual(got, [], "nothing runs behind the owner's back")
    var ready = pollfd(fd: worker.descriptor, events: Int16(POLLIN), revents: 0)
    XCTAssertEqual(poll(&ready, 1, 2_000), 1, "the pipe says when work is done")
    worker.finishAll()
    XCTAssertEqual(got, [10, 20, 30, 40, 50], "in order")
    XCTAssertFalse(worker.isBusy)
    XCTAssertFalse(worker.drain(), "nothing more")
  }

  func testDecodingAndDrawingOnTheWorker() throws {
    let worker = Worker(label: "test")
    let data = try PackagePaths.fixture("pictures/meal.jpg")
    var lines: [PagerLine] = []
    worker.run(
      { () -> [PagerLine] in
        guard case .success(let picture) = Picture.decode(data) else { return [] }
        return SymbolArt.lines(picture, columns: 16, rows: 6, colors: true)
      }, then: { lines = $0 })
    worker.finishAll()
    XCTAssertEqual(lines.count, 6)
  }
}
