import MealsCore
import MealsStore
import TerminalUI
import Translation

/// Recently Deleted: the trash, newest first.
///
/// Enter restores a meal, `D` erases one for good (after a question); meals are erased by
/// themselves after 30 days.
public final class RecentlyDeletedScreen: Screen {
  enum Action: String, Sendable { case restore, erase }

  static let keys = KeyTable<Action>(
    "recently-deleted",
    [
      KeyBinding([.enter], .restore, tr("restore to My Meals")),
      KeyBinding(
        [.character("D")], .erase, tr("erase for good (asks first)"),
        detail: "erase it for good (asks `y/n`); meals deleted over 30 days ago go by themselves"),
    ])

  public weak var delegate: RecentlyDeletedScreenDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let meals: ListPane<TrashedMeal, Int64>

  init(context: AppContext) {
    self.context = context
    let store = context.store
    meals = ListPane(store.trashedMeals(), id: \.id) { [unowned store] in
      store.index(ofTrashed: $0)
    }
    meals.listen(to: store, redrawing: context.navigator)
  }

  public var title: String { tr("Recently Deleted") }
  public var keyHelp: [KeyHelp] { chainHelp }

  /// The count on the first row, the list under it (no preview: the rows say it all).
  private func layout(in area: Rect) -> (headline: Rect, list: ListView) {
    let rows = area.split(.vertical, [.fixed(1), .fill])
    return (rows[0], ListView(area: rows[1]))
  }

  /// The deleted meal under the selection bar.
  public var selectedMeal: TrashedMeal? { meals.selected }

  /// What the status line says after a restore.
  static func restoredMessage(_ restored: RestoredMeal) -> String {
    restored.restoredAsCopy
      ? tr(
        "Restored “%s” as a separate copy: TheMealDB's meal was saved again meanwhile."
      ).filled(Quote.name(restored.name))
      : tr("Restored “%s”.").filled(Quote.name(restored.name))
  }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  /// How many rows a page key moves by, at the window's size now.
  private var pageSize: Int { layout(in: context.navigator.body).list.pageSize }

  private func perform(_ action: Action) {
    guard let meal = selectedMeal else { return }
    switch action {
    case .restore:
      let store = context.store
      context.write(
        by: self, { () throws(StoreError) in try store.restoreDeleted(id: meal.id) },
        then: { screen, restored in
          screen.context.navigator.showInfo(
            Self.restoredMessage(restored) + " " + tr("It is back in My Meals."))
          screen.delegate?.recentlyDeletedScreen(screen, didRestoreMealWithID: restored.id)
        })
    case .erase:
      context.navigator.present(
        ConfirmPrompt(
          tr("Erase “%s” for good? This cannot be undone. (y/n)").filled(Quote.name(meal.name))
        ) {
          [weak self] in self?.erase(meal)
        })
    }
  }

  private func erase(_ meal: TrashedMeal) {
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.eraseDeleted(id: meal.id) },
      then: { screen, _ in
        screen.context.navigator.showInfo(tr("Erased “%s” for good.").filled(Quote.name(meal.name)))
      })
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    guard meals.click(event, in: layout(in: area).list) != nil else { return true }
    if event.clicks >= 2 { perform(.restore) }
    return true
  }

  // MARK: - Rendering

  public func prepare(in area: Rect) {
    meals.prepare(for: layout(in: area).list)
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let count = meals.shownCount
    let headline =
      trn("%d deleted meal", "%d deleted meals", count) + " · " + tr("kept 30 days")
    let layout = layout(in: area)
    canvas.writeRight(headline, in: layout.headline)
    guard count > 0 else {
      canvas.writeWrapped(
        meals.readError.map(AppContext.readFailure)
          ?? tr(
            "Nothing here. Deleted meals stay here for 30 days; u on My Meals brings back the last one."
          ),
        in: layout.list.area.dropping(top: 1), indent: 2, style: .muted)
      return
    }
    let now = context.store.clock()
    let nameWidth = max(12, min(40, layout.list.area.width * 2 / 5))
    meals.render(into: &canvas, in: layout.list) { canvas, row, meal in
      let age = now - meal.deletedAt
      let when =
        tr("deleted %1$s · erased %2$s").filled(
          Age.describe(age), Age.until(MealStore.trashDays * 86_400 - age))
      let parts = row.content.split(.horizontal, [.fixed(nameWidth), .fixed(2), .fill])
      canvas.writeTruncated(meal.name, in: parts[0], style: .title)
      canvas.writeTruncated(when, in: parts[2], style: .muted)
    }
  }
}

extension RecentlyDeletedScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("recently-deleted", "Recently Deleted")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<RecentlyDeletedScreen>] {
    KeyLink.list(
      keys, does: { $0.perform($1) }, moves: { $0.meals.apply($1, pageSize: $0.pageSize) })
  }
}
