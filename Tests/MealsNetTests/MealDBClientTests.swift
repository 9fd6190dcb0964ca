import Fixtures
import Foundation
import MealsCore
import MealsNet
import TestSupport
import XCTest

/// The client against the project's fixture server on 127.0.0.1.
final class MealDBClientTests: XCTestCase {
  nonisolated(unsafe) static var server: FixtureServer?
  var http: HTTPClient!

  override class func setUp() {
    server = try? FixtureServer()
  }

  override class func tearDown() {
    server?.stop()
    server = nil
  }

  override func setUpWithError() throws {
    http = try HTTPClient()
  }

  /// XCTest keeps every test case alive to the end: let the client (and curl) go now.
  override func tearDown() {
    http = nil
  }

  private func client(_ misbehaviour: String? = nil) throws -> MealDBClient {
    let server = try XCTUnwrap(Self.server, "the fixture server (python3) did not start")
    return MealDBClient(baseURL: server.baseURL(misbehaviour), http: http)
  }

  /// Runs a request to its end inside the client's loop and returns its result.
  private func run<T>(
    _ start: (@escaping (Result<T, NetworkError>) -> Void) -> RequestID,
    timeout: Int = 30_000
  ) throws -> Result<T, NetworkError> {
    var result: Result<T, NetworkError>?
    let id = start { result = $0 }
    http.waitUntilDone(id, timeoutMilliseconds: timeout)
    return try XCTUnwrap(result, "no result within \(timeout) ms")
  }

  // MARK: - Endpoints

  func testSearchByName() throws {
    let client = try client()
    let meals = try run { client.searchMeals(named: "arrabiata", completion: $0) }.get()
    XCTAssertEqual(meals.map(\.name), ["Spicy Arrabiata Penne"])
    XCTAssertEqual(meals.first?.ingredients.count, 8)
    XCTAssertEqual(try run { client.searchMeals(named: "xablau", completion: $0) }.get(), [])
    XCTAssertEqual(try run { client.searchMeals(named: "", completion: $0) }.get().count, 12)
  }

  func testLookupRandomAndFirstLetter() throws {
    let client = try client()
    XCTAssertEqual(
      try run { client.lookupMeal(id: "90003", completion: $0) }.get()?.name, "Battenberg Squares")
    XCTAssertNil(try run { client.lookupMeal(id: "1", completion: $0) }.get())
    XCTAssertNotNil(try run { client.randomMeal(completion: $0) }.get())
    XCTAssertEqual(
      try run { client.mealsStarting(with: "c", completion: $0) }.get().map(\.name),
      ["Chakchouka", "Chicken Soup", "Cottage Pie"])
  }

  func testListsAndFilters() throws {
    let client = try client()
    XCTAssertEqual(try run { client.listIngredients(completion: $0) }.get().count, 50)
    XCTAssertEqual(try run { client.categories(completion: $0) }.get().count, 9)
    XCTAssertTrue(try run { client.categoryNames(completion: $0) }.get().contains("Dessert"))
    XCTAssertTrue(try run { client.areaNames(completion: $0) }.get().contains("Unknown"))
    XCTAssertEqual(
      try run { client.filterMeals(.category, "Dessert", completion: $0) }.get().map(\.name),
      ["Battenberg Squares", "Hot Chocolate Fudge"])
    XCTAssertEqual(
      try run { client.filterMeals(.area, "Tunisian", completion: $0) }.get().map(\.mealDBID),
      ["90002"])
    XCTAssertEqual(
      try run { client.filterMeals(.ingredient, "Butter", completion: $0) }.get().count, 2)
    XCTAssertEqual(
      try run { client.filterMeals(.ingredient, "Unobtainium", completion: $0) }.get(), [])
  }

  func testQueryValuesArePercentEncoded() throws {
    let client = try client("echo")
    for value in ["a&b=c", "#hash", "100% rye", "two words", "日本", "🍝 pasta", "+plus/slash?"] {
      let echoed = try run { client.searchMeals(named: value, completion: $0) }.get().first?.name
      XCTAssertEqual(echoed, value)
    }
    XCTAssertEqual(MealDBClient.percentEncoded("a b&c"), "a%20b%26c")
  }

  // MARK: - Failures

  func testEveryFailureIsAnErrorValue() throws {
    let cases: [(String, NetworkError)] = [
      ("status/500", .httpStatus(500)),
      ("status/404", .httpStatus(404)),
      ("html", .notJSON),
      ("malformed", .notJSON),
      ("wrongshape", .wrongShape("\"meals\" is not a list")),
      ("truncate", .connectionLost),
      ("reset", .connectionLost),
    ]
    for (misbehaviour, expected) in cases {
      let client = try client(misbehaviour)
      let result = try run { client.searchMeals(named: "soup", completion: $0) }
      XCTAssertEqual(result.failureValue, expected, misbehaviour)
    }
  }

