import MealsCore
import MealsStore
import TerminalUI
import Translation

/// The pantry: what is at home, one item a row (its amount beside it), for What can I cook.
///
/// `a` adds items (`6 eggs, flour`), `d` takes the selected one out (`u` puts it back), `/`
/// shows only the items whose names hold a text, `C` opens What can I cook.
public final class PantryScreen: Screen {
  enum Action: String, Sendable { case add, remove, undo, filter, clearFilter, canCook }

  static let keys = KeyTable<Action>(
    "pantry",
    [
      KeyBinding(
        [.character("a")], .add, tr("add"),
        detail:
          "add items: names, or amounts and names, separated by commas (`6 eggs, flour, 1 kg rice`); an item already there takes the new amount"
      ),
      KeyBinding(
        [.character("d"), .delete], .remove, tr("remove"), label: "d",
        detail: "take the item out of the pantry (`u` puts it back)"),
      KeyBinding(
        [.character("u")], .undo, tr("put back"), footer: false,
        detail: "put back the item taken out last"),
      KeyBinding(
        [.character("/")], .filter, tr("filter"),
        detail: "show only the items whose names hold a text"),
      KeyBinding([.character("C")], .canCook, tr("what can I cook")),
      KeyBinding([.escape], .clearFilter, tr("clear the filter"), footer: false),
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  /// Every item, as read.
  private var items: [Pantry.Item] = []
  /// The items whose names hold `filter`, in the order added.
  private let list = ListPane<Pantry.Item, String> { $0.key }
  private var filter = ""
  /// The items taken out, the last one last, for `u`.
  private var removed: [Pantry.Item] = []
  /// The staples the headline names: the default ones as the language names them (the
  /// English ones are kept for matching, not shown), worked out once.
  private let staples: [String]

  init(context: AppContext) {
    self.context = context
    staples =
      context.staples == Pantry.defaultStaples ? Pantry.defaultStaplesShown : context.staples
    list.listen(to: context.store, redrawing: context.navigator)
  }

  public var title: String { tr("Pantry") }
  public var keyHelp: [KeyHelp] { chainHelp }

  /// The count on the first row, the list under it.
  private func layout(in area: Rect) -> (headline: Rect, list: ListView) {
    let rows = area.split(.vertical, [.fixed(1), .fill])
    return (rows[0], ListView(area: rows[1]))
  }

  /// The update step: the pantry read again when the store changed.
  public func prepare(in area: Rect) {
    let store = context.store
    list.prepare(
      read: { () throws(StoreError) in
        items = try store.readPantryItems()
        return filtered()
      }, failed: context.readFailed)
  }

  /// The items whose names hold the filter.
  private func filtered() -> [Pantry.Item] {
    let wanted = TextFolding.key(filter)
    return wanted.isEmpty ? items : items.filter { TextFolding.key($0.name).contains(wanted) }
  }

  // MARK: - Keys

  /// The navigator runs the update step first when a frame is due (`Navigator.catchUp`).
  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func move(_ move: ListState.Move) {
    list.apply(move, pageSize: layout(in: context.navigator.body).list.pageSize)
  }

  private func perform(_ action: Action) {
    switch action {
    case .add:
      context.navigator.present(
        TextPrompt(label: tr("Add to the pantry (6 eggs, flour):")) { [weak self] text in
          self?.add(text)
        })
    case .remove:
      guard let item = list.selected else { return }
      let store = context.store
      context.write(
        by: self, { () throws(StoreError) in try store.removeFromPantry([item.name]) },
        then: { screen, _ in
          screen.removed.append(item)
          screen.context.navigator.showInfo(
            tr("Took “%s” out of the pantry — u puts it back.").filled(Quote.name(item.name)))
        })
    case .undo:
      guard let item = removed.popLast() else {
        context.navigator.showInfo(tr("Nothing was taken out of the pantry here."))
        return
      }
      put([item], saying: tr("Put “%s” back in the pantry.").filled(Quote.name(item.name)))
    case .filter:
      context.navigator.present(
        TextPrompt(
          label: tr("Show the items whose names hold:"), text: filter,
          hint: tr("Enter to filter · Esc to cancel"), action: tr("filter")
        ) { [weak self] text in
          guard let self else { return nil }
          filter = MealRules.trimmed(text)
          list.show(filtered())
          return nil
        })
    case .clearFilter:
      guard !filter.isEmpty else { return }
      filter = ""
      list.show(filtered())
    case .canCook:
      context.navigator.push(CanCookScreen(context: context))
    }
  }

  /// Adds the items `text` names (`6 eggs, flour`); an error message keeps the prompt open.
  private func add(_ text: String) -> String? {
    let items = text.split(separator: ",").map { Pantry.Item(line: String($0)) }
      .filter { !$0.key.isEmpty }
    guard !items.isEmpty else {
      return tr("Type what is at home: a name, or an amount and a name.")
    }
    let names = items.map { Quote.name($0.line) }
    put(items, saying: tr("Added to the pantry: %s.").filled(names.joined(separator: ", ")))
    return nil
  }

  private func put(_ items: [Pantry.Item], saying message: String) {
    let store = context.store
    let key = items.last?.key
    context.write(
      by: self, { () throws(StoreError) in try store.addToPantry(items) },
      then: { screen, _ in
        screen.context.navigator.showInfo(message)
        if let key { screen.list.select(id: key) }
      })
  }

  // MARK: - Mouse

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    prepare(in: area)
    _ = list.click(event, in: layout(in: area).list)
    return true
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    var headline = trn("%d item", "%d items", items.count)
    if !filter.isEmpty {
      headline = trn(
        "%1$d of %2$s hold “%3$s”", "%1$d of %2$s hold “%3$s”", list.rows.count, headline, filter)
    }
    let layout = layout(in: area)
    let full =
      headline
      + " · "
      + (staples.isEmpty
        ? tr("no staples") : tr("always: %s").filled(staples.joined(separator: ", ")))
    canvas.writeRight(
      TextWidth.columns(of: full) <= layout.headline.width ? full : headline, in: layout.headline,
      style: .muted)
    let empty =
      items.isEmpty
      ? tr(
        "The pantry is empty. a adds what is at home (6 eggs, flour); C then lists the meals you can cook from it."
      )
      : tr("No item's name holds “%s”. Esc shows them all.").filled(filter)
    let longest = list.rows.map { TextWidth.columns(of: $0.name) }.max() ?? 0
    let nameWidth = min(longest, max(10, layout.list.area.width * 2 / 3))
    list.render(into: &canvas, in: layout.list, empty: empty) { canvas, line, item in
      let parts = line.content.split(.horizontal, [.fixed(nameWidth), .fixed(2), .fill])
      canvas.writeTruncated(item.name, in: parts[0], style: .title)
      canvas.writeTruncated(item.amount, in: parts[2], style: .muted)
    }
  }
}

extension PantryScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("pantry", "Pantry (`H` on My Meals)")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first (Esc clears a filter, else goes back), then the list's.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<PantryScreen>] {
    [
      .table(keys) { screen, action in
        guard action != .clearFilter || !screen.filter.isEmpty else { return false }
        screen.perform(action)
        return true
      },
      .lines([.back]), .table(ListState.keys, does: { $0.move($1) }),
    ]
  }
}
