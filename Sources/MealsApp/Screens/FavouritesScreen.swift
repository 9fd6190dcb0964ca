import MealsCore
import MealsStore
import TerminalUI

/// Favourites: the favourite meals, the newest favourite first, in My Meals' row style.
///
/// `f` takes one off the list (the row goes away); `u` puts the last one back in its place.
/// Favourites changed on any screen, or by another `meals`, show here at once.
public final class FavouritesScreen: Screen, StoreListener {
  enum Action: String, Sendable { case open, unfavourite, undo }

  static let keys = KeyTable<Action>(
    "favourites",
    [
      KeyBinding([.enter], .open, "edit", detail: "edit the meal"),
      KeyBinding(
        [.character("f")], .unfavourite, "remove from Favourites", detail: "take it off the list"),
      KeyBinding([.character("u")], .undo, "undo", detail: "put the last one back, in its place"),
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let meals: LiveList<MealSummary>
  /// Meals taken off the list here, with when they had become favourites, for `u`.
  private var removed: [(id: Int64, name: String, at: Double)] = []
  private var preview: SavedMealPreview

  init(context: AppContext) {
    self.context = context
    preview = SavedMealPreview(pictures: context.pictures)
    let store = context.store
    meals = LiveList(store.favouriteMeals()) { [unowned store] in store.index(ofFavourite: $0) }
    context.store.addListener(self)
    followSelection()
  }

  public var title: String { "Favourites" }
  public var keyHelp: [KeyHelp] { chainHelp }

  public var selectedMeal: MealSummary? { meals.selected }

  // MARK: - Keys

  /// How many rows a page key moves by, at the window's size now.
  private var pageSize: Int { ListLayout(context.navigator.body).list.pageSize }

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    switch action {
    case .open: openEditor()
    case .unfavourite: unfavourite()
    case .undo: undo()
    }
  }

  private func move(_ move: ListState.Move) {
    meals.apply(move, pageSize: pageSize)
    followSelection()
  }

  private func openEditor() {
    guard let meal = selectedMeal else { return }
    context.openEditor(mealID: meal.id, delegate: self)
  }

  private func unfavourite() {
    guard let meal = selectedMeal, let at = context.store.favouritedAt(mealID: meal.id) else {
      return
    }
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.setFavourite(false, mealID: meal.id) },
      then: { screen, _ in
        screen.removed.append((meal.id, meal.name, at))
        screen.context.navigator.showInfo(
          "Removed “\(Quote.name(meal.name))” from Favourites — u puts it back.")
      })
  }

  private func undo() {
    guard let last = removed.popLast() else {
      context.navigator.showInfo("Nothing to undo here.")
      return
    }
    let store = context.store
    context.write(
      by: self,
      { () throws(StoreError) in try store.setFavourite(true, mealID: last.id, at: last.at) },
      then: { screen, _ in
        if let index = store.index(ofFavourite: last.id) {
          screen.meals.select(index, reachable: index + 1, pageSize: screen.pageSize)
          screen.followSelection()
        }
        screen.context.navigator.showInfo("“\(Quote.name(last.name))” is back in Favourites.")
      },
      failed: { screen, error in
        screen.removed.append(last)  // still undoable
        screen.context.navigator.showError(error.message)
      })
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
    if event.clicks >= 2 { openEditor() }
    return true
  }

  // MARK: - Rendering

  public func prepare(in area: Rect) {
    meals.prepare(for: ListLayout(area).list)
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let count = meals.shownCount
    let headline = count == 1 ? "1 favourite" : "\(count) favourites"
    let layout = ListLayout(area)
    canvas.writeRight(headline, in: layout.headline)
    guard count > 0 else {
      canvas.writeWrapped(
        meals.lastError.map(AppContext.readFailure)
          ?? "No favourites yet — press f on a meal in My Meals (or in its editor) to add it here.",
        in: layout.emptyMessage, indent: 2, style: .muted)
      return
    }
    MealRow.drawList(meals, preview: preview, context: context, into: &canvas, in: layout)
  }
}

extension FavouritesScreen: KeyChained {
  public enum KeyMode { case list }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<FavouritesScreen>] {
    KeyLink.list(keys, does: { $0.perform($1) }, moves: { $0.move($1) })
  }
}

extension FavouritesScreen: MealEditorScreenDelegate {
  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)
    if let index = context.store.index(ofFavourite: id) {
      meals.select(index, reachable: index + 1, pageSize: pageSize)
    }
    storeDidChange(context.store)
  }
}
