import CSQLite3
import FoundationEssentials
import MealsCore
import Synchronization
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// A thin, typed layer over one sqlite3 connection (only MealsStore touches SQLite).
final class SQLiteConnection {
  private var handle: OpaquePointer?
  private var statements: [String: Statement] = [:]
  /// The progress handler's closure, kept alive while SQLite may call it.
  private var progressBox: ProgressBox?
  let path: String
  /// Every statement step and `execute` so far: how tests see that drawing a frame read nothing.
  fileprivate(set) var statementsRun = 0
  /// The statement stepped last, for a test's message when a frame read the database.
  fileprivate(set) var lastStatement: OpaquePointer?
  var lastStatementText: String {
    lastStatement.flatMap { sqlite3_sql($0) }.map { String(cString: $0) } ?? ""
  }

  /// True when meals chose to open it read-only (`--read-only`, or a file it cannot write).
  let openedReadOnly: Bool
  /// True when opened as immutable (a read-only folder): other connections must open it so too.
  let immutable: Bool
  /// Set by `interrupt` (any thread) for a copy, which runs no statement SQLite could stop.
  private let interrupted = Atomic<Bool>(false)
  /// Why meals opened it read-only (`--read-only`, a file or folder it cannot write), for the
  /// message a refused change gives.
  var readOnlyReason: String?

