import Foundation
import XCTest

@testable import MealsCore

/// The ids an upgrade gives many meals at once are what `SyncPaths.newID` gives one.
final class RandomIDsTests: XCTestCase {
  func testIDsAreRandomVersion4UUIDsInLowerCase() throws {
    let ids = RandomIDs.make(20_000)
    XCTAssertEqual(ids.count, 20_000)
    XCTAssertEqual(Set(ids).count, ids.count, "no two alike")
    for id in ids.prefix(2_000) {
      let uuid = try XCTUnwrap(UUID(uuidString: id), id)
      XCTAssertEqual(uuid.uuidString.lowercased(), id)
      let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
      XCTAssertEqual(bytes[6] >> 4, 4, "version 4: \(id)")
      XCTAssertEqual(bytes[8] >> 6, 0b10, "RFC 4122's variant: \(id)")
    }
    // Each of the other 122 bits takes both values somewhere among them.
    let first = try XCTUnwrap(ids.first)
    XCTAssertTrue(ids.contains { $0.prefix(8) != first.prefix(8) })
    XCTAssertEqual(RandomIDs.make(0), [])
    XCTAssertEqual(SyncPaths.newID().count, RandomIDs.make(1).first?.count)
  }

  func testSixteenBytesAreWrittenInTheirFiveGroups() {
    XCTAssertEqual(
      RandomIDs.text(of: ArraySlice(UInt8(0)...UInt8(15))),
      "00010203-0405-0607-0809-0a0b0c0d0e0f")
    XCTAssertEqual(
      RandomIDs.text(of: ArraySlice([UInt8](repeating: 0xFF, count: 16))),
      "ffffffff-ffff-ffff-ffff-ffffffffffff")
  }
}