  func testAHugeChunkedBodyIsStoppedAtTheCap() throws {
    var configuration = HTTPClient.Configuration()
    configuration.maximumBodyBytes = 1_048_576
    http = try HTTPClient(configuration: configuration)
    let client = try client("huge")
    let result = try run { client.searchMeals(named: "soup", completion: $0) }
    XCTAssertEqual(result.failureValue, .bodyTooLarge(1_048_576))
  }

  func testASlowDripTimesOut() throws {
    var configuration = HTTPClient.Configuration()
    configuration.totalTimeoutMilliseconds = 1_500
    http = try HTTPClient(configuration: configuration)
    let client = try client("drip")
    let start = Date()
    let result = try run { client.searchMeals(named: "soup", completion: $0) }
    XCTAssertEqual(result.failureValue, .timedOut)
    XCTAssertLessThan(Date().timeIntervalSince(start), 10, "no hang past the timeout")
  }

  // MARK: - Pages

  private func site(_ path: String) throws -> String {
    let server = try XCTUnwrap(Self.server, "the fixture server (python3) did not start")
    return server.baseURL().replacingOccurrences(of: "/api/json/v1/1/", with: "/") + path
  }

  func testAPageComesWithItsTypeAndTheAddressItEndedAt() throws {
    let client = try client()
    let address = try site("redirect/2/pages/latin1.html")
    let page = try run { client.fetchPage(address, completion: $0) }.get()
    XCTAssertEqual(page.contentType, "text/html; charset=ISO-8859-1")
    XCTAssertEqual(page.address, try site("pages/latin1.html"), "after the redirects")
    let zipped = try site("gzip/pages/latin1.html")
    let unzipped = try run { client.fetchPage(zipped, completion: $0) }.get()
    XCTAssertEqual(unzipped.body, page.body, "gzip undone")
  }

  func testAPageThatNeverEndsTimesOut() throws {
    var configuration = HTTPClient.Configuration()
    configuration.totalTimeoutMilliseconds = 1_500
    http = try HTTPClient(configuration: configuration)
    let client = try client()
    let address = try site("drip/pages/endless.html")
    let start = Date()
    let result = try run { client.fetchPage(address, completion: $0) }
    XCTAssertEqual(result.failureValue, .timedOut)
    XCTAssertLessThan(Date().timeIntervalSince(start), 10, "no hang past the timeout")
  }

  func testAClosedPortCannotConnect() throws {
    let port = try XCTUnwrap(Self.server).port
    // A port that was free a moment ago: the server's own port plus one is almost always closed.
    let client = MealDBClient(
      baseURL: "http://127.0.0.1:\(port == 65535 ? 1 : port + 1)/api/json/v1/1/", http: http)
    let result = try run { client.searchMeals(named: "soup", completion: $0) }
    XCTAssertEqual(result.failureValue, .cannotConnect("127.0.0.1"))
    XCTAssertEqual(
      result.failureValue?.message,
      "Cannot connect to 127.0.0.1: server down or unreachable.")
  }

  func testAnUnknownHostCannotResolve() throws {
    var configuration = HTTPClient.Configuration()
    configuration.connectTimeoutMilliseconds = 3_000
    http = try HTTPClient(configuration: configuration)
    let client = MealDBClient(baseURL: "http://no-such-host.invalid/api/json/v1/1/", http: http)
    let result = try run { client.searchMeals(named: "soup", completion: $0) }
    XCTAssertTrue(
      [.cannotResolve("no-such-host.invalid"), .timedOut].contains(result.failureValue), "\(result)"
    )
  }

  func testABadURLIsReportedNotCrashed() throws {
    let client = MealDBClient(baseURL: "ftp://example/", http: http)
    let result = try run { client.searchMeals(named: "soup", completion: $0) }
    XCTAssertEqual(result.failureValue, .badURL("ftp://example/search.php?s=soup"))
  }

  // MARK: - Cancellation

  func testACancelledRequestNeverDelivers() throws {
    let client = try client("delay/300")
    var delivered = 0
    let first = client.searchMeals(named: "soup") { _ in delivered += 1 }
    var second: Result<[Meal], NetworkError>?
    let latest = client.searchMeals(named: "pancakes") { second = $0 }
    client.cancel(first)
    http.waitUntilDone(latest)
    _ = http.wait(for: [], timeoutMilliseconds: 500)
    XCTAssertEqual(delivered, 0)
    XCTAssertEqual(try second?.get().map(\.name), ["Pancakes"])
    XCTAssertEqual(http.activeCount, 0)
  }

  func testTheWaitAlsoWatchesOtherDescriptors() throws {
    var ends: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&ends), 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let client = try client("delay/2000")
    _ = client.searchMeals(named: "soup") { _ in }
    var byte: UInt8 = 1
    _ = write(ends[1], &byte, 1)
    let start = Date()
    let ready = http.wait(for: [ends[0]], timeoutMilliseconds: 5_000)
    XCTAssertEqual(ready, [ends[0]], "a key (here a pipe) wakes the loop while a transfer runs")
    XCTAssertLessThan(Date().timeIntervalSince(start), 1.5)
  }
}

extension Result {
  var failureValue: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