  /// Opens (creating when missing, unless `readOnly`) the database file at `path`;
  /// `immutable` reads a file no process may change (its folder is read-only: no -shm there).
  init(path: String, readOnly: Bool = false, immutable: Bool = false) throws(StoreError) {
    self.path = path
    self.immutable = immutable
    openedReadOnly = readOnly || immutable
    _ = Self.configured
    var db: OpaquePointer?
    let flags =
      (readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
    let name = immutable ? "file:" + Self.uriPath(path) + "?immutable=1" : path
    let code = sqlite3_open_v2(name, &db, flags, nil)
    guard code == SQLITE_OK, let db else {
      let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(db)
      throw StoreError(.cannotOpen, tr("Cannot open the database %1$s: %2$s.").filled(path, reason))
    }
    handle = db
    sqlite3_extended_result_codes(db, 1)
  }

  /// SQLite set up once, before its first connection: no memory statistics (a lock around
  /// every allocation; 3–4% of an upgrade's time went to it and the counting).
  private static let configured: Void = {
    _ = meals_sqlite3_skip_memory_statistics()
  }()

  deinit { close() }

  /// `path` as a `file:` URI's path (percent-encoding what a URI would read otherwise).
  static func uriPath(_ path: String) -> String {
    var text = ""
    for byte in path.utf8 {
      switch byte {
      case 0x3F, 0x23, 0x25, 0x26, 0x00...0x20, 0x7F...0xFF:
        text += "%" + NumberText.hex(byte)
      default: text.append(Character(Unicode.Scalar(byte)))
      }
    }
    return text
  }

  func close() {
    statements.removeAll()
    if let handle { sqlite3_close_v2(handle) }
    handle = nil
  }

  func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

  /// Writes the transaction's changed pages to the file now, before its commit (which then
  /// has little left to write: a long commit is a silent one).
  func flushCache() throws(StoreError) {
    let code = sqlite3_db_cacheflush(handle)
    guard code == SQLITE_OK else { throw error(code) }
  }

  /// Stops what the connection is running (from any thread): its statement fails with
  /// SQLITE_INTERRUPT, and so does a copy (`copyWhole`) under way or about to start.
  func interrupt() {
    interrupted.store(true, ordering: .relaxed)
    sqlite3_interrupt(handle)
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws(StoreError) {
    statementsRun += 1
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? ""
      sqlite3_free(message)
      throw error(code, text)
    }
  }

  /// A prepared statement, cached by its SQL text.
  func statement(_ sql: String) throws(StoreError) -> Statement {
    if let cached = statements[sql] {
      cached.reset()
      return cached
    }
    var raw: OpaquePointer?
    let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
    guard code == SQLITE_OK, let raw else { throw error(code) }
    let statement = Statement(raw, connection: self)
    statements[sql] = statement
    return statement
  }

  /// True while a transaction is open (its changes not yet committed).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Runs `body` in one IMMEDIATE transaction: all of it is written, or none.
  ///
  /// Inside another transaction it is a savepoint of that one, so two changes can be made as
  /// one (a meal saved and planned) out of operations that are each a transaction.
  ///
  /// `lockingAll` takes the write lock of every attached database at the start (`BEGIN
  /// IMMEDIATE`); false takes each at its first write (a file attached to read at the end
  /// stays free for another connection to write meanwhile).
  func transaction<T>(lockingAll: Bool = true, _ body: () throws(StoreError) -> T)
    throws(StoreError) -> T
  {
    // Opened read-only on purpose: every change gets the same one message, before any lock.
    if openedReadOnly { throw error(SQLITE_READONLY) }
    if isInTransaction {
      try execute("SAVEPOINT nested")
      do {
        let result = try body()
        try execute("RELEASE nested")
        return result
      } catch {
        try? execute("ROLLBACK TO nested; RELEASE nested")
        throw error
      }
    }
    try execute(lockingAll ? "BEGIN IMMEDIATE" : "BEGIN")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  // MARK: - Functions

  /// Calls `body` every `instructions` virtual-machine steps of whatever runs (nil: no more), so
  /// a long statement can say it is still going.
  func onProgress(every instructions: Int32, _ body: (() -> Void)?) {
    progressBox = body.map(ProgressBox.init)
    guard let box = progressBox else {
      sqlite3_progress_handler(handle, 0, nil, nil)
      return
    }
    sqlite3_progress_handler(
      handle, instructions,
      { context in
        guard let context else { return 0 }
        Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().body()
        return 0
      }, Unmanaged.passUnretained(box).toOpaque())
  }

  /// A text function of SQL, answered by `body` from its text arguments (NULL reads as "").
  ///
  /// Deterministic, so SQLite may use it in indexes and call it once per row.
  func addFunction(_ name: String, arguments: Int32, _ body: @escaping ([String]) -> String)
    throws(StoreError)
  {
    let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
    let code = sqlite3_create_function_v2(
      handle, name, arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
      { context, count, values in
        guard let context, let data = sqlite3_user_data(context) else { return }
        let function = Unmanaged<FunctionBox>.fromOpaque(data).takeUnretainedValue()
        var texts: [String] = []
        for index in 0..<Int(count) {
          let text = values?[index].flatMap { sqlite3_value_text($0) }
          texts.append(text.map { String(cString: $0) } ?? "")
        }
        sqlite3_result_text(context, function.body(texts), -1, Statement.transient)
      }, nil, nil,
      { data in
        guard let data else { return }
        Unmanaged<FunctionBox>.fromOpaque(data).release()
      })
    guard code == SQLITE_OK else { throw error(code) }
  }

  /// Replaces this database's whole contents with `source`'s, as one write (SQLite's online
  /// backup API, which takes the locks and keeps WAL files right); `pages` at a time (-1:
  /// all), asking `stop` between them.
  func replaceContents(
    with source: SQLiteConnection, pages: Int32 = -1, stop: () -> Bool = { false }
  ) throws(StoreError) {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw error(sqlite3_errcode(handle))
    }
    var code = sqlite3_backup_step(backup, pages)
    while code == SQLITE_OK {
      if stop() {
        sqlite3_backup_finish(backup)
        throw source.error(SQLITE_INTERRUPT, "interrupted")
      }
      code = sqlite3_backup_step(backup, pages)
    }
    let finish = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else { throw error(code) }
    guard finish == SQLITE_OK else { throw error(finish) }
    statements.removeAll()
  }

  /// Copies the whole database into a new file at `path`, page by page (SQLite's online
  /// backup: what this connection sees, its log's pages in it), the copy in rollback mode.
  ///
  /// `VACUUM INTO` rebuilt every table and index of the copy: a 100 000-meal book took 4.5 s
  /// against 1.9 s page by page (`sqlite3`), a first-schema book before its upgrade 0.5 s
  /// against 0.3. The copy keeps the free pages `VACUUM INTO` left out (Debian's SQLite
  /// zeroes a freed page).
  ///
  /// It goes 4 MB at a time, so that `interrupt` (at quit) stops it between them; all in one
  /// read transaction, so a commit meanwhile does not start it again. An interrupt is heard
  /// until the copy ends.
  func copyWhole(to path: String) throws(StoreError) {
    defer { interrupted.store(false, ordering: .relaxed) }
    let copy = try SQLiteConnection(path: path)
    do {
      // A new file, renamed into place only once whole: no journal of its own.
      _ = try copy.statement("PRAGMA journal_mode = OFF").rows { $0.text(0) }
      let ownTransaction = !isInTransaction
      if ownTransaction {
        try execute("BEGIN")
        _ = try statement("SELECT count(*) FROM sqlite_schema").scalar()
      }
      defer { if ownTransaction { try? execute("COMMIT") } }
      try copy.replaceContents(with: self, pages: Self.pagesCopiedAtATime) {
        interrupted.load(ordering: .relaxed)
      }
      // The pages say WAL, as the book's do: a copy in rollback mode leaves no log beside it
      // when it is opened (as `VACUUM INTO` made it).
      _ = try copy.statement("PRAGMA journal_mode = DELETE").rows { $0.text(0) }
      copy.close()
    } catch {
      // Nothing of a copy that failed is left: the file and what SQLite made beside it.
      copy.close()
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
      throw error
    }
  }

  /// 4 MB of 4 KB pages: a few milliseconds each.
  private static let pagesCopiedAtATime: Int32 = 1024

  /// Maps an SQLite result code to an error a person understands.
  func error(_ code: Int32, _ detail: String? = nil) -> StoreError {
    let text = detail ?? handle.map { String(cString: sqlite3_errmsg($0)) } ?? "unknown error"
    switch code & 0xFF {
    case SQLITE_NOTADB:
      // Backups beside it say it was a book once: its start was overwritten.
      let hint = BackupHint.text(for: path)
      return StoreError(
        .notADatabase,
        hint.isEmpty
          ? tr("%s is not a meals database (not an SQLite file); it was left untouched.").filled(
            path)
          : tr(
            "The database %s is damaged (it is no longer an SQLite file); it was left untouched."
          )
          .filled(path) + hint + ".")
    case SQLITE_CORRUPT:
      let hint = BackupHint.text(for: path)
      return StoreError(
        .corrupt,
        tr("The database %1$s is damaged (%2$s); it was left untouched.").filled(path, text)
          + (hint.isEmpty ? "" : hint + "."))
    case SQLITE_READONLY:
      if openedReadOnly {
        let why = readOnlyReason.map { " (\($0))" } ?? ""
        return StoreError(
          .readOnly, tr("The database is open read-only%s; nothing was changed.").filled(why))
      }
      return StoreError(
        .readOnly, tr("The database %s is read-only; nothing was saved.").filled(path))
    case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_PROTOCOL:  // PROTOCOL: WAL lost a race for a lock
      return StoreError(
        .busy, tr("The database is busy in another program; nothing was saved. Try again."))
    case SQLITE_CANTOPEN:
      return StoreError(.cannotOpen, tr("Cannot open the database %1$s (%2$s).").filled(path, text))
    case SQLITE_FULL:
      return StoreError(.failure, tr("The disk is full; nothing was saved."))
    case SQLITE_CONSTRAINT:
      return StoreError(.constraint, tr("Database error: %s.").filled(text))
    case SQLITE_IOERR:
      return StoreError(
        .failure, tr("Cannot read or write the database %1$s (%2$s).").filled(path, text))
    default:
      return StoreError(.failure, tr("Database error: %s.").filled(text))
    }
  }
}

/// A prepared statement: bind by position (1-based), step, read columns (0-based).
final class Statement {
  private let raw: OpaquePointer
  private unowned let connection: SQLiteConnection

