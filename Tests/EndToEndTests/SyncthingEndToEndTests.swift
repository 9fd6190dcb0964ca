import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// Two books kept in step through real Syncthing (Debian's), two instances on loopback
/// sharing one folder between their devices: `meals sync` on each side as a person runs it,
/// edits on both sides at once, a deletion and a rename, and the conflict copies Syncthing
/// itself writes.
final class SyncthingEndToEndTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var nodes: [SyncthingNode] = []

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    for node in nodes { node.stop() }
    nodes = []
    folder.remove()
    folder = nil
  }

  // MARK: - Helpers

  private func database(_ node: SyncthingNode) -> String { folder.path(node.name + ".sqlite") }

  @discardableResult
  private func meals(_ node: SyncthingNode, _ arguments: [String]) throws -> String {
    let (status, output, errors) = try runProcess(
      [Products.meals, "--db", database(node)] + arguments)
    XCTAssertEqual(status, 0, "meals \(arguments.joined(separator: " ")): \(output)\(errors)")
    XCTAssertEqual(errors, "", "meals \(arguments.joined(separator: " ")) said")
    return output
  }

  @discardableResult
  private func sync(_ node: SyncthingNode) throws -> String {
    try meals(node, ["sync", node.folder])
  }

  private func names(_ node: SyncthingNode) throws -> [String] {
    try meals(node, ["list"]).split(separator: "\n").map {
      String($0.split(separator: "\t", omittingEmptySubsequences: false)[1])
    }
  }

  private func edit(_ node: SyncthingNode, _ name: String, _ change: (inout Meal) -> Void) throws {
    try MealStore(path: database(node)).editMeal(named: name, change)
  }

  /// Both nodes look at their folders now, and are waited on until each has all the other has.
  private func exchange(_ first: SyncthingNode, _ second: SyncthingNode) throws {
    try first.scan()
    try second.scan()
    try first.wait("the two folders in step") {
      try first.isInStep(with: second) && second.isInStep(with: first)
    }
  }

  private func files(_ node: SyncthingNode) throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: node.folder)
      .filter { !$0.hasPrefix(".st") }.sorted()
  }

  // MARK: - The test

  func testTwoBooksStayOneThroughRealSyncthing() throws {
    let alder = try SyncthingNode(name: "alder", root: folder.path(""))
    let birch = try SyncthingNode(name: "birch", root: folder.path(""))
    nodes = [alder, birch]
    try alder.start(peer: birch)
    try birch.start(peer: alder)
    try alder.wait("the two devices connected") {
      try alder.isConnected(to: birch) && birch.isConnected(to: alder)
    }

    // Three meals on alder reach birch's book through Syncthing.
    let store = try MealStore(path: database(alder))
    try store.createMeal(name: "Leek Soup", instructions: "Simmer the leeks for 20 minutes.")
    try store.createMeal(name: "Pad Thai", instructions: "Soak the noodles.\nFry it all in a wok.")
    try store.createMeal(name: "Toast", instructions: "Toast the bread.")
    try sync(alder)
    try exchange(alder, birch)
    XCTAssertTrue(try sync(birch).contains("3 new from the folder"))
    XCTAssertEqual(try names(birch), ["Leek Soup", "Pad Thai", "Toast"])

    // Both change one meal while apart: Syncthing keeps one file and writes the other as its
    // conflict copy; the books end with both versions, under the same two names.
    try alder.post("/rest/system/pause?device=\(birch.deviceID)")
    try birch.post("/rest/system/pause?device=\(alder.deviceID)")
    try alder.wait("the two devices apart") { try !alder.isConnected(to: birch) }
    try edit(alder, "Leek Soup") { $0.servings = 8 }
    try sync(alder)
    try alder.scan()
    try edit(birch, "Leek Soup") { $0.servings = 2 }
    try sync(birch)
    try birch.scan()
    try alder.post("/rest/system/resume?device=\(birch.deviceID)")
    try birch.post("/rest/system/resume?device=\(alder.deviceID)")
    // Both dial at once on resuming; when Syncthing drops one of the two connections its Hello
    // exchange waits out its 20 s timeout before the next dial (seen once in alder's log).
    try alder.wait("the two devices together again", seconds: 60) {
      try alder.isConnected(to: birch) && birch.isConnected(to: alder)
    }
    try exchange(alder, birch)
    let written = try files(alder)
    XCTAssertTrue(
      written.contains { $0.contains(".sync-conflict-") }, "Syncthing's conflict copy: \(written)")
    for _ in 0..<2 {
      try sync(alder)
      try exchange(alder, birch)
      try sync(birch)
      try exchange(alder, birch)
    }
    let kept = try names(alder)
    XCTAssertEqual(try names(birch), kept)
    XCTAssertEqual(kept.count, 4, "\(kept)")
    let copy = try XCTUnwrap(kept.first { $0.hasPrefix("Leek Soup (edited on device ") }, "\(kept)")
    XCTAssertTrue(
      [alder.shortID, birch.shortID].contains {
        copy.hasPrefix("Leek Soup (edited on device \($0), ")
      },
      copy)
    for node in nodes {
      let servings = try [
        "Leek Soup", copy,
      ].map {
        try XCTUnwrap(
          try JSONSerialization.jsonObject(
            with: Data(try meals(node, ["show", "--json", $0]).utf8))
            as? [String: Any])["servings"] as? Int
      }
      XCTAssertEqual(Set(servings.compactMap { $0 }), [2, 8], "both versions on \(node.name)")
      let there = try files(node)
      XCTAssertFalse(
        there.contains { $0.contains(".sync-conflict-") },
        "the conflict copy became a meal's own file: \(there)")
    }

    // A rename on alder and a deletion on birch at the same time.
    try edit(alder, "Pad Thai") {
      $0.name = "Pad Thai Noodles"
      $0.category = "Noodles"
    }
    try sync(alder)
    let birchStore = try MealStore(path: database(birch))
    try birchStore.deleteMeal(id: try XCTUnwrap(birchStore.mealIDs(named: "Toast").first))
    try sync(birch)
    try exchange(alder, birch)
    try sync(alder)
    try sync(birch)
    try exchange(alder, birch)
    for node in nodes {
      XCTAssertEqual(
        try names(node), ["Leek Soup", copy, "Pad Thai Noodles"].sorted(), node.name)
      XCTAssertTrue(try files(node).contains("Noodles/Pad Thai Noodles.cook"), node.name)
      XCTAssertFalse(try files(node).contains("Toast.cook"), node.name)
    }
    let trash = try MealStore(path: database(alder)).trashedMeals()
    XCTAssertEqual(trash.count, 1, "Toast is in alder's Recently Deleted")
    XCTAssertEqual(trash.row(at: 0)?.name, "Toast")
  }
}
