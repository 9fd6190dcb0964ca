import FoundationEssentials
import MealsCore
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// The persistence controller: the one gateway to the database, shared by every screen.
///
/// One connection on the app's one thread. Every write is one transaction; listeners hear of
/// every commit, including commits by another `meals` process (seen through `data_version`).
public final class MealStore {
  let db: SQLiteConnection
  private var listeners: [WeakListener] = []
  private var dataVersion: Int64 = 0
  /// Bumped on every change; live results re-read when it moves.
  private(set) var generation = 0
  /// Seconds since 1970; tests move it to check the trash's 30 days and the daily backup.
  public var clock: () -> Double = { Date().timeIntervalSince1970 }
  /// `meal_chip` read, at the generation it was read: the meal count and every chip with
  /// its count when no chip is chosen (the start).
  var summaryCache: (generation: Int, summary: FacetSummary)?
  /// The chips saved meals give, and the generation they were read at.
  var chipCache: (generation: Int, chips: [Chip])?

  /// How many statements the app's connection has run: a frame drawn must not move it.
  public var statementsRun: Int { db.statementsRun }
  /// The SQL of the statement run last (for the message of a test that caught a read).
  public var lastStatementText: String { db.lastStatementText }

  /// Opens the database at `path`, creating it (not its folder) when missing, and migrates it.
  ///
  /// `readOnly` (or a file or folder meals cannot write) opens it for reading only: nothing is
  /// created, upgraded or written, and every change is refused with one message. `busyTimeout`
  /// is how long a write (the upgrade's too) waits for another connection's lock.
  /// `willUpgrade` hears (from, to) before an existing file is backed up and migrated, which
  /// can take seconds with many meals, so the caller can say so; `upgradeProgress` hears how
  /// it goes, at each part and at least every 200 ms. `nameOrder` puts the names in that
  /// language's order (the app passes its locale's); nil keeps the book's, and a book without
  /// one takes the environment's (`LC_COLLATE`).
  public init(
    path: String, readOnly: Bool = false, busyTimeout: Int32 = 2000,
    nameOrder: NameCollation? = nil,
    willUpgrade: ((Int, Int) -> Void)? = nil,
    upgradeProgress: ((UpgradeProgress) -> Void)? = nil
  ) throws(StoreError) {
    let folder = PathText.folder(path)
    if !folder.isEmpty && PathKind.of(folder) != .folder {
      throw StoreError(
        .cannotOpen,
        tr("Cannot open the database %1$s: the folder %2$s does not exist.").filled(path, folder))
    }
    let exists = PathKind.exists(path)
    if readOnly && !exists {
      throw StoreError(
        .cannotOpen, tr("There is no database at %s to open read-only.").filled(path))
    }
    db = try Self.open(path: path, readOnly: readOnly || (exists && !Self.isWritable(path)))
    db.readOnlyReason = Self.readOnlyReason(path: path, asked: readOnly)
    db.setBusyTimeout(milliseconds: busyTimeout)
    try db.addFunction(SubstringGrams.functionName, arguments: 3) { SubstringGrams.tokens(of: $0) }
    try MealFilter.addOwnLettersFunction(to: db)
    // Schema 5 orders an old book's names as the upgrade will keep them (see orderNames).
    let upgradeRules = nameOrder ?? NameCollation(environment: ProcessInfo.processInfo.environment)
    try db.addFunction(Schema.nameKeyFunction, arguments: 1) { upgradeRules.key($0.first ?? "") }
    // A book names the same ingredients on many lines: each name's key made once (up to a
    // bound, so a book of all different names holds no more than that).
    var keys: [String: String] = [:]
    try db.addFunction(Schema.ingredientKeyFunction, arguments: 1) { arguments in
      let name = arguments.first ?? ""
      if let key = keys[name] { return key }
      let key = IngredientKey.of(name)
      if keys.count < 20_000 { keys[name] = key }
      return key
    }
    // Read first: a file that is not SQLite fails here, before anything could be written.
    let version = try db.statement("PRAGMA user_version").scalar() ?? 0
    if version > Int64(Schema.version) {
      throw StoreError(
        .newerVersion, tr("The database %s was made by a newer version of meals.").filled(path))
    }
    try db.execute("PRAGMA foreign_keys = ON")
    if db.openedReadOnly {
      guard version == Int64(Schema.version) else {
        throw StoreError(
          .readOnly,
          tr(
            "The database %s is from an earlier meals and must be upgraded, which a read-only open cannot do; open it once with write access."
          ).filled(path)
        )
      }
      dataVersion = try currentDataVersion()
      return
    }
    try db.execute("PRAGMA journal_mode = WAL")
    try db.execute("PRAGMA synchronous = NORMAL")
    var reporter: UpgradeReporter?
    var backup: (path: String, unchangedSince: Int64)?
    var firstOrder: FirstOrder?
    if version > 0 && version < Int64(Schema.version) {
      willUpgrade?(Int(version), Schema.version)
      reporter = upgradeProgress.map { UpgradeReporter(from: Int(version), listener: $0) }
      reporter?.begin(step: Int(version), part: "backup", done: 0, on: db)
      // Read before the copy: the same after it, no other connection has changed the book.
      let unchangedSince = try currentDataVersion()
      // An existing file about to change shape: keep a copy of it as it is first. A big
      // first-schema book's names are put in order meanwhile, the copy on the other core.
      do {
        if version == 1,
          try db.statement("SELECT count(*) FROM meal").scalar() ?? 0
            >= SearchIndexWorker.fromMeals
        {
          let copy = BackupOnTheSide(path: path, time: clock(), tag: "v1")
          firstOrder = try? mealsInOrder(rules: upgradeRules, table: "meal")
          try copy.wait()
        } else {
          try backUp(tag: "v\(version)")
        }
      } catch {
        throw StoreError(
          error.kind,
          "Cannot back up the database before upgrading it (\(error.message)); nothing was changed."
        )
      }
      backup = (Self.backupPath(of: path, number: 1), unchangedSince)
    }
    try migrate(
      from: Int(version), rules: upgradeRules, reporter: reporter, backup: backup,
      order: firstOrder)
    // An upgraded book is put in order under the last step's progress (a big one takes seconds).
    defer { reporter?.finish(on: db) }
    try orderNames(
      by: nameOrder ?? self.nameOrder
        ?? NameCollation(environment: ProcessInfo.processInfo.environment))
    dataVersion = try currentDataVersion()
  }

