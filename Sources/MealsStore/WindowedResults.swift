/// A live, windowed result (the fetched results controller): a count and rows by index,
/// read from the database a window at a time so 100 000 rows open as fast as 10.
///
/// Rows near the cached window are read by key (after the last / before the first cached
/// row), so scrolling costs the same anywhere in the list; a far jump reads by offset.
public final class WindowedResults<Row> {
  /// How the rows are read; each returns rows in list order.
  struct Source {
    var generation: () -> Int
    var count: () throws(StoreError) -> Int
    /// The count as a query another connection can run (a worker's).
    var countQuery: CountQuery?
    var atOffset: (_ offset: Int, _ limit: Int) throws(StoreError) -> [Row]
    var after: (_ row: Row, _ limit: Int) throws(StoreError) -> [Row]
    var before: (_ row: Row, _ limit: Int) throws(StoreError) -> [Row]
    /// Told of every read that failed (the store says it to the user).
    var failed: (StoreError) -> Void = { _ in }
  }

  private let source: Source
  private var cacheStart = 0
  private var cache: [Row] = []
  private var cachedCount: Int?
  private var generation: Int
  /// The last read failure since the store last changed: the screen shows it where the rows
  /// would be (never a false "nothing here"); rows read as nil meanwhile.
  public private(set) var lastError: StoreError?
  private let chunk = 64
  private let maximumCache = 512

  /// Rows read from the database of `source`, counted by it when asked.
  init(source: Source, knownCount: Int? = nil) {
    self.source = source
    self.generation = source.generation()
    self.cachedCount = knownCount
  }

  /// Rows already in memory (a list read whole): all of them cached, none ever read.
  public convenience init(all rows: [Row]) {
    self.init(
      source: Source(
        generation: { 0 }, count: { rows.count }, countQuery: nil,
        atOffset: { offset, limit in Array(rows.dropFirst(offset).prefix(limit)) },
        after: { _, _ in [] }, before: { _, _ in [] }),
      knownCount: rows.count)
    cache = rows
  }

  /// Drops what was read when the store has changed since.
  private func refreshIfStale() {
    let current = source.generation()
    if current != generation {
      generation = current
      invalidate()
    }
  }

  /// The number of rows.
  public var count: Int {
    refreshIfStale()
    if let cachedCount { return cachedCount }
    do {
      let value = try source.count()
      cachedCount = value
      lastError = nil
      return value
    } catch {
      fail(error)
      return 0
    }
  }

  /// The number of rows if known without counting them: given at creation, counted already,
  /// or seen when a read reached the end.
  public var knownCount: Int? {
    refreshIfStale()
    return cachedCount
  }

  /// The count for a worker to run on its own connection, while it is not known; with the
  /// store's generation it was asked at (a count of older data is dropped).
  public var countRequest: (query: CountQuery, generation: Int)? {
    guard knownCount == nil, let query = source.countQuery else { return nil }
    return (query, generation)
  }

  /// A count made elsewhere (`countRequest`), kept unless the store changed since it was asked.
  public func acceptCount(_ count: Int, generation asked: Int) {
    refreshIfStale()
    if asked == generation && cachedCount == nil { cachedCount = count }
  }

  /// The number of rows, or `atLeast` when there are at least that many: rows are read up to
  /// there (a window at a time), never all counted.
  public func count(atLeast needed: Int) -> Int {
    if let knownCount { return knownCount }
    guard needed > 0 else { return 0 }
    if row(at: needed - 1) != nil { return cachedCount ?? needed }
    return cachedCount ?? count
  }

  /// The row at `index`, reading its window when needed; nil out of range or on a read error.
  public func row(at index: Int) -> Row? {
    refreshIfStale()
    guard index >= 0 else { return nil }
    if let cachedCount, index >= cachedCount { return nil }
    if index >= cacheStart && index < cacheStart + cache.count { return cache[index - cacheStart] }
    do {
      try load(around: index)
      lastError = nil
    } catch {
      fail(error)
      return nil
    }
    guard index >= cacheStart && index < cacheStart + cache.count else { return nil }
    return cache[index - cacheStart]
  }

  /// The row at `index` if it has been read, reading nothing: what drawing uses, after the
  /// update step read the rows the frame shows.
  public func cachedRow(at index: Int) -> Row? {
    guard index >= cacheStart && index < cacheStart + cache.count else { return nil }
    return cache[index - cacheStart]
  }

  /// Reads the first `count` rows in one query, when none are read yet: a list about to be
  /// shown asks for the rows it shows, not the window and a half a first `row(at:)` reads.
  public func readFirst(_ count: Int) {
    refreshIfStale()
    guard cache.isEmpty, count > 0, cachedCount != 0 else { return }
    do {
      try read(from: 0, limit: count)
      lastError = nil
    } catch {
      fail(error)
    }
  }

  /// A read failed: kept for the screen (it says so rather than showing an empty list) and
  /// told to the store.
  private func fail(_ error: StoreError) {
    lastError = error
    source.failed(error)
  }

  /// Forgets everything read, after a commit: the next access reads again.
  public func invalidate() {
    cache = []
    cacheStart = 0
    cachedCount = nil
    lastError = nil
  }

  private func load(around index: Int) throws(StoreError) {
    let end = cacheStart + cache.count
    if let last = cache.last, index >= end, index < end + chunk {
      let wanted = index - end + chunk
      let rows = try source.after(last, wanted)
      if rows.count < wanted { cachedCount = end + rows.count }  // read to the end
      cache += rows
      if cache.count > maximumCache {
        let drop = cache.count - maximumCache
        cache.removeFirst(drop)
        cacheStart += drop
      }
      return
    }
    if let first = cache.first, index < cacheStart, index >= cacheStart - chunk {
      let rows = try source.before(first, cacheStart - index + chunk)
      let rowsInOrder = Array(rows.reversed())
      cache = rowsInOrder + cache
      cacheStart -= rowsInOrder.count
      if cache.count > maximumCache { cache.removeLast(cache.count - maximumCache) }
      return
    }
    let start = max(0, index - chunk / 2)
    // From the top (a list just opened), up to the row asked and half a window past it: the
    // first frame reads what it shows, not two windows.
    try read(from: start, limit: start == 0 ? index + 1 + chunk / 2 : chunk * 2)
  }

  /// The cache becomes `limit` rows from `start`, read by offset.
  private func read(from start: Int, limit: Int) throws(StoreError) {
    cache = try source.atOffset(start, limit)
    cacheStart = start
    if cache.count < limit && (start == 0 || !cache.isEmpty) {
      cachedCount = start + cache.count  // read to the end
    }
  }
}
