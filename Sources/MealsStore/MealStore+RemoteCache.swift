import FoundationEssentials

/// An answer from TheMealDB kept in the database, and when it was fetched.
public struct CachedAnswer: Equatable, Sendable {
  public var body: Data
  /// Seconds since 1970.
  public var fetchedAt: Double

  public init(body: Data, fetchedAt: Double) {
    self.body = body
    self.fetchedAt = fetchedAt
  }
}

extension MealStore {
  /// The cache holds at most about this many bytes; the oldest answers go first.
  public static let remoteCacheLimit = 20 * 1_048_576

  /// The kept answer to a request (by its cache key), if any.
  public func cachedAnswer(for key: String) -> CachedAnswer? {
    (try? db.statement("SELECT body, fetched_at FROM remote_cache WHERE key = ?")
      .rows([.text(key)]) { CachedAnswer(body: $0.blob(0), fetchedAt: $0.double(1)) })?.first
  }

  /// Keeps an answer, replacing the previous one, then drops the oldest past the size cap.
  ///
  /// Not a change of the user's meals: lists are not told.
  public func keepAnswer(_ body: Data, for key: String) throws(StoreError) {
    if isReadOnly { return }  // the offline copy is a convenience, never worth a refusal
    try db.transaction { () throws(StoreError) in
      try db.statement(
        "INSERT OR REPLACE INTO remote_cache (key, body, fetched_at) VALUES (?, ?, ?)"
      ).run([.text(key), .blob(body), .real(clock())])
      var total =
        try db.statement("SELECT coalesce(sum(length(body)), 0) FROM remote_cache")
        .scalar() ?? 0
      guard total > Int64(Self.remoteCacheLimit) else { return }
      let oldest = try db.statement(
        "SELECT key, length(body) FROM remote_cache WHERE key != ? ORDER BY fetched_at, key"
      ).rows([.text(key)]) { ($0.text(0), $0.int(1)) }
      let delete = try db.statement("DELETE FROM remote_cache WHERE key = ?")
      for (old, size) in oldest where total > Int64(Self.remoteCacheLimit) {
        try delete.run([.text(old)])
        total -= size
      }
    }
  }

  /// Forgets every kept answer (the user's meals are untouched).
  public func clearRemoteCache() throws(StoreError) {
    try db.transaction { () throws(StoreError) in try db.execute("DELETE FROM remote_cache") }
  }

  /// Bytes the cache holds.
  public var remoteCacheSize: Int {
    Int(
      (try? db.statement("SELECT coalesce(sum(length(body)), 0) FROM remote_cache").scalar()) ?? 0)
  }
}