  /// A book with nothing in it that keeps nothing (in memory): what a command reads before
  /// the default database exists.
  public static func emptyBook() throws(StoreError) -> MealStore {
    try MealStore(path: ":memory:")
  }

  /// Applies the missing migrations, each in one transaction (a book of the first schema
  /// goes straight to 21 in one, `upgradeFromFirstSchema`), its names in `rules`' order.
  private func migrate(
    from version: Int, rules: NameCollation, reporter: UpgradeReporter?,
    backup: (path: String, unchangedSince: Int64)?, order: FirstOrder?
  ) throws(StoreError) {
    guard version < Schema.version else { return }
    // Rebuilding the full-text indexes of a big book merges in memory what a small page
    // cache would write and read back (the upgrade only; the usual cache after it).
    try db.execute("PRAGMA cache_size = -131072")
    defer { try? db.execute("PRAGMA cache_size = -2000") }
    // Debian's SQLite zeroes every page a table frees, and journals it first: the tables an
    // upgrade drops were copied into new ones and are kept in its backup, so their pages
    // are left as they are (a drop's commit at 100 000 meals: 320 → 4 ms).
    let secureDelete = try db.statement("PRAGMA secure_delete").scalar() ?? 1
    try db.execute("PRAGMA secure_delete = OFF")
    defer { try? db.execute("PRAGMA secure_delete = \(secureDelete)") }
    var done = UpgradeReporter.backupWeight
    var next = version
    if version == 1 {
      try upgradeFromFirstSchema(
        rules: rules, reporter: reporter, done: done, backup: backup, order: order)
      next = Self.firstSchemaUpgradeEnd
      done += Self.firstSchemaUpgradeWeight
    }
    for (index, migration) in Schema.migrations.enumerated() where index >= next {
      reporter?.begin(step: index + 1, part: "schema \(index + 1)", done: done, on: db)
      done += migration.weight
      // Foreign keys can only be switched outside a transaction.
      if migration.rebuildsTables { try db.execute("PRAGMA foreign_keys = OFF") }
      defer { if migration.rebuildsTables { try? db.execute("PRAGMA foreign_keys = ON") } }
      try db.transaction { () throws(StoreError) in
        if version >= migration.neededFrom { try db.execute(migration.sql) }
        if migration.rebuildsTables {
          let problems = try db.statement("PRAGMA foreign_key_check").rows { $0.text(0) }
          guard problems.isEmpty else {
            throw StoreError(
              .corrupt,
              tr("The database has ingredient lines without a meal; it was left unchanged."))
          }
        }
        try db.execute("PRAGMA user_version = \(index + 1)")
      }
    }
  }

  /// Hears every read that failed where its caller went on with a default (a list's rows, a
  /// count, the plan): the app says it on the status line.
  public var onReadFailure: ((StoreError) -> Void)?

