import MealsCore
import MealsStore
import TerminalUI
import Translation

/// A meal's history (`h` on Meal Detail of a saved meal): its saved versions, the newest first.
///
/// Each row says when and what changed; beside the list (or under Enter) the selected
/// version's changes word by word, then the version whole. `r` puts it back as the newest.
public final class MealHistoryScreen: Screen {
  enum Action: String, Sendable { case restore, view }

  static let keys = KeyTable<Action>(
    "meal-history",
    [
      KeyBinding(
        [.enter, .character("v")], .view, tr("read the version"), label: "Enter",
        detail:
          "the version whole, after what changed from the one before (words out [-…-], in {+…+})"),
      KeyBinding(
        [.character("r")], .restore, tr("put this version back"),
        detail:
          "put the selected version back as the newest (asks first; the others are kept, so putting the one before back undoes it)"
      ),
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let mealID: Int64
  private var name: String
  /// The versions, the newest first.
  private let list = ListPane<MealVersion, Int> { $0.number }
  private var versions: [MealVersion] { list.rows }
  /// What each row says changed (`now · 1 ingredient`), worked out when the versions are
  /// read, not in a frame.
  private var changed: [Int: String] = [:]
  /// The preview's lines for the selected version at a width: made again only when either
  /// changes (a word-by-word comparison is not a frame's work).
  private var previewMemo = VersionLines()

  init(context: AppContext, mealID: Int64, name: String) {
    self.context = context
    self.mealID = mealID
    self.name = MealRules.trimmed(name)
    list.listen(to: context.store, redrawing: context.navigator)
    prepare(in: context.navigator.body)
  }

  public var title: String { tr("History") }
  public var keyHelp: [KeyHelp] { chainHelp }

  /// The update step: the versions read again after a change (a save, a sync, a restore).
  public func prepare(in area: Rect) {
    let store = context.store
    let mealID = mealID
    let read = list.prepare(
      read: { () throws(StoreError) in try store.mealVersions(mealID: mealID).reversed() },
      failed: context.readFailed)
    guard read else { return }
    if let newest = versions.first { name = MealRules.trimmed(newest.meal.name) }
    let all = versions
    changed = [:]
    for version in all {
      let older = all.first { $0.number == version.number - 1 }
      let what = older.map { MealChanges.summary($0.meal, version.meal) }
      changed[version.number] =
        version.number == all.count
        ? tr("now") + (what.map { " · " + $0 } ?? "") : what ?? tr("first kept")
    }
    previewMemo = VersionLines()
  }

  /// The navigator runs the update step first when a frame is due (`Navigator.catchUp`).
  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func move(_ move: ListState.Move) {
    list.apply(move, pageSize: ListLayout(context.navigator.body).list.pageSize)
  }

  private func perform(_ action: Action) {
    guard let version = list.selected else { return }
    switch action {
    case .view:
      context.navigator.push(
        MealVersionScreen(
          context: context, version: version, before: before(version), of: versions.count))
    case .restore:
      guard version.number != versions.count else {
        return context.navigator.showInfo(tr("This is the meal as it is now."))
      }
      let store = context.store
      let mealID = mealID
      context.navigator.present(
        ConfirmPrompt(
          tr("Put version %1$d of “%2$s” back? (y/n)").filled(
            String(version.number), Quote.name(name)),
          onYes: { [weak self] in
            guard let self else { return }
            self.context.write(
              by: self,
              { () throws(StoreError) in try store.restoreVersion(version.number, mealID: mealID) },
              then: { screen, newest in
                screen.list.select(id: newest)
                screen.context.navigator.showInfo(
                  tr("Version %1$d is back, as version %2$d — r on version %3$d undoes it.").filled(
                    String(version.number), String(newest), String(newest - 1)))
              })
          }))
    }
  }

  /// The version before `version` (nil for the first).
  private func before(_ version: MealVersion) -> MealVersion? {
    versions.first { $0.number == version.number - 1 }
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = ListLayout(area)
    canvas.writeTruncated(name, in: layout.headline.inset(left: 2, right: 0), style: .title)
    let count = trn("%d version", "%d versions", versions.count)
    canvas.writeRight(count, in: layout.headline, style: .muted)
    let changed = changed
    let now = context.store.clock()
    list.render(into: &canvas, in: layout.list, empty: tr("No version is kept.")) {
      canvas, row, version in
      let parts = row.content.split(.horizontal, [.fixed(4), .fixed(14), .fill])
      canvas.writeTruncated("\(version.number)", in: parts[0], style: .accent)
      canvas.writeTruncated(Age.describe(now - version.savedAt), in: parts[1], style: .muted)
      canvas.writeTruncated(changed[version.number] ?? "", in: parts[2])
    }
    if let pane = layout.previewPane, let version = list.selected {
      Preview(
        title: tr("Version %d").filled(String(version.number)),
        subtitle: tr("saved %s").filled(Age.describe(now - version.savedAt)),
        lines: previewMemo.lines(
          version, before: before(version), width: Preview.text(in: pane.area).width,
          units: context.units)
      ).draw(into: &canvas, in: pane.area, divider: pane.divider)
    }
  }
}

extension MealHistoryScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("meal-history", "A meal's history (`h` on Meal Detail of a saved meal)")
    }
  }
  public var keyMode: KeyMode { .list }

  public static func keyChain(_ mode: KeyMode) -> [KeyLink<MealHistoryScreen>] {
    KeyLink.list(
      keys, does: { screen, action in screen.perform(action) },
      moves: { screen, move in screen.move(move) })
  }
}

