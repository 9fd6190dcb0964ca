import MealsCore
import MealsStore
import TerminalUI
import Translation

/// What can I cook: the saved meals by how many of their ingredients are not at home (the
/// pantry and the staples), none first, each with what is missing named.
///
/// The ranking runs on the counting worker (it reads every meal's ingredient names at
/// 100 000 meals), so keys never wait for it. `l` puts only what is missing on the shopping
/// list; `+`/`-` list meals missing more or fewer.
public final class CanCookScreen: Screen {
  enum Action: String, Sendable { case view, cook, addMissing, more, fewer, pantry }

  static let keys = KeyTable<Action>(
    "can-cook",
    [
      KeyBinding(
        [.enter, .character("v")], .view, tr("view"), label: "Enter",
        detail: "view the meal in Meal Detail"),
      MealActions.cook(.cook),
      KeyBinding(
        [.character("l")], .addMissing, tr("missing to the shopping list"),
        detail: "put only what the meal is missing on the shopping list"),
      KeyBinding(
        [.character("+"), .character("=")], .more, tr("more missing"), label: "+",
        detail: "list meals missing one more ingredient too"),
      KeyBinding(
        [.character("-")], .fewer, tr("fewer missing"), label: "-",
        detail: "list only meals missing one fewer"),
      KeyBinding([.character("H")], .pantry, tr("pantry"), detail: "open the pantry"),
    ])

  /// The most `+` lets a meal lack.
  static let mostMissing = 20

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  /// The meals as the worker ranked them.
  private let list = ListPane<CookableMeal, Int64> { $0.id }
  private var meals: [CookableMeal] { list.rows }
  /// The widest meal name, in columns, measured when the meals come (not every frame).
  private var longestName = 0
  private var most = CanCook.defaultMissing
  private var pantryItems = 0
  /// The ranking asked of the worker, while it runs.
  private var answer = LatestAnswer<Int>()
  /// Whether a ranking has come back since the screen opened.
  private var ranked = false

  init(context: AppContext) {
    self.context = context
    list.listen(to: context.store, redrawing: context.navigator)
    // The worker starts on the first ranking at once, before the first frame asks.
    prepare(in: context.navigator.body)
  }

  public var title: String { tr("What can I cook") }
  public var keyHelp: [KeyHelp] { chainHelp }

  private func layout(in area: Rect) -> (headline: Rect, list: ListView) {
    let rows = area.split(.vertical, [.fixed(1), .fill])
    return (rows[0], ListView(area: rows[1]))
  }

  /// Asks the worker for the meals again (the pantry, the book or `most` changed).
  private func rank() {
    let items: [Pantry.Item]
    do {
      items = try context.store.readPantryItems()
    } catch {
      list.failed(error)
      context.readFailed(error)
      return
    }
    pantryItems = items.count
    let pantry = Pantry(items: items, staples: context.staples)
    let most = most
    let ticket = answer.ask(most)
    let reader = context.countReader
    context.counter.run(
      { reader.canCook(pantry: pantry, most: most) },
      then: { [weak self] result in
        guard let self, self.answer.take(ticket) != nil else { return }
        switch result {
        case .success(let meals):
          self.longestName = meals.map { TextWidth.columns(of: $0.name) }.max() ?? 0
          self.list.read(meals)
        case .failure(let error):
          self.list.failed(error)
          self.context.readFailed(error)
        }
        self.ranked = true
        self.context.navigator.needsDisplay = true
      })
  }

  private var selected: CookableMeal? { list.selected }

  /// The update step: the worker asked again when the store changed (its answer is shown
  /// when it comes).
  public func prepare(in area: Rect) {
    if list.takeStale() { rank() }
  }

  // MARK: - Keys

  /// The navigator runs the update step first when a frame is due (`Navigator.catchUp`).
  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func move(_ move: ListState.Move) {
    list.apply(move, pageSize: layout(in: context.navigator.body).list.pageSize)
  }

