import TerminalUI
import XCTest

/// Only the answer last asked for is taken: one asked before it, or dropped, comes back late.
final class LatestAnswerTests: XCTestCase {
  func testOnlyTheLastAskingIsAnsweredAndOnce() {
    var slot = LatestAnswer<String>()
    let first = slot.ask("soup")
    let second = slot.ask("stew")
    XCTAssertNil(slot.take(first), "asked again since: the first answer is late")
    XCTAssertTrue(slot.isWaiting)
    XCTAssertEqual(slot.take(second), "stew")
    XCTAssertFalse(slot.isWaiting)
    XCTAssertNil(slot.take(second), "an answer is taken once")
  }

  func testADroppedAskingIsNeverAnsweredAndSaysWhatItWas() {
    var slot = LatestAnswer<Int?>()
    let ticket = slot.ask(nil)
    slot.asked = 42  // learnt after asking: the request's id
    XCTAssertEqual(slot.drop() ?? nil, 42)
    XCTAssertNil(slot.take(ticket) ?? nil)
    slot.asked = 7
    XCTAssertNil(slot.asked ?? nil, "nothing awaited: nothing to set")
  }
}
