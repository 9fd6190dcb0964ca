import XCTest

@testable import MealsCore

/// Meals' names kept as one run of bytes read back as the names they were, whatever they hold.
final class MealNamesTests: XCTestCase {
  func testNamesSetInAnyOrderReadBackAsTheyWereAndUnsetPlacesAreEmpty() {
    let texts = ["Crème brûlée", "", "香菜 soup 🍲", "Ärtsoppa", "plain"]
    var names = MealNames(count: 6)
    // Set from the last to the first, as the names' index hands them out of place order.
    for place in texts.indices.reversed() {
      var text = texts[place]
      text.withUTF8 { names.set(place, to: $0) }
    }
    names.set(5, to: nil)
    XCTAssertEqual(names.count, 6)
    XCTAssertEqual((0..<6).map { names[$0] }, texts + [""])
    XCTAssertEqual(names.withUTF8(2) { Array($0) }, Array("香菜 soup 🍲".utf8))
    XCTAssertEqual((0..<5).map { MealNames(texts)[$0] }, texts)
  }

  func testANameEndsAtANulAndBrokenUTF8IsMendedAsAStringFromTheDatabaseWouldBe() {
    var names = MealNames(count: 2)
    let withNul: [UInt8] = Array("Stew".utf8) + [0] + Array("hidden".utf8)
    let broken: [UInt8] = [0x50, 0x69, 0xE9, 0x20, 0xFF]  // "Pi", a Latin-1 é, " ", a stray byte
    withNul.withUnsafeBufferPointer { names.set(0, to: $0) }
    broken.withUnsafeBufferPointer { names.set(1, to: $0) }
    XCTAssertEqual(names[0], "Stew")
    let asCString = (broken + [0]).withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    XCTAssertEqual(names[1], asCString)
    XCTAssertEqual(names[1], "Pi\u{FFFD} \u{FFFD}")
  }
}
