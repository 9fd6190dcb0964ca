import MealsCore
import MealsStore
import TerminalUI
import Translation

/// Recently Cooked (`R` on My Meals): the meals of the cook log, the most recently cooked
/// first, in My Meals' row style (`cooked 3 weeks ago · 5×`): My Meals by last cooked.
public final class RecentlyCookedScreen: Screen {
  enum Action: String, Sendable { case open, view, cook, cooked }

  static let keys = KeyTable<Action>(
    "recently-cooked",
    [
      KeyBinding([.enter], .open, tr("edit"), detail: "edit the meal"),
      KeyBinding(
        [.character("v")], .view, tr("view"),
        detail: "view the meal in Meal Detail (its cook log at the end)"),
      MealActions.cook(.cook),
      CookedIt.binding(.cooked, footer: true),
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let list: SavedMealList

  init(context: AppContext) {
    self.context = context
    let store = context.store
    list = SavedMealList(context: context, store.recentlyCookedMeals()) { [unowned store] in
      store.index(ofCooked: $0)
    }
  }

  public var title: String { tr("Recently Cooked") }
  public var keyHelp: [KeyHelp] { chainHelp }

  public var selectedMeal: MealSummary? { list.selected }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    guard let summary = selectedMeal else { return }
    switch action {
    case .open: context.openEditor(mealID: summary.id, delegate: self)
    case .view, .cook:
      guard let meal = (try? context.store.meal(id: summary.id)).flatMap({ $0 }) else {
        return context.navigator.showError(tr("That meal could not be read."))
      }
      if action == .view {
        context.navigator.push(MealDetailScreen(context: context, saved: meal, id: summary.id))
      } else {
        CookingActions.openCookMode(meal, context: context)
      }
    case .cooked: CookedIt.log(summary, context: context)
    }
  }

  private func move(_ move: ListState.Move) { list.apply(move) }

  /// A resize may open the preview pane: the meal is read for it then.
  public func layoutDidChange() { list.follow() }

  public var nextDeadline: UInt64? { list.nextDeadline }

  public func tick(now: UInt64) -> Bool { list.tick(now: now) }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    list.click(event, in: area) { perform(.open) }
    return true
  }

  // MARK: - Rendering

  public func prepare(in area: Rect) { list.prepare(in: area) }

  public func render(into canvas: inout Canvas, in area: Rect) {
    list.render(
      into: &canvas, in: area, headline: { trn("%d meal cooked", "%d meals cooked", $0) },
      empty:
        tr(
          "Nothing cooked yet — M on a meal (in My Meals, Meal Detail or Cook Mode) writes it in the cook log."
        )
    )
  }
}

extension RecentlyCookedScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("recently-cooked", "Recently Cooked (`R` on My Meals)")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<RecentlyCookedScreen>] {
    KeyLink.list(keys, does: { $0.perform($1) }, moves: { $0.move($1) })
  }
}

extension RecentlyCookedScreen: MealEditorScreenDelegate {
  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)  // the list heard of the save itself
  }
}
