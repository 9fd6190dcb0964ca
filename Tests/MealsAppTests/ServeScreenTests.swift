import Foundation
import MealsCLI
import MealsLaunch
import MealsServe
import TerminalUI
import TestSupport
import XCTest

@testable import MealsApp

/// A server the tests start and stop without a socket: the address is fixed, so the screen is.
final class FakeServing: ServingSession {
  let address: String
  let pairingAddress: String
  let fingerprint: String?
  var pairedCount = 0
  private(set) var stopped = false

  init(lan: Bool = false, host: String = "192.168.1.20") {
    address = lan ? "https://\(host):9080" : "http://127.0.0.1:9080"
    pairingAddress = address + "/pair?token=0123456789abcdef0123456789abcdef"
    fingerprint = lan ? (0..<32).map { _ in "AB" }.joined(separator: ":") : nil
  }

  func stop() { stopped = true }
}

/// `P` on My Meals: the screen, the status line's count, stopping, and what a failure says.
final class ServeScreenTests: XCTestCase {
  /// The app with the fake server behind `P`; the servers it started.
  static func app(
    size: Size = Size(width: 100, height: 30), lan: Bool = false, host: String = "192.168.1.20"
  ) throws -> (
    AppHarness, () -> [FakeServing]
  ) {
    let app = try AppHarness(size: size)
    var started: [FakeServing] = []
    app.app.context.serve.starter = { _ in
      let serving = FakeServing(lan: lan, host: host)
      started.append(serving)
      return .success(serving)
    }
    app.navigator.clearStatus()
    return (app, { started })
  }

  func testPServesShowsTheAddressAndCountsThePhonesOnTheStatusLine() throws {
    let (app, started) = try Self.app()
    app.press(.character("P"))
    var screen = app.text
    XCTAssertTrue(screen.contains("Serve to a Phone"), screen)
    XCTAssertTrue(screen.contains("http://127.0.0.1:9080/pair?token="), screen)
    XCTAssertTrue(screen.contains("█▀▀▀▀▀█"), "the code is drawn:\n\(screen)")
    XCTAssertTrue(screen.contains("No phone has come in yet."), screen)
    XCTAssertTrue(screen.contains("serving · no phone yet"), screen)

    // A phone comes in: within the next look (a second), the screen and the status line say so.
    try XCTUnwrap(started().first).pairedCount = 2
    app.wait(1_100)
    screen = app.text
    XCTAssertTrue(screen.contains("2 phones have come in."), screen)
    XCTAssertTrue(screen.contains("serving · 2 phones"), screen)

    // Esc leaves it serving: My Meals' status line still says so.
    app.press(.escape)
    XCTAssertTrue(app.navigator.top is MyMealsScreen)
    XCTAssertTrue(app.text.contains("serving · 2 phones"), app.text)
    // P again shows the same server; none is started twice.
    app.press(.character("P"))
    XCTAssertEqual(started().count, 1)

    // s stops it: nothing is said as serving; s again starts another.
    app.press(.character("s"))
    XCTAssertTrue(try XCTUnwrap(started().first).stopped)
    screen = app.text
    XCTAssertTrue(screen.contains("Not serving."), screen)
    XCTAssertFalse(screen.contains("serving ·"), screen)
    app.press(.character("s"))
    XCTAssertEqual(started().count, 2)
    XCTAssertTrue(app.text.contains("serving · no phone yet"), app.text)

    // The app's end stops it.
    app.app.finishBackgroundWork()
    XCTAssertTrue(try XCTUnwrap(started().last).stopped)
  }

  func testOnTheNetworkTheFingerprintIsShownAndAFailureIsSaid() throws {
    let (app, _) = try Self.app(lan: true)
    app.press(.character("P"))
    let screen = app.text
    XCTAssertTrue(screen.contains("https://192.168.1.20:9080/pair"), screen)
    XCTAssertTrue(screen.contains("A phone warns until it installs meals' certificate"), screen)
    XCTAssertTrue(screen.contains("AB:AB:AB"), screen)
    XCTAssertFalse(screen.contains("set serve-lan"), screen)

    let (busy, _) = try Self.app()
    busy.app.context.serve.starter = { _ in
      .failure(ServeSession.Problem(message: "the port 9080 is in use."))
    }
    busy.press(.character("P"))
    XCTAssertTrue(busy.navigator.top is MyMealsScreen, "no screen for a server that is not there")
    XCTAssertEqual(
      busy.navigator.status?.text, "Cannot serve the book: the port 9080 is in use.")
    XCTAssertFalse(busy.text.contains("serving ·"), busy.text)
  }

  /// Too narrow for the code beside the text: above it, or said when it fits nowhere.
  func testTheCodeGoesAboveTheTextOrIsSaidToBeTooWide() throws {
    let (narrow, _) = try Self.app(size: Size(width: 50, height: 20))
    narrow.press(.character("P"))
    let lines = narrow.lines
    let codeRow = try XCTUnwrap(lines.firstIndex { $0.contains("█▀▀▀▀▀█") }, "\(lines)")
    XCTAssertFalse(
      lines[..<codeRow].contains { $0.contains("Open this address") }, "the code comes first")
    narrow.press(.character(" "))
    XCTAssertTrue(narrow.text.contains("Open this address"), "the text under it:\n\(narrow.text)")

    // An IPv6 address makes a larger code, wider than 40 columns hold.
    let (tiny, _) = try Self.app(
      size: Size(width: 40, height: 12), lan: true,
      host: "[2001:0db8:85a3:0000:0000:8a2e:0370:7334]")
    tiny.press(.character("P"))
    let screen = tiny.text
    XCTAssertFalse(screen.contains("█▀▀▀▀▀█"), screen)
    XCTAssertTrue(screen.contains("too narrow for the code"), screen)
  }
}
