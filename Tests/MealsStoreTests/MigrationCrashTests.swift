import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// SIGKILL in the middle of a backup or a migration: the file is the old version, whole, or
/// the new one, whole; either way it opens with every meal.
final class MigrationCrashTests: StoreTestCase {
  func testAMigrationKilledAnywhereLeavesAUsableDatabase() throws {
    try killMigrations(from: 1, make: Self.makeVersion1Database)
  }

  /// Version 5 rebuilds the filter indexes of every meal: the longest migration.
  func testTheFilterIndexMigrationKilledAnywhereLeavesAUsableDatabase() throws {
    try killMigrations(from: 4, make: Self.makeVersion4Database)
    let store = try openStore()
    XCTAssertEqual(store.meals(matching: "鸡肉").count, 1)
    XCTAssertEqual(store.meals(matching: "y &").count, 1)
  }

  private func killMigrations(
    from version: Int64, make: (String, Int) throws -> Void, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let stress = PackagePaths.products.appendingPathComponent("meals-stress").path
    let original = folder.path("v\(version).sqlite")
    try make(original, 20_000)
    var versionsSeen: Set<Int64> = []
    for round in 0..<8 {
      for suffix in [
        "", "-wal", "-shm", "-journal", ".bak.1", ".v\(version).bak", ".bak.new",
        SearchIndexWorker.suffix,
      ] {
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
      XCTAssertEqual(try store.integrityCheck(), "ok", "round \(round)", file: file, line: line)
      XCTAssertEqual(store.schemaVersion, Schema.migrations.count, file: file, line: line)
      XCTAssertEqual(store.mealCount, Int(20_000 + (version == 4 ? 1 : 0)), file: file, line: line)
      XCTAssertEqual(try store.meal(id: 30_000)?.name, "Stew 10000", file: file, line: line)
      XCTAssertEqual(store.meals(matching: "stout").count, 20_000, file: file, line: line)
    }
    XCTAssertTrue(
      versionsSeen.contains(version), "some kills landed before the migration committed",
      file: file, line: line)
  }
}
