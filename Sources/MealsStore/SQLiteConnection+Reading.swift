/// Long reads: one snapshot for all of a read's statements, the file mapped for a pass over
/// most of it, and a second connection on the same snapshot for another core.
///
/// SQLite (as Debian builds it) has no snapshot API, so two connections' snapshots are made
/// the same by taking the write lock on a third while both begin to read: no change can be
/// committed between the two beginnings. The lock is held for two small reads, not the pass.
extension SQLiteConnection {
  // MARK: - One snapshot

  /// As much of the file as SQLite maps for a pass over all of it.
  static let mappedWhole: Int64 = 1 << 40

  /// Runs `body` in one read transaction over the file mapped.
  ///
  /// Its statements see one snapshot and take their locks once rather than each; the pages
  /// come without a system call each. Inside a transaction already, in that one.
  func readingMapped<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try mapped {
      () throws(StoreError) in
      guard !isInTransaction else { return try body() }
      try execute("BEGIN")
      defer { try? execute("COMMIT") }
      return try body()
    }
  }

  /// Runs `body` with the whole file mapped (unmapped after).
  private func mapped<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try execute("PRAGMA mmap_size = \(Self.mappedWhole)")
    defer { try? execute("PRAGMA mmap_size = 0") }
    return try body()
  }

  // MARK: - One snapshot, two connections

  /// As `readingMapped`, with a second connection (to give another thread) in a read
  /// transaction of the same snapshot, or nil when none can be had: this one already in a
  /// transaction, a book opened read-only, a writer holding the lock.
  func readingWithPartner<T>(_ body: (SQLiteConnection?) throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    try mapped {
      () throws(StoreError) in
      guard !isInTransaction else { return try body(nil) }
      let partner = beginReadingWithPartner()
      if partner == nil { try execute("BEGIN") }
      defer {
        try? execute("COMMIT")
        partner?.close()
      }
      return try body(partner)
    }
  }

  /// Both transactions begun on one snapshot, and the partner; nil, with neither begun, when
  /// that cannot be.
  private func beginReadingWithPartner() -> SQLiteConnection? {
    guard immutable || !openedReadOnly else { return nil }
    // The write lock, held while both begin; an immutable file has no writer to hold off.
    var lock: SQLiteConnection?
    if !immutable {
      guard let writer = try? SQLiteConnection(path: path) else { return nil }
      writer.setBusyTimeout(milliseconds: 0)
      do {
        try writer.execute("BEGIN IMMEDIATE")
      } catch {
        writer.close()
        return nil
      }
      lock = writer
    }
    defer {
      try? lock?.execute("ROLLBACK")
      lock?.close()
    }
    var begun = false
    do {
      let partner = try SQLiteConnection(path: path, readOnly: true, immutable: immutable)
      try partner.execute("PRAGMA mmap_size = \(Self.mappedWhole)")
      for connection in [self, partner] {
        try connection.execute("BEGIN")
        if connection === self { begun = true }
        // A read begins the snapshot: the book as the last commit left it.
        _ = try connection.statement("SELECT count(*) FROM sqlite_schema").scalar()
      }
      return partner
    } catch {
      if begun { try? execute("ROLLBACK") }
      return nil
    }
  }
}