  private func perform(_ action: Action) {
    switch action {
    case .more, .fewer:
      let next = action == .more ? min(Self.mostMissing, most + 1) : max(0, most - 1)
      guard next != most else { return }
      most = next
      rank()
    case .pantry:
      context.navigator.push(PantryScreen(context: context))
    case .view, .cook, .addMissing:
      guard let cookable = selected else { return }
      guard let meal = try? context.store.meal(id: cookable.id) else {
        context.navigator.showError(tr("That meal could not be read."))
        return
      }
      switch action {
      case .view:
        context.navigator.push(MealDetailScreen(context: context, saved: meal, id: cookable.id))
      case .cook: CookingActions.openCookMode(meal, context: context)
      default: addMissing(of: meal, cookable)
      }
    }
  }

  /// Only the lines of what is missing (every line of it: `Carrots` twice), at the meal's
  /// own servings.
  private func addMissing(of meal: Meal, _ cookable: CookableMeal) {
    let name = MealRules.trimmed(meal.name)
    guard !cookable.missing.isEmpty else {
      context.navigator.showInfo(
        tr("“%s” is missing nothing: no need to shop.").filled(Quote.name(name)))
      return
    }
    let keys = Set(cookable.missing.map(IngredientKey.of))
    let lines = meal.ingredients.filter { keys.contains(IngredientKey.of($0.name)) }
    let store = context.store
    context.write(
      by: self,
      { () throws(StoreError) in
        try store.addToShoppingList(
          mealRef: .saved(cookable.id), mealName: name, ingredients: lines)
      },
      then: { screen, _ in
        screen.context.navigator.showInfo(
          tr("Added what “%1$s” is missing (%2$s) to the shopping list — L opens it.").filled(
            Quote.name(name), cookable.missing.joined(separator: ", ")))
      })
  }

  // MARK: - Mouse

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    guard list.click(event, in: layout(in: area).list) != nil else { return true }
    if event.clicks >= 2 { perform(.view) }
    return true
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    let count = trn("%d meal", "%d meals", meals.count)
    let limit = most == 0 ? tr("nothing missing") : tr("missing at most %d").filled(String(most))
    let pantry = trn("%d item at home", "%d items at home", pantryItems)
    let headline =
      ranked
      ? [count + " · " + limit + " · " + pantry, count + " · " + limit, count].first {
        TextWidth.columns(of: $0) <= layout.headline.width
      } ?? count : tr("ranking…")
    canvas.writeRight(headline, in: layout.headline, style: .muted)
    // Nothing is said before the first ranking comes back (`ranking…` above says it runs).
    guard ranked || list.readError != nil || !meals.isEmpty else { return }
    let empty =
      pantryItems == 0
      ? tr("The pantry is empty: H opens it, a there adds what is at home.")
      : most == 0
        ? tr("No saved meal is missing nothing — + lists meals missing more.")
        : tr("No saved meal is missing at most %d — + lists meals missing more.").filled(
          String(most))
    let width = layout.list.area.width
    let nameWidth = min(longestName, max(12, width * 2 / 5))
    list.render(into: &canvas, in: layout.list, empty: empty) { canvas, line, meal in
      let parts = line.content.split(.horizontal, [.fixed(nameWidth), .fixed(2), .fill])
      canvas.writeTruncated(meal.name, in: parts[0], style: .title)
      canvas.writeTruncated(
        meal.missing.isEmpty
          ? tr("nothing missing") : tr("missing: %s").filled(meal.missing.joined(separator: ", ")),
        in: parts[2], style: meal.missing.isEmpty ? .plain : .muted)
    }
  }
}

extension CanCookScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("can-cook", "What can I cook (`C` on My Meals)")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first (`+`/`-` here change what is listed), then the list's.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<CanCookScreen>] {
    KeyLink.list(keys, does: { $0.perform($1) }, moves: { $0.move($1) })
  }
}
