import MealsCore
import MealsStore
import TerminalUI

/// Recently Cooked (`R` on My Meals): the meals of the cook log, the most recently cooked
/// first, in My Meals' row style (`cooked 3 weeks ago · 5×`): My Meals by last cooked.
public final class RecentlyCookedScreen: Screen, StoreListener {
  enum Action: String, Sendable { case open, view, cook, cooked }

  static let keys = KeyTable<Action>(
    "recently-cooked",
    [
      KeyBinding([.enter], .open, "edit", detail: "edit the meal"),
      KeyBinding(
        [.character("v")], .view, "view",
        detail: "view the meal in Meal Detail (its cook log at the end)"),
      MealActions.cook(.cook),
      CookedIt.binding(.cooked, footer: true),
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let meals: LiveList<MealSummary>
  private var preview: SavedMealPreview

  init(context: AppContext) {
    self.context = context
    preview = SavedMealPreview(pictures: context.pictures)
    let store = context.store
    meals = LiveList(store.recentlyCookedMeals()) { [unowned store] in store.index(ofCooked: $0) }
    context.store.addListener(self)
    followSelection()
  }

  public var title: String { "Recently Cooked" }
  public var keyHelp: [KeyHelp] { chainHelp }

  public var selectedMeal: MealSummary? { meals.selected }

  // MARK: - Keys

  /// How many rows a page key moves by, at the window's size now.
  private var pageSize: Int { ListLayout(context.navigator.body).list.pageSize }

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    guard let summary = selectedMeal else { return }
    switch action {
    case .open: context.openEditor(mealID: summary.id, delegate: self)
    case .view, .cook:
      guard let meal = (try? context.store.meal(id: summary.id)).flatMap({ $0 }) else {
        return context.navigator.showError("That meal could not be read.")
      }
      if action == .view {
        context.navigator.push(MealDetailScreen(context: context, saved: meal, id: summary.id))
      } else {
        CookingActions.openCookMode(meal, context: context)
      }
    case .cooked:
      let servings = (try? context.store.meal(id: summary.id)).flatMap { $0 }.flatMap {
        Servings(for: $0).said
      }
      CookedIt.log(mealID: summary.id, name: summary.name, servings: servings, context: context)
    }
  }

  private func move(_ move: ListState.Move) {
    meals.apply(move, pageSize: pageSize)
    followSelection()
  }

  public func storeDidChange(_ store: MealStore) {
    meals.storeDidChange()
    followSelection()
    context.navigator.needsDisplay = true
  }

  /// A resize may open the preview pane: the meal is read for it then.
  public func layoutDidChange() { followSelection() }

  private func followSelection() {
    let navigator = context.navigator
    preview.follow(selectedMeal, in: context, now: navigator.now(), animated: navigator.animations)
  }

  public var nextDeadline: UInt64? { preview.nextDeadline(in: context) }

  public func tick(now: UInt64) -> Bool { preview.tick(now: now, in: context) }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    guard meals.click(event, in: ListLayout(area).list) != nil else { return true }
    followSelection()
    if event.clicks >= 2 { perform(.open) }
    return true
  }

  // MARK: - Rendering

  public func prepare(in area: Rect) {
    meals.prepare(for: ListLayout(area).list)
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let count = meals.shownCount
    let layout = ListLayout(area)
    canvas.writeRight(count == 1 ? "1 meal cooked" : "\(count) meals cooked", in: layout.headline)
    guard count > 0 else {
      canvas.writeWrapped(
        meals.lastError.map(AppContext.readFailure)
          ?? "Nothing cooked yet — M on a meal (in My Meals, Meal Detail or Cook Mode) writes it in the cook log.",
        in: layout.emptyMessage, indent: 2, style: .muted)
      return
    }
    MealRow.drawList(meals, preview: preview, context: context, into: &canvas, in: layout)
  }
}

extension RecentlyCookedScreen: KeyChained {
  public enum KeyMode { case list }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<RecentlyCookedScreen>] {
    KeyLink.list(keys, does: { $0.perform($1) }, moves: { $0.move($1) })
  }
}

extension RecentlyCookedScreen: MealEditorScreenDelegate {
  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)
    storeDidChange(context.store)
  }
}