  /// True when the database was opened for reading only (`--read-only`, or a file or folder
  /// meals cannot write): changes are refused, and nothing is written behind the user's back.
  public var isReadOnly: Bool { db.openedReadOnly }

  /// Opens read-write, or read-only; a read-only file in a folder that cannot hold SQLite's
  /// shared-memory file is read as immutable (nothing else may be writing it then).
  private static func open(path: String, readOnly: Bool) throws(StoreError) -> SQLiteConnection {
    guard readOnly else { return try SQLiteConnection(path: path) }
    /// The connection, once it has read the schema (a read-only WAL open fails only there).
    func reading(_ connection: SQLiteConnection) throws(StoreError) -> SQLiteConnection {
      _ = try connection.statement("SELECT count(*) FROM sqlite_schema").scalar()
      return connection
    }
    do {
      return try reading(SQLiteConnection(path: path, readOnly: true))
    } catch {
      // A change left half done (an upgrade stopped by a full disk) is put back by the next
      // open that may write; read as immutable, its half-written pages would be read.
      var journal = stat()
      if stat(path + "-journal", &journal) == 0 && journal.st_size > 0 {
        throw StoreError(
          .readOnly,
          tr(
            "The database %s was left in the middle of a change; open it once with write access to put it back as it was."
          ).filled(path))
      }
      return try reading(SQLiteConnection(path: path, immutable: true))
    }
  }

  /// Why the file is opened read-only, in the user's words; nil when it may be written.
  private static func readOnlyReason(path: String, asked: Bool) -> String? {
    if asked { return "--read-only" }
    if access(path, W_OK) != 0 { return "you cannot write the file \(path)" }
    let folder = PathText.folder(path)
    if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
      return
        "you cannot write its folder \(folder.isEmpty ? "." : folder), where SQLite keeps its log"
    }
    return nil
  }

  /// Whether this process may write the file and create files beside it (WAL needs both).
  private static func isWritable(_ path: String) -> Bool {
    let folder = PathText.folder(path)
    return access(path, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
  }

  /// How long a write waits for another connection's lock before it fails as `.busy`.
  public func setBusyTimeout(milliseconds: Int32) { db.setBusyTimeout(milliseconds: milliseconds) }

  /// The schema version, for tests and diagnostics.
  public var schemaVersion: Int {
    Int((try? db.statement("PRAGMA user_version").scalar()) ?? 0)
  }

  // MARK: - Listeners

  public func addListener(_ listener: StoreListener) {
    listeners.removeAll { $0.listener == nil || $0.listener === listener }
    listeners.append(WeakListener(listener: listener))
  }

  public func removeListener(_ listener: StoreListener) {
    listeners.removeAll { $0.listener == nil || $0.listener === listener }
  }

  /// After a commit of ours: live results re-read, listeners are told.
  func didCommit() {
    // Inside a larger transaction: its end is the commit listeners hear of.
    guard !db.isInTransaction else { return }
    generation += 1
    dataVersion = (try? currentDataVersion()) ?? dataVersion
    notifyListeners()
  }

  private func notifyListeners() {
    for entry in listeners {
      entry.listener?.storeDidChange(self)
    }
  }

  // MARK: - Reads that fail

  /// `body`'s value, or `fallback` after telling `onReadFailure`: for reads whose caller shows a
  /// default (a count, the plan, the shopping list) and must not pass it off as the truth
  /// unsaid.
  func reading<T>(_ fallback: T, _ body: () throws(StoreError) -> T) -> T {
    do {
      return try body()
    } catch {
      readFailed(error)
      return fallback
    }
  }

  func readFailed(_ error: StoreError) {
    onReadFailure?(error)
  }

  /// Checks for commits by another process on the same file; notifies and returns true if so.
  @discardableResult
  public func checkForExternalChanges() -> Bool {
    guard let version = try? currentDataVersion(), version != dataVersion else { return false }
    dataVersion = version
    generation += 1
    notifyListeners()
    return true
  }

  private func currentDataVersion() throws(StoreError) -> Int64 {
    try db.statement("PRAGMA data_version").scalar() ?? 0
  }

  /// Bytes each table and index takes in the file (SQLite's dbstat), for the benchmark's
  /// report; empty when this SQLite was built without dbstat.
  public func spaceUsed() -> [String: Int] {
    let rows = try? db.statement("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").rows {
      ($0.text(0), Int($0.int(1)))
    }
    return Dictionary(rows ?? [], uniquingKeysWith: +)
  }

  /// `PRAGMA integrity_check`'s answer ("ok" when healthy).
  public func integrityCheck() throws(StoreError) -> String {
    try db.statement("PRAGMA integrity_check").rows { $0.text(0) }.joined(separator: "\n")
  }
}
