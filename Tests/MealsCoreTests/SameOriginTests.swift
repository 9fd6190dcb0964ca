import MealsCore
import XCTest

/// Which `Host` is this machine's and which writes come from the book's own page.
final class SameOriginTests: XCTestCase {
  func testAHostIsThisMachineOnlyByNumbersLocalhostOrItsOwnName() {
    for host in [
      "127.0.0.1:8080", "127.0.0.1", "192.168.1.20:9000", "[::1]:8080", "[fe80::1%25eth0]:80",
      "localhost:8080", "LOCALHOST", "app.localhost:1", "kitchen:8080", "kitchen.local:8080",
      "kitchen.home.lan", "kitchen.local.:8080",
    ] {
      XCTAssertTrue(SameOrigin.isOwnHost(host, machineName: "kitchen.home.lan"), host)
    }
    for host in [
      "recipes.example:8080", "127.0.0.1.nip.io:8080", "1.2.3.4.evil.test", "kitchen.evil.test",
      "evil-kitchen.local", "999.1.1.1", "1.2.3", "kitchenx.local",
    ] {
      XCTAssertFalse(SameOrigin.isOwnHost(host, machineName: "kitchen.home.lan"), host)
    }
    XCTAssertTrue(SameOrigin.isOwnHost(nil, machineName: ""), "HTTP/1.0 sends none")
    XCTAssertFalse(SameOrigin.isOwnHost("kitchen", machineName: ""))
  }

  func testAWriteIsJSONFromThisOriginOrAProgramWithTheToken() {
    func check(_ headers: [String: String], secure: Bool = false, bearer: Bool = false)
      -> SameOrigin.Refusal?
    {
      var all = ["host": "127.0.0.1:8080"]
      all.merge(headers) { $1 }
      if case .failure(let refusal) = SameOrigin.checkWrite(
        headers: all, secure: secure, carriesBearer: bearer)
      {
        return refusal
      }
      return nil
    }
    let json = "application/json"
    XCTAssertNil(check(["content-type": json, "origin": "http://127.0.0.1:8080"]))
    XCTAssertNil(
      check(["content-type": "application/json; charset=utf-8", "origin": "http://127.0.0.1:8080"]))
    XCTAssertNil(check(["content-type": json, "origin": "https://127.0.0.1:8080"], secure: true))
    XCTAssertNil(check(["content-type": json, "sec-fetch-site": "same-origin"]))
    XCTAssertNil(check(["content-type": json], bearer: true))
    XCTAssertEqual(
      check(["content-type": json, "origin": "http://127.0.0.1:8080"], secure: true), .foreignPage)
    XCTAssertEqual(check(["content-type": json, "origin": "http://127.0.0.1:9182"]), .foreignPage)
    XCTAssertEqual(check(["content-type": json, "origin": "null"]), .foreignPage)
    XCTAssertEqual(check(["content-type": json, "sec-fetch-site": "same-site"]), .foreignPage)
    XCTAssertEqual(
      check(["content-type": json, "sec-fetch-site": "cross-site"], bearer: true), .foreignPage)
    XCTAssertEqual(check(["content-type": json]), .foreignPage)
    XCTAssertEqual(
      check(["content-type": "text/plain", "origin": "http://127.0.0.1:8080"]), .notJSON)
    XCTAssertEqual(check(["origin": "http://127.0.0.1:8080"], bearer: true), .notJSON)
  }
}
