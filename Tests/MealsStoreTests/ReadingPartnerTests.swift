import MealsCore
import XCTest

@testable import MealsStore

/// Two connections reading one snapshot (`meals can-cook`'s one pass on two cores): what one
/// reads, the other reads, whatever is committed meanwhile; without a snapshot to share, no
/// partner, and the reading still happens.
final class ReadingPartnerTests: StoreTestCase {
  private func mealCount(_ db: SQLiteConnection) throws(StoreError) -> Int64 {
    try db.statement("SELECT count(*) FROM meal").scalar() ?? -1
  }

  /// A new meal committed by `store` (what another meals does meanwhile).
  private func add(_ name: String, by store: MealStore) throws(StoreError) {
    var draft = MealDraft(of: nil)
    draft.meal = Meal(name: name, instructions: "Cook.")
    _ = try store.commit(draft)
  }

  func testThePartnerReadsTheSameSnapshotWhateverIsCommittedMeanwhile() throws {
    let store = try openStore()
    _ = try save(Meal(name: "Soup", instructions: "Simmer."), in: store)
    let writer = try openStore()
    let counts = try store.db.readingWithPartner { partner throws(StoreError) -> [Int64] in
      guard let partner else {
        XCTFail("a partner when no one writes")
        return []
      }
      // Committed after both began: neither sees it, on either side of the other's read.
      try add("Stew", by: writer)
      let mine = try mealCount(store.db)
      let theirs = try mealCount(partner)
      try add("Salad", by: writer)
      return [mine, theirs, try mealCount(partner), try mealCount(store.db)]
    }
    XCTAssertEqual(counts, [1, 1, 1, 1])
    XCTAssertFalse(store.db.isInTransaction, "the read ended")
    XCTAssertEqual(try mealCount(store.db), 3, "and the next read sees the commits")
  }

  func testAWriterHoldingTheLockMeansNoPartnerAndOneSnapshotStill() throws {
    let store = try openStore()
    _ = try save(Meal(name: "Soup", instructions: "Simmer."), in: store)
    let writer = try openStore()
    try writer.db.execute("BEGIN IMMEDIATE")
    let seen = try store.db.readingWithPartner { partner throws(StoreError) -> [Int64] in
      XCTAssertNil(partner, "the lock is taken: no snapshot can be shared")
      let first = try mealCount(store.db)
      try add("Stew", by: writer)
      try writer.db.execute("COMMIT")
      return [first, try mealCount(store.db)]
    }
    XCTAssertEqual(seen, [1, 1], "one snapshot for the whole read")
  }

  func testAReadOnlyBookReadsAlone() throws {
    _ = try save(Meal(name: "Soup", instructions: "Simmer."), in: try openStore())
    let reader = try MealStore(path: path, readOnly: true)
    let count = try reader.db.readingWithPartner { partner throws(StoreError) in
      XCTAssertNil(partner)
      return try mealCount(reader.db)
    }
    XCTAssertEqual(count, 1)
  }

  func testAnImmutableBookReadsWithAnImmutablePartnerInOneTransactionEach() throws {
    let store = try openStore()
    _ = try save(Meal(name: "Soup", instructions: "Simmer."), in: store)
    // An immutable open reads the file alone, not the log beside it.
    try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let book = try SQLiteConnection(path: path, immutable: true)
    let counts = try book.readingWithPartner { partner throws(StoreError) -> [Int64] in
      guard let partner else {
        XCTFail("an immutable book has no writer: a partner always")
        return []
      }
      XCTAssertTrue(partner.immutable)
      XCTAssertTrue(book.isInTransaction && partner.isInTransaction)
      return [try mealCount(book), try mealCount(partner)]
    }
    XCTAssertEqual(counts, [1, 1])
    XCTAssertFalse(book.isInTransaction, "the read ended")
  }
}
