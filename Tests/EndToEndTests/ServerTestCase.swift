import Fixtures
import Foundation
import TestSupport
import XCTest

/// An end-to-end test against the fixture server, with a folder of its own for the database
/// and the picture cache; both go at the end of each test.
class ServerTestCase: XCTestCase {
  var server: FixtureServer!
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    server = try FixtureServer()
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    server.stop()
    server = nil
    folder.remove()
  }
}