/// One version of a meal, read-only: what changed from the one before, then the meal.
final class MealVersionScreen: Screen {
  private unowned let context: AppContext
  private let version: MealVersion
  private let before: MealVersion?
  private let count: Int
  private var pager = Pager()
  private var memo = VersionLines()

  init(context: AppContext, version: MealVersion, before: MealVersion?, of count: Int) {
    self.context = context
    self.version = version
    self.before = before
    self.count = count
  }

  var title: String {
    tr("Version %1$d of %2$d").filled(String(version.number), String(count))
  }
  var keyHelp: [KeyHelp] { chainHelp }
  func handle(_ key: Key) -> Bool { resolve(key) }

  /// The changes (the steps word by word), then the version's ingredients and steps.
  static func lines(_ version: MealVersion, before: MealVersion?, width: Int, units: UnitConversion)
    -> [PagerLine]
  {
    var lines: [PagerLine] = []
    if let before {
      lines.append(
        PagerLine(
          tr("CHANGED FROM VERSION %d").filled(String(before.number)), style: .key))
      let changes = MealChanges.between(before.meal, version.meal)
      if changes.isEmpty { lines.append(PagerLine("  " + tr("nothing"), style: .muted)) }
      for change in changes {
        let text = change.words.map { tr("steps: %s").filled($0) } ?? change.text
        lines += PagerLine.wrapped(text, width: width, indent: 2)
      }
      lines.append(.blank)
    } else {
      lines.append(PagerLine(tr("THE FIRST VERSION KEPT"), style: .key))
      lines.append(.blank)
    }
    lines += [PagerLine(MealRules.trimmed(version.meal.name), style: .title), .blank]
    return lines + MealLines.body(of: version.meal, width: width, units: units)
  }

  /// Under the line that says when, inset as Meal Detail's text is.
  private func body(in area: Rect) -> Rect { area.dropping(top: 1).inset(left: 2, right: 1) }

  private func scroll(_ key: Key) -> Bool {
    let area = body(in: context.navigator.body)
    return pager.handle(
      key,
      count: memo.lines(version, before: before, width: area.width, units: context.units).count,
      height: area.height)
  }

  func render(into canvas: inout Canvas, in area: Rect) {
    let when = area.inset(left: 2, right: 1)
    canvas.writeTruncated(
      tr("saved %s").filled(Age.describe(context.store.clock() - version.savedAt)),
      in: Rect(x: when.x, y: when.y, width: when.width, height: 1), style: .muted)
    let body = body(in: area)
    pager.render(
      memo.lines(version, before: before, width: body.width, units: context.units), into: &canvas,
      in: body)
  }
}

extension MealVersionScreen: DocumentedScreen {
  enum KeyMode: CaseIterable { case reading }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .reading: .section("meal-version", "One version of a meal (Enter in its history)")
    }
  }
  var keyMode: KeyMode { .reading }

  static func keyChain(_ mode: KeyMode) -> [KeyLink<MealVersionScreen>] {
    [.widget(Pager.keys, { screen, key in screen.scroll(key) }), .lines([.back])]
  }
}

/// A version's lines (`MealVersionScreen.lines`), kept for the version, width and units they
/// were made for: the keys and frames that ask again get them without comparing again.
struct VersionLines {
  private var made: (number: Int, width: Int, units: UnitConversion, lines: [PagerLine])?

  mutating func lines(
    _ version: MealVersion, before: MealVersion?, width: Int, units: UnitConversion
  ) -> [PagerLine] {
    if let made, made.number == version.number, made.width == width, made.units == units {
      return made.lines
    }
    let lines = MealVersionScreen.lines(version, before: before, width: width, units: units)
    made = (version.number, width, units, lines)
    return lines
  }
}
