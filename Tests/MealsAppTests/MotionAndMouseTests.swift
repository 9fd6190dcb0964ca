import MealsApp
import MealsCore
import TerminalUI
import XCTest

/// Slides between screens, gliding meters, and the mouse as the terminal reports it.
final class MotionAndMouseTests: XCTestCase {
  private func appWithThreeMeals(_ size: Size = Size(width: 40, height: 12)) throws -> AppHarness {
    let app = try AppHarness(size: size)
    for name in ["Apple pie", "Banana bread", "Cherry tart"] {
      _ = try app.store.createMeal(name: name, instructions: "Bake the \(name.lowercased()).")
    }
    app.navigator.clearStatus()
    return app
  }

  // MARK: - Slides

  func testAPushSlidesInOverFourFramesAndEndsOnTheNewScreen() throws {
    let app = try appWithThreeMeals()
    app.navigator.animations = true
    let before = app.lines
    app.press(.enter)
    let after = { () -> [String] in
      app.navigator.animations = false
      defer { app.navigator.animations = true }
      return app.navigator.render(size: app.size).lines
    }
    var frames: [[String]] = [app.lines]
    let step = Navigator.slideDuration / Navigator.slideFrames
    for _ in 0..<Navigator.slideFrames {
      app.wait(step)
      frames.append(app.lines)
    }
    XCTAssertEqual(frames.first?[2], before[2], "the first frame is still the old screen")
    XCTAssertEqual(frames.last, after(), "after 80 ms, the new screen whole")
    XCTAssertEqual(Set(frames.map { $0[2] }).count, 5, "five different frames, in order")
    // In between, the new screen comes in from the right a quarter (10 columns) at a time.
    XCTAssertTrue(frames[1][2].hasSuffix(String(after()[2].prefix(10))), frames[1][2])
    XCTAssertTrue(frames[2][2].hasSuffix(String(after()[2].prefix(20))), frames[2][2])
    XCTAssertEqual(frames[0][0], after()[0], "the header is the new screen's at once")
  }

  func testAKeyDuringASlideEndsItAndIsHandled() throws {
    let app = try appWithThreeMeals()
    app.navigator.animations = true
    app.press(.enter)
    app.wait(20)
    app.press(.escape)  // back to My Meals at once, no half frame
    app.navigator.animations = false
    let whole = app.navigator.render(size: app.size).lines
    app.navigator.animations = true
    XCTAssertEqual(app.lines, whole)
    XCTAssertEqual(app.lines[0], " My Meals")
  }

  func testWithoutAnimationThereIsNoIntermediateFrame() throws {
    let app = try appWithThreeMeals()
    app.press(.enter)
    XCTAssertTrue(app.lines[0].hasSuffix("Apple pie"), "the editor at once")
    let first = app.lines
    app.wait(20)
    XCTAssertEqual(app.lines, first, "and nothing moves after")
    XCTAssertTrue(first[2].hasPrefix(" ▸ Apple pie"), first[2])
  }

  // MARK: - Meters

  func testTheRatingMeterGlidesWhenItChangesAndJumpsToAnotherMeal() throws {
    let app = try AppHarness(size: Size(width: 120, height: 24))
    app.navigator.animations = true
    var first = MealDraft(of: nil)
    first.meal = Meal(name: "Apple pie", instructions: "Bake.", rating: 1)
    let apple = try app.store.commit(first)
    var second = MealDraft(of: nil)
    second.meal = Meal(name: "Banana bread", instructions: "Bake.", rating: 5)
    try app.store.commit(second)
    app.press(.character("g"))
    func meterCells() -> Int {
      (app.lines.first { $0.contains("Rating ") } ?? "").filter { "█▏▎▍▌▋▊▉".contains($0) }.count
    }
    let low = meterCells()
    var draft = try app.store.editableCopy(of: apple)
    draft.meal.rating = 5
    try app.store.commit(draft)
    _ = app.lines  // the loop draws a frame when the store changes: the glide starts there
    app.wait(50)
    let moving = meterCells()
    app.wait(200)
    let high = meterCells()
    XCTAssertLessThan(low, moving, "it has started to grow")
    XCTAssertLessThan(moving, high, "and is not there yet")
    app.press(.down)
    XCTAssertEqual(meterCells(), high, "Banana bread's 5 shows at once")
    XCTAssertTrue(app.text.contains("★★★★★"))
  }

