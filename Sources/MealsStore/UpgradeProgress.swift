import FoundationEssentials

/// How far an upgrade has come: the schema step running and an estimate of the whole done.
public struct UpgradeProgress: Sendable, Equatable {
  public var from: Int
  public var to: Int
  /// The version being made (`from + 1` … `to`); `from` while the file is backed up first.
  public var step: Int
  /// What is being done, in a few words (`backup`, `schema 5`, `word index`).
  public var part: String
  /// 0 … 1, by each part's usual share of the time (measured at 100 000 meals).
  public var fraction: Double
  /// Since the upgrade began.
  public var seconds: Double

  public init(
    from: Int, to: Int, step: Int, part: String = "", fraction: Double, seconds: Double
  ) {
    self.from = from
    self.to = to
    self.step = step
    self.part = part
    self.fraction = fraction
    self.seconds = seconds
  }
}

/// Tells an upgrade's listener how it goes: at each part, then at least every 200 ms while a
/// part runs (SQLite's progress handler calls in during long statements).
final class UpgradeReporter {
  /// The backup made before an upgrade, as a share of the time like a migration's weight.
  static let backupWeight = 2.5

  private let from: Int
  private let listener: (UpgradeProgress) -> Void
  private let start = Date()
  private let total: Double
  private var lastSaid = Date.distantPast
  /// The part under way, as it began.
  private var current: (step: Int, part: String, done: Double)?

  init(from: Int, listener: @escaping (UpgradeProgress) -> Void) {
    self.from = from
    self.listener = listener
    total = Schema.migrations.dropFirst(from).reduce(Self.backupWeight) { $0 + $1.weight }
  }

  /// A part begins (`step`: the version it makes; `from` for the backup) with `done` of the
  /// weights behind it; until the next, `db` reports while it runs.
  func begin(step: Int, part: String, done: Double, on db: SQLiteConnection) {
    current = (step, part, done)
    report()
    db.onProgress(every: 50_000) { [self] in tick() }
  }

  /// Says the part again when 200 ms have passed since it was last said (while waiting on
  /// work no statement of `db` is doing).
  func tick() {
    if Date().timeIntervalSince(lastSaid) >= 0.2 { report() }
  }

  private func report() {
    guard let current else { return }
    lastSaid = Date()
    listener(
      UpgradeProgress(
        from: from, to: Schema.migrations.count, step: current.step, part: current.part,
        fraction: min(1, current.done / total), seconds: Date().timeIntervalSince(start)))
  }

  /// The end: all done.
  func finish(on db: SQLiteConnection) {
    db.onProgress(every: 0, nil)
    listener(
      UpgradeProgress(
        from: from, to: Schema.migrations.count, step: Schema.migrations.count, part: "done",
        fraction: 1, seconds: Date().timeIntervalSince(start)))
  }
}
