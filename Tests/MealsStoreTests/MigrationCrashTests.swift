import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// SIGKILL in the middle of a backup or a migration: the file is the old version, whole, or
/// the new one, whole; either way it opens with every meal.
final class MigrationCrashTests: StoreTestCase {
  func testAMigrationKilledAnywhereLeavesAUsableDatabase() throws {
    let stress = PackagePaths.products.appendingPathComponent("meals-stress").path
    let original = folder.path("v1.sqlite")
    try Self.makeVersion1Database(at: original, meals: 20_000)
    var versionsSeen: Set<Int64> = []
    for round in 0..<8 {
      for suffix in ["", "-wal", "-shm", ".bak.1", ".v1.bak", ".bak.new"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
      try FileManager.default.copyItem(atPath: original, toPath: path)
      let writer = try ChildProcess([stress, "migrate", path])
      XCTAssertTrue(writer.read(until: "opening").contains("opening"))
      usleep(useconds_t(round * 40_000))
      writer.kill(SIGKILL)
      writer.wait()
      // Read the file as the kill left it, before anything opens it for writing.
      let left = try SQLiteConnection(path: path)
      versionsSeen.insert(try left.statement("PRAGMA user_version").scalar() ?? -1)
      left.close()
      let store = try openStore()
      XCTAssertEqual(try store.integrityCheck(), "ok", "round \(round)")
      XCTAssertEqual(store.schemaVersion, Schema.migrations.count, "round \(round)")
      XCTAssertEqual(store.mealCount, 20_000, "round \(round)")
      XCTAssertEqual(try store.meal(id: 30_000)?.name, "Stew 10000", "round \(round)")
      XCTAssertEqual(store.meals(matching: "stout").count, 20_000, "round \(round)")
    }
    XCTAssertTrue(versionsSeen.contains(1), "some kills landed before the migration committed")
  }
}