  func testTheMetersAreFullOnTheFirstFrameOfALaunch() throws {
    let first = try AppHarness(size: Size(width: 120, height: 24))
    var draft = MealDraft(of: nil)
    draft.meal = Meal(name: "Apple pie", instructions: "Bake.", rating: 5, totalMinutes: 180)
    try first.store.commit(draft)
    let app = try AppHarness(size: Size(width: 120, height: 24), restarting: first)
    let rating = try XCTUnwrap(app.lines.first { $0.contains("Rating ") }, app.text)
    XCTAssertTrue(rating.contains(String(repeating: "█", count: 20)), rating)
    let time = try XCTUnwrap(app.lines.first { $0.contains("Time ") }, app.text)
    XCTAssertTrue(time.contains("███"), time)
  }

  // MARK: - Mouse, through the key reader

  private func send(_ text: String, to app: AppHarness) {
    let terminal = MemoryTerminal(size: app.size)
    let loop = EventLoop(terminal: terminal, navigator: app.navigator, waiter: PollWaiter())
    terminal.send(Array(text.utf8))
    loop.drainKeys()
  }

  func testClicksSelectAndDoubleClicksOpen() throws {
    let app = try appWithThreeMeals()
    send("\u{1B}[<0;5;5M\u{1B}[<0;5;5m", to: app)  // row 4 (1-based 5): Cherry tart
    XCTAssertTrue(app.lines[4].hasPrefix("▸ Cherry tart"), app.text)
    send("\u{1B}[<0;5;4M\u{1B}[<0;5;4m\u{1B}[<0;5;4M\u{1B}[<0;5;4m", to: app)
    XCTAssertEqual(app.lines[0], " My Meals › Banana bread", "a double click opens")
  }

  func testTheWheelMovesAndAFooterHintIsAButton() throws {
    let app = try appWithThreeMeals()
    send("\u{1B}[<65;5;5M", to: app)
    XCTAssertTrue(app.lines[4].hasPrefix("▸ Cherry tart"), "down three, stopping at the end")
    send("\u{1B}[<64;5;5M", to: app)
    XCTAssertTrue(app.lines[2].hasPrefix("▸ Apple pie"))
    let footer = app.lines[11]
    let column = try XCTUnwrap(
      footer.range(of: "a search").map {
        footer.distance(from: footer.startIndex, to: $0.lowerBound)
      })
    send("\u{1B}[<0;\(column + 2);12M", to: app)
    XCTAssertEqual(app.lines[0], " My Meals › Search Meals")
  }

  func testAClickOnAWelcomeButtonPressesItAndOnThePreviewDoesNothing() throws {
    let empty = try AppHarness(size: Size(width: 80, height: 24))
    let row = try XCTUnwrap(empty.lines.firstIndex { $0.contains("[ c  Browse categories ]") })
    let line = empty.lines[row]
    let column = try XCTUnwrap(
      line.range(of: "Browse categories").map {
        line.distance(from: line.startIndex, to: $0.lowerBound)
      })
    send("\u{1B}[<0;\(column + 1);\(row + 1)M", to: empty)
    XCTAssertEqual(empty.lines[0], " My Meals › Browse › Categories")

    let wide = try appWithThreeMeals(Size(width: 120, height: 20))
    let before = wide.lines
    send("\u{1B}[<0;100;8M\u{1B}[<0;100;8M", to: wide)
    XCTAssertEqual(wide.lines, before, "clicks in the preview pane change nothing")
  }
}
