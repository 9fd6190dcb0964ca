import Fixtures
import Foundation
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import TestSupport
import XCTest

@testable import MealsCLI
@testable import MealsServe

/// `meals serve --lan`: HTTPS whose certificate meals' own certificate authority signs, an
/// authority that can vouch for this machine and nothing else, offered to paired phones.
final class ServeTrustEndToEndTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var server: ChildProcess?

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    var draft = MealDraft(of: nil)
    draft.meal = Meal(name: "Shakshuka", instructions: "Simmer.", ingredients: [])
    try MealStore(path: database).commit(draft)
  }

  override func tearDown() {
    stopServer()
    folder.remove()
  }

  // MARK: - Helpers

  private var database: String { folder.path("meals.sqlite") }

  /// What `meals serve --lan` printed before it served, its port and its token.
  private struct Started {
    var printed: String
    var port: Int
    var token: String
    /// The authority's SHA-256 as printed.
    var fingerprint: String
  }

  private func startServer(_ extra: [String] = []) throws -> Started {
    let process = try ChildProcess(
      [Products.meals, "--db", database, "serve", "--port", "0", "--lan"] + extra)
    server = process
    let printed = process.read(until: "Serving the book", timeout: 60)
    let first = try XCTUnwrap(printed.split(separator: "\n").first.map(String.init), printed)
    XCTAssertTrue(first.hasPrefix("https://"), printed)
    let port = try XCTUnwrap(
      Int(first.split(separator: ":").last?.split(separator: "/").first ?? ""), first)
    let marker = "Its SHA-256, as the phone shows it: "
    let fingerprint = try XCTUnwrap(
      printed.split(separator: "\n").first { $0.hasPrefix(marker) }?.dropFirst(marker.count),
      printed)
    return Started(
      printed: printed, port: port, token: String(first.split(separator: "=").last ?? ""),
      fingerprint: String(fingerprint))
  }

  private func stopServer() {
    guard let server else { return }
    server.kill(SIGINT)
    XCTAssertEqual(server.wait(), 0, "meals serve ends cleanly on Ctrl-C")
    self.server = nil
  }

  private func file(_ name: String) throws -> String {
    try String(contentsOfFile: folder.path(name), encoding: .utf8)
  }

  private func mode(_ name: String) throws -> Int {
    try XCTUnwrap(
      try FileManager.default.attributesOfItem(atPath: folder.path(name))[.posixPermissions]
        as? Int)
  }

  @discardableResult
  private func openssl(_ arguments: [String], status: Int32 = 0) throws -> String {
    let (got, output, errors) = try runProcess(["/usr/bin/env", "openssl"] + arguments)
    XCTAssertEqual(got, status, "openssl \(arguments.joined(separator: " ")): \(output)\(errors)")
    return output + errors
  }

  /// A phone's view through Python's ssl module, trusting `authority` (a PEM file) alone:
  /// whether the chain verifies for `host`, and what the pages and the download answer.
  private func phone(_ started: Started, trusting authority: String, host: String) throws
    -> [String: Any]
  {
    let script = """
      import http.client, json, ssl, sys
      port, token, authority, host = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
      context = ssl.create_default_context(cafile=authority)
      seen = {}
      try:
          connection = http.client.HTTPSConnection(host, port, context=context, timeout=10)
          connection.request("GET", "/pair?token=" + token)
          paired = connection.getresponse()
          paired.read()
          seen["version"] = connection.sock.version()
          seen["pair"] = paired.status
          seen["cookie"] = paired.getheader("Set-Cookie")
          bearer = {"Authorization": "Bearer " + token}
          for path in ("/", "/trust", "/meals-ca.crt"):
              connection.request("GET", path, headers=bearer)
              answer = connection.getresponse()
              seen[path] = [answer.status, answer.getheader("Content-Type"),
                            answer.getheader("Content-Disposition"),
                            answer.read().decode("utf-8", "replace")]
          connection.request("GET", "/trust", headers=dict(bearer, **{"Accept-Language": "de"}))
          seen["/trust in German"] = connection.getresponse().read().decode("utf-8", "replace")
          connection.request("GET", "/meals-ca.crt")
          answer = connection.getresponse()
          answer.read()
          seen["without token"] = answer.status
      except ssl.SSLCertVerificationError as error:
          seen["refused"] = error.verify_message
      print(json.dumps(seen))
      """
    let (status, output, errors) = try runProcess(
      [
        "/usr/bin/env", "python3", "-c", script, String(started.port), started.token, authority,
        host,
      ])
    XCTAssertEqual(status, 0, errors)
    return try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], output)
  }

  // MARK: - The authority

  func testAPhoneThatInstalledTheAuthorityTrustsTheBookAndNothingElse() throws {
    try TranslationEndToEndTests.compileCatalogs()
    // A self-signed certificate of an earlier version: replaced by one the authority signs.
    try openssl([
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=meals kitchen", "-days", "30",
      "-keyout", folder.path("serve-key.pem"), "-out", folder.path("serve-cert.pem"),
    ])
    let earlier = try file("serve-cert.pem")
    let started = try startServer()
    XCTAssertTrue(
      started.printed.contains("meals made its own certificate authority"), started.printed)
    XCTAssertNotEqual(try file("serve-cert.pem"), earlier)
    XCTAssertEqual(try mode("serve-ca-key.pem"), 0o600, "the authority's key is the user's alone")
    XCTAssertEqual(try mode("serve-key.pem"), 0o600)
    let authority = folder.path("serve-ca.pem")

    // The authority: a CA for signing certificates alone, limited to this machine's names.
    let text = try openssl(["x509", "-in", authority, "-noout", "-text", "-fingerprint", "-sha256"])
    XCTAssertTrue(text.contains("CA:TRUE, pathlen:0"), text)
    XCTAssertTrue(text.contains("X509v3 Basic Constraints: critical"), text)
    XCTAssertTrue(text.contains("X509v3 Name Constraints: critical"), text)
    XCTAssertTrue(text.contains("IP:127.0.0.1/255.255.255.255"), text)
    XCTAssertTrue(text.contains("DNS:localhost"), text)
    XCTAssertTrue(text.contains("Certificate Sign"), text)
    XCTAssertTrue(
      text.contains("sha256 Fingerprint=\(started.fingerprint)")
        || text.contains("SHA256 Fingerprint=\(started.fingerprint)"),
      "the SHA-256 printed is the authority's: \(text)")
    let serving = try openssl(["x509", "-in", folder.path("serve-cert.pem"), "-noout", "-text"])
    XCTAssertTrue(serving.contains("TLS Web Server Authentication"), serving)
    XCTAssertTrue(serving.contains("CA:FALSE"), serving)
    XCTAssertTrue(
      try openssl(["verify", "-CAfile", authority, folder.path("serve-cert.pem")]).contains(": OK"))

    // Signed with the authority's key for another name or address, it verifies nowhere.
    for (name, alternative) in [("evil.example", "DNS:evil.example"), ("router", "IP:10.9.9.9")] {
      try openssl([
        "req", "-new", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(name)",
        "-keyout", folder.path("\(name).key"), "-out", folder.path("\(name).csr"),
      ])
      try "subjectAltName=\(alternative)\n".write(
        toFile: folder.path("\(name).ext"), atomically: true, encoding: .utf8)
      try openssl([
        "x509", "-req", "-in", folder.path("\(name).csr"), "-CA", authority, "-CAkey",
        folder.path("serve-ca-key.pem"), "-CAcreateserial", "-days", "30", "-extfile",
        folder.path("\(name).ext"), "-out", folder.path("\(name).pem"),
      ])
      let refused = try openssl(
        ["verify", "-CAfile", authority, folder.path("\(name).pem")], status: 2)
      XCTAssertTrue(refused.contains("permitted subtree violation"), refused)
    }

    // A phone that trusts the authority: the chain verifies for the address and for localhost.
    for host in ["127.0.0.1", "localhost"] {
      let seen = try phone(started, trusting: authority, host: host)
      XCTAssertNil(seen["refused"], "\(host): \(seen)")
      XCTAssertTrue(["TLSv1.2", "TLSv1.3"].contains(seen["version"] as? String ?? ""), "\(seen)")
      XCTAssertEqual(seen["pair"] as? Int, 303)
      XCTAssertTrue((seen["cookie"] as? String ?? "").hasSuffix("; Secure"), "\(seen)")
      let book = try XCTUnwrap(seen["/"] as? [Any])
      XCTAssertTrue((book[3] as? String ?? "").contains("<a href=\"/trust\">Trust this phone</a>"))
      let trust = try XCTUnwrap(seen["/trust"] as? [Any])
      XCTAssertEqual(trust[0] as? Int, 200)
      XCTAssertTrue((trust[3] as? String ?? "").contains(started.fingerprint), "\(trust)")
      // In the phone's language, its settings named as that phone names them.
      let german = seen["/trust in German"] as? String ?? ""
      for words in [
        "<h1>Diesem Handy vertrauen</h1>", "Einstellungen › Allgemein › VPN und Geräteverwaltung",
        "Wähle <b>meals-ca.crt</b> unter Downloads", started.fingerprint,
      ] {
        XCTAssertTrue(german.contains(words), "\(words)\n\(german)")
      }
      let download = try XCTUnwrap(seen["/meals-ca.crt"] as? [Any])
      XCTAssertEqual(download[0] as? Int, 200)
      XCTAssertEqual(download[1] as? String, "application/x-x509-ca-cert")
      XCTAssertEqual(download[2] as? String, "attachment; filename=\"meals-ca.crt\"")
      XCTAssertEqual(download[3] as? String, try file("serve-ca.pem"), "the authority, whole")
      XCTAssertFalse((download[3] as? String ?? "").contains("PRIVATE KEY"), "never its key")
      XCTAssertEqual(seen["without token"] as? Int, 401, "offered to paired phones only")
    }
    // Python's own authorities do not know it: the phone before it installed it.
    let stranger = try phone(
      started, trusting: "/etc/ssl/certs/ca-certificates.crt", host: "127.0.0.1")
    XCTAssertNotNil(stranger["refused"], "\(stranger)")

    // Kept between runs: a phone that installed it is not asked again.
    stopServer()
    let served = try file("serve-cert.pem")
    let again = try startServer()
    XCTAssertEqual(again.fingerprint, started.fingerprint)
    XCTAssertTrue(again.printed.contains("A phone that installed meals' certificate authority"))
    XCTAssertEqual(try file("serve-cert.pem"), served)

    // A new authority: said to leave the phones untrusted, and so it is.
    stopServer()
    try FileManager.default.copyItem(atPath: authority, toPath: folder.path("old-ca.pem"))
    let renewed = try startServer(["--new-certificate"])
    XCTAssertNotEqual(renewed.fingerprint, started.fingerprint)
    XCTAssertTrue(
      renewed.printed.contains(
        "A new certificate authority: phones that trusted the old one no longer trust the book"),
      renewed.printed)
    let old = try phone(renewed, trusting: folder.path("old-ca.pem"), host: "127.0.0.1")
    XCTAssertNotNil(old["refused"], "\(old)")
    XCTAssertNil(try phone(renewed, trusting: authority, host: "127.0.0.1")["refused"])
  }

  /// Chromium with the authority in its NSS database (as a phone that installed it) opens
  /// the pairing address as printed with no warning, and the service worker runs; without it,
  /// the warning.
  func testABrowserThatInstalledTheAuthorityOpensTheBookWithNoWarning() throws {
    let python = PackagePaths.root.appendingPathComponent(".build/venv/bin/python").path
    let script = PackagePaths.root.appendingPathComponent("Tests/Browser/trust.py").path
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/certutil"),
      (try? runProcess([python, "-c", "import selenium, axe_selenium_python"]))?.0 == 0
    else {
      throw XCTSkip(
        "chromium, chromium-driver, certutil (libnss3-tools), Selenium or axe-selenium-python in .build/venv is missing: `make test` installs them."
      )
    }
    let started = try startServer()
    let address = try XCTUnwrap(started.printed.split(separator: "\n").first.map(String.init))
    var seen: [String: [String: Any]] = [:]
    for mode in ["trusting", "stranger"] {
      let (status, output, errors) = try runProcess([
        python, script, address, folder.path("serve-ca.pem"), folder.path("home-\(mode)"),
        folder.path("profile-\(mode)"), mode,
      ])
      XCTAssertEqual(status, 0, errors)
      seen[mode] = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
        output + errors)
    }
    let trusting = try XCTUnwrap(seen["trusting"])
    XCTAssertEqual(trusting["title"] as? String, "My Meals · meals", "\(trusting)")
    XCTAssertEqual(trusting["secure"] as? Bool, true)
    XCTAssertEqual(trusting["worker"] as? String, "active", "\(trusting)")
    XCTAssertEqual(trusting["trust"] as? String, "Trust this phone")
    XCTAssertEqual((trusting["violations"] as? [Any])?.count, 0, "axe on /trust: \(trusting)")
    let stranger = try XCTUnwrap(seen["stranger"])
    XCTAssertNotEqual(stranger["title"] as? String, "My Meals · meals", "\(stranger)")
  }

  /// The serving certificate is made again when this machine's names change or its end is
  /// near, by the same authority (a phone notices nothing); a name the authority was not made
  /// for is said.
  func testTheServingCertificateIsRenewedUnderTheSameAuthority() throws {
    let names = ["127.0.0.1", "localhost", "kitchen"]
    let now = Int64(Date().timeIntervalSince1970)
    let first = try ServeCertificate.load(
      folder: folder.path(""), names: names, renew: false, now: now
    ).get()
    XCTAssertTrue(first.isNewAuthority)
    XCTAssertEqual(first.uncovered, [])
    let servedFirst = try file("serve-cert.pem")
    let facts = try ServerCertificate.read(servedFirst, issuer: first.authorityPEM).get()
    XCTAssertTrue(facts.vouched)
    XCTAssertEqual(Set(facts.names), Set(names))

    let same = try ServeCertificate.load(
      folder: folder.path(""), names: names, renew: false, now: now
    ).get()
    XCTAssertFalse(same.isNewAuthority)
    XCTAssertEqual(try file("serve-cert.pem"), servedFirst, "nothing to make again")

    // A new address: the authority cannot vouch for it; the rest are served as before.
    let moved = try ServeCertificate.load(
      folder: folder.path(""), names: names + ["192.168.7.7"], renew: false, now: now
    ).get()
    XCTAssertEqual(moved.authorityFingerprint, first.authorityFingerprint)
    XCTAssertEqual(moved.uncovered, ["192.168.7.7"])

    // Near its end (800 days on): made again, by the same authority.
    let later = try ServeCertificate.load(
      folder: folder.path(""), names: names, renew: false, now: now + 780 * 86_400
    ).get()
    XCTAssertEqual(later.authorityFingerprint, first.authorityFingerprint)
    XCTAssertNotEqual(try file("serve-cert.pem"), servedFirst)
    XCTAssertTrue(
      try ServerCertificate.read(try file("serve-cert.pem"), issuer: first.authorityPEM).get()
        .vouched)
    XCTAssertTrue(
      later.serving.certificatePEM.hasSuffix(first.authorityPEM), "served with its chain")
  }
}
