import MealsCore
import MealsStore
import TerminalUI
import Translation

/// Favourites: the favourite meals, the newest favourite first, in My Meals' row style.
///
/// `f` takes one off the list (the row goes away); `u` puts the last one back in its place.
/// Favourites changed on any screen, or by another `meals`, show here at once.
public final class FavouritesScreen: Screen {
  enum Action: String, Sendable { case open, unfavourite, undo }

  static let keys = KeyTable<Action>(
    "favourites",
    [
      KeyBinding([.enter], .open, tr("edit"), detail: "edit the meal"),
      KeyBinding(
        [.character("f")], .unfavourite, tr("remove from Favourites"),
        detail: "take it off the list"),
      KeyBinding(
        [.character("u")], .undo, tr("undo"), detail: "put the last one back, in its place"),
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let list: SavedMealList
  /// Meals taken off the list here, with when they had become favourites, for `u`.
  private var removed: [(id: Int64, name: String, at: Double)] = []

  init(context: AppContext) {
    self.context = context
    let store = context.store
    list = SavedMealList(context: context, store.favouriteMeals()) { [unowned store] in
      store.index(ofFavourite: $0)
    }
  }

  public var title: String { tr("Favourites") }
  public var keyHelp: [KeyHelp] { chainHelp }

  public var selectedMeal: MealSummary? { list.selected }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    switch action {
    case .open: openEditor()
    case .unfavourite: unfavourite()
    case .undo: undo()
    }
  }

  private func move(_ move: ListState.Move) { list.apply(move) }

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
          tr("Removed “%s” from Favourites — u puts it back.").filled(Quote.name(meal.name)))
      })
  }

  private func undo() {
    guard let last = removed.popLast() else {
      context.navigator.showInfo(tr("Nothing to undo here."))
      return
    }
    let store = context.store
    context.write(
      by: self,
      { () throws(StoreError) in try store.setFavourite(true, mealID: last.id, at: last.at) },
      then: { screen, _ in
        if let index = store.index(ofFavourite: last.id) { screen.list.select(index) }
        screen.context.navigator.showInfo(
          tr("“%s” is back in Favourites.").filled(Quote.name(last.name)))
      },
      failed: { screen, error in
        screen.removed.append(last)  // still undoable
        screen.context.navigator.showError(error.message)
      })
  }

  /// A resize may open the preview pane: the meal is read for it then.
  public func layoutDidChange() { list.follow() }

  public var nextDeadline: UInt64? { list.nextDeadline }

  public func tick(now: UInt64) -> Bool { list.tick(now: now) }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    list.click(event, in: area) { openEditor() }
    return true
  }

  // MARK: - Rendering

  public func prepare(in area: Rect) { list.prepare(in: area) }

  public func render(into canvas: inout Canvas, in area: Rect) {
    list.render(
      into: &canvas, in: area, headline: { trn("%d favourite", "%d favourites", $0) },
      empty: tr(
        "No favourites yet — press f on a meal in My Meals (or in its editor) to add it here."))
  }
}

extension FavouritesScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("favourites", "Favourites")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<FavouritesScreen>] {
    KeyLink.list(keys, does: { $0.perform($1) }, moves: { $0.move($1) })
  }
}

extension FavouritesScreen: MealEditorScreenDelegate {
  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)
    if let index = context.store.index(ofFavourite: id) { list.select(index) }
  }
}