  init(_ raw: OpaquePointer, connection: SQLiteConnection) {
    self.raw = raw
    self.connection = connection
  }

  deinit { sqlite3_finalize(raw) }

  func reset() {
    sqlite3_reset(raw)
    sqlite3_clear_bindings(raw)
  }

  static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  @discardableResult
  func bind(_ values: [SQLValue]) -> Statement {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      switch value {
      case .null: sqlite3_bind_null(raw, index)
      case .integer(let number): sqlite3_bind_int64(raw, index, number)
      case .real(let number): sqlite3_bind_double(raw, index, number)
      case .text(let text): sqlite3_bind_text(raw, index, text, -1, Self.transient)
      case .blob(let data):
        _ = data.withUnsafeBytes { bytes in
          sqlite3_bind_blob(raw, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
      }
    }
    return self
  }

  /// Advances; true when a row is ready.
  func step() throws(StoreError) -> Bool {
    noteRun()
    return try advance()
  }

  /// Tells the connection this statement runs (`statementsRun`, `lastStatementText`).
  private func noteRun() {
    connection.statementsRun += 1
    connection.lastStatement = raw
  }

  /// The next row of a run already noted: a loop over 900 000 rows touches the connection
  /// (an unowned reference, counted at each use) once, not at each row.
  private func advance() throws(StoreError) -> Bool {
    let code = sqlite3_step(raw)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    let error = connection.error(code)
    sqlite3_reset(raw)
    throw error
  }

  /// Runs to completion, ignoring rows.
  func run(_ values: [SQLValue] = []) throws(StoreError) {
    bind(values)
    noteRun()
    while try advance() {}
    reset()
  }

  /// Every row mapped through `map`.
  func rows<T>(_ values: [SQLValue] = [], _ map: (Statement) -> T) throws(StoreError) -> [T] {
    bind(values)
    var result: [T] = []
    noteRun()
    while try advance() { result.append(map(self)) }
    reset()
    return result
  }

  /// The first column of the first row as an integer; nil for no row or NULL.
  func scalar(_ values: [SQLValue] = []) throws(StoreError) -> Int64? {
    bind(values)
    defer { reset() }
    return try step() && !isNull(0) ? int(0) : nil
  }

  func int(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }
  func double(_ column: Int32) -> Double { sqlite3_column_double(raw, column) }
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }

  func text(_ column: Int32) -> String {
    guard let pointer = sqlite3_column_text(raw, column) else { return "" }
    return String(cString: pointer)
  }

  func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

  /// A text column's UTF-8 bytes (no String made), valid until the next step; nil for NULL.
  func utf8(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
    guard let pointer = sqlite3_column_text(raw, column) else { return nil }
    return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(raw, column)))
  }

  /// Each row in turn (for long results that should not become an array).
  func forEach(_ values: [SQLValue] = [], _ body: (Statement) -> Void) throws(StoreError) {
    bind(values)
    defer { reset() }
    noteRun()
    while try advance() { body(self) }
  }

  func blob(_ column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(raw, column))
    guard count > 0, let bytes = sqlite3_column_blob(raw, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  var columnCount: Int32 { sqlite3_column_count(raw) }

  /// A column as the typed value SQLite holds (for copying rows and comparing them exactly).
  func value(_ column: Int32) -> SQLValue {
    switch sqlite3_column_type(raw, column) {
    case SQLITE_NULL: .null
    case SQLITE_INTEGER: .integer(int(column))
    case SQLITE_FLOAT: .real(double(column))
    case SQLITE_BLOB: .blob(blob(column))
    default: .text(text(column))
    }
  }
}

/// A value bound to a statement parameter.
enum SQLValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
}

/// A progress handler's closure, for SQLite's context pointer.
private final class ProgressBox {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// A Swift function kept alive for as long as SQLite may call it.
private final class FunctionBox {
  let body: ([String]) -> String
  init(_ body: @escaping ([String]) -> String) { self.body = body }
}
