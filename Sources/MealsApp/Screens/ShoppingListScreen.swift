import Files
import FoundationEssentials
import MealsCore
import MealsStore
import TerminalUI
import Translation

/// The shopping list: one row per ingredient, its amounts added up, the meals it is for.
///
/// `Space` ticks a row (ticked rows dim and sink), `x` removes the ticked ones (after a
/// question), `e` writes the list as Markdown checkboxes to a file, `y` copies it to the
/// clipboard (OSC 52). Kept in the database, so it survives restarts and another `meals`
/// sees changes within a second.
public final class ShoppingListScreen: Screen {
  enum Action: String, Sendable {
    case tick, removeTicked, export, copy, units, buyAnyway, aisle, shop
  }

  static let keys = KeyTable<Action>(
    "shopping-list",
    [
      KeyBinding(
        [.character(" ")], .tick, tr("tick / untick"), label: "Space",
        detail:
          "tick or untick a row (ticked rows dim and sink; the cursor goes on to the next row still to buy)"
      ),
      KeyBinding([.character("x")], .removeTicked, tr("remove ticked rows (asks first)")),
      KeyBinding(
        [.character("e")], .export, tr("export as Markdown to a file"),
        detail:
          "export as Markdown checkboxes to a file (asks where; `shopping-list.md` in the current folder by default; asks before replacing a file)"
      ),
      KeyBinding(
        [.character("y")], .copy, tr("copy as Markdown (to the clipboard)"),
        detail:
          "copy the list as Markdown to the clipboard (OSC 52, which works over ssh; inside tmux also tmux's paste buffer)"
      ),
      MealActions.units(.units),
      KeyBinding(
        [.character("a")], .aisle, tr("aisle"), footer: false,
        detail:
          "put the row's food in an aisle of the shop (typed, or one listed): the list follows the shop's aisles, kept in `aisle.conf` (CookCLI's file) in the sync folder, else the config folder"
      ),
      KeyBinding(
        [.character("s")], .shop, tr("next shop"), footer: false,
        detail:
          "the list in the next shop's order: each shop has its aisles in a file of its own beside `aisle.conf` (`aisle-Lidl.conf`; `set shop = Lidl` starts in it, and a there makes it)"
      ),
      KeyBinding(
        [.character("A")], .buyAnyway, tr("buy anyway"), footer: false,
        detail:
          "buy a row that is at home anyway (the pantry has it: such rows are shown apart, after the rest, and left out of what `e` and `y` write); again to leave it at home"
      ),
    ])

  /// Where `e` writes, in the current folder, unless another path is typed.
  static let defaultFile = "shopping-list.md"

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  /// The rows, an ingredient each (its name the id), in the shop's aisles when it has some:
  /// each aisle's name over its first row to buy, `Ticked` over the ticked, `At home` over
  /// the rows not to buy.
  private let list = ListPane<ShoppingRow, String>(
    id: \.name,
    heading: ShoppingList.heading(over:after:))
  /// The shop's aisles as last read (nil: none, the list in name order).
  private var aisles: Aisles?
  private var rows: [ShoppingRow] { list.rows }
  /// The items as read, and the units the rows were added up in.
  private var items: [ShoppingItem] = []
  private var rowsUnits = UnitConversion.asWritten
  /// What the pantry holds, so the rows it has are shown apart (not the staples: a list with
  /// salt on it was made by someone out of salt).
  private var pantry = Pantry()

  init(context: AppContext) {
    self.context = context
    list.listen(to: context.store, redrawing: context.navigator)
  }

  public var title: String { tr("Shopping List") }
  public var keyHelp: [KeyHelp] { MealActions.unitsHelp(chainHelp, context.units) }

  /// The count on the first row, the list under it.
  private func layout(in area: Rect) -> (headline: Rect, list: ListView) {
    let rows = area.split(.vertical, [.fixed(1), .fill])
    return (rows[0], ListView(area: rows[1]))
  }

  /// The update step: the list read again when the store changed (a read that fails keeps
  /// the rows shown and is said), its rows added up again when the units changed elsewhere.
  public func prepare(in area: Rect) {
    let store = context.store
    let units = context.units
    let read = list.prepare(
      read: { () throws(StoreError) in
        items = try store.readShoppingItems()
        pantry = Pantry(items: try store.readPantryItems(), staples: [])
        rowsUnits = units
        readAisles()
        return ShoppingList.rows(items, units: units, pantry: pantry, aisles: aisles)
      }, failed: context.readFailed)
    guard !read, rowsUnits != units else { return }
    list.show(ShoppingList.rows(items, units: units, pantry: pantry, aisles: aisles))
    rowsUnits = units
  }

  /// The shop's aisles from `aisle.conf`; a file that cannot be read is said, and the list
  /// keeps its own order.
  private func readAisles() {
    do {
      aisles = try context.aisleFile?.aisles()
    } catch {
      aisles = nil
      context.navigator.showError("\(AisleFile.name): \(error.message)")
    }
  }

  // MARK: - Keys

  /// The navigator runs the update step first when a frame is due (`Navigator.catchUp`).
  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func move(_ move: ListState.Move) {
    list.apply(move, pageSize: layout(in: context.navigator.body).list.pageSize)
  }

  private func perform(_ action: Action) {
    switch action {
    case .tick:
      guard let row = list.selected else { return }
      // Ticked, the row sinks; the cursor goes on to the next row still to buy, as in Cook
      // Mode's checklist (unticked, the row rises and the cursor goes with it).
      let next = row.ticked ? nil : nextUnticked(after: list.state.selection)
      let store = context.store
      let stocks = context.pantryFromShopping && !row.ticked
      context.write { () throws(StoreError) in
        try store.setTicked(!row.ticked, items: row.itemIDs)
        // Bought: at home now (`set pantry-from-shopping`).
        if stocks { try store.addToPantry([Pantry.Item(name: row.name)]) }
      }
      if let next { list.select(id: next) }
    case .buyAnyway:
      guard let row = list.selected else { return }
      let anyway = row.atHome
      guard anyway || pantry.has(row.name) else {
        context.navigator.showInfo(
          tr("“%s” is not at home: it is to buy already.").filled(Quote.name(row.name)))
        return
      }
      let store = context.store
      context.write { () throws(StoreError) in
        try store.setBuyAnyway(anyway, items: row.itemIDs)
      }
      context.navigator.showInfo(
        anyway
          ? tr("“%s” is to buy, although it is at home.").filled(Quote.name(row.name))
          : tr("“%s” is at home again: not to buy.").filled(Quote.name(row.name)))
    case .aisle: askAisle()
    case .shop: nextShop()
    case .units:
      context.cycleUnits()
      prepare(in: context.navigator.body)
    case .removeTicked:
      let ticked = rows.filter(\.ticked).count
      guard ticked > 0 else {
        context.navigator.showInfo(tr("Nothing is ticked: Space ticks a row."))
        return
      }
      context.navigator.present(
        ConfirmPrompt(
          trn("Remove the ticked row? (y/n)", "Remove %d ticked rows? (y/n)", ticked)
        ) {
          [weak self] in
          guard let self else { return }
          let store = context.store
          context.write(
            by: self, { () throws(StoreError) in try store.removeTickedShoppingItems() },
            then: { screen, _ in
              screen.context.navigator.showInfo(
                trn("Removed %d row.", "Removed %d rows.", ticked))
            })
        })
    case .export:
      askWhereToExport()
    case .copy:
      guard !rows.isEmpty else {
        context.navigator.showInfo(tr("The shopping list is empty: nothing to copy."))
        return
      }
      let whereTo = Clipboard.copy(ShoppingList.markdown(rows), context: context)
      context.navigator.showInfo(
        tr("Copied the shopping list (%1$s) as Markdown %2$s.").filled(
          Self.rowCount(rows.filter { !$0.atHome }.count), whereTo))
    }
  }

  /// The list in the next shop's order (the shops that have a file, the usual one first).
  private func nextShop() {
    guard let current = context.aisleFile, let next = current.nextShop() else {
      context.navigator.showError(AisleFile.noFolder)
      return
    }
    guard next != current else {
      context.navigator.showInfo(
        tr(
          "One shop: another is a file of its own beside %s (aisle-Lidl.conf; set shop = Lidl, then a, makes it)."
        ).filled(AisleFile.name))
      return
    }
    context.aisleFile = next
    list.markStale(redrawing: context.navigator)
    context.navigator.showInfo(tr("In the order of %s.").filled(Self.shopName(next)))
  }

  /// `Lidl (aisle-Lidl.conf)`, `the usual shop (aisle.conf)`.
  static func shopName(_ file: AisleFile) -> String {
    let name = PathText.name(file.path)
    return file.shop.map { "\($0) (\(name))" } ?? tr("the usual shop (%s)").filled(name)
  }

  /// Asks which aisle the selected row's food is in (the aisles there are offered), then
  /// writes it to `aisle.conf`.
  private func askAisle() {
    guard let row = list.selected else { return }
    guard let file = context.aisleFile else {
      context.navigator.showError(AisleFile.noFolder)
      return
    }
    let known = aisles?.aisles.map(\.name) ?? []
    let offered = known.isEmpty ? "" : " (\(known.prefix(6).joined(separator: ", ")))"
    context.navigator.present(
      TextPrompt(
        label: tr("Aisle for “%1$s”%2$s:").filled(Quote.name(row.name), offered),
        text: row.aisle == Aisles.other ? "" : row.aisle ?? "",
        hint: tr("Enter to put it there · Esc to cancel"), action: tr("aisle")
      ) { [weak self] text in
        guard let self else { return nil }
        let aisle = MealRules.trimmed(text)
        guard !aisle.isEmpty, !aisle.contains("|"), !aisle.contains("]"), !aisle.contains("\n")
        else { return tr("Type an aisle's name (no “|” or “]”).") }
        do {
          try file.move(row.name, to: aisle)
        } catch {
          return tr("Cannot write %1$s: %2$s").filled(file.path, AtomicFile.reason(of: error))
        }
        list.markStale(redrawing: context.navigator)
        list.select(id: row.name)
        context.navigator.showInfo(
          tr("“%1$s” is in %2$s now (%3$s).").filled(Quote.name(row.name), aisle, file.path))
        return nil
      })
  }

  /// The name of the first unticked row after `index`, else the first before it.
  private func nextUnticked(after index: Int) -> String? {
    let later = rows[(index + 1)...].first { !$0.ticked }
    return (later ?? rows[..<index].first { !$0.ticked })?.name
  }

  // MARK: - Export

  private func askWhereToExport() {
    guard !rows.isEmpty else {
      context.navigator.showInfo(tr("The shopping list is empty: nothing to export."))
      return
    }
    FileExport.ask(
      tr("Export the shopping list to"), offering: Self.defaultFile, navigator: context.navigator,
      contents: { [rows] in Array(ShoppingList.markdown(rows).utf8) },
      written: { [rows] in
        tr("Wrote the shopping list (%1$s) to %2$s.").filled(
          Self.rowCount(rows.filter { !$0.atHome }.count), $0)
      })
  }

  /// The meals a row is for are shown only with room for `for ` and a name's start.
  static let leastMealsWidth = 12

  /// `1 row`, `3 rows`.
  static func rowCount(_ count: Int) -> String { trn("%d row", "%d rows", count) }

  // MARK: - Mouse

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    prepare(in: area)
    guard list.click(event, in: layout(in: area).list) != nil else { return true }
    if event.clicks >= 2 { perform(.tick) }
    return true
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let ticked = rows.filter(\.ticked).count
    let atHome = rows.filter(\.atHome).count
    var headline = Self.rowCount(rows.count - atHome)
    if ticked > 0 { headline += " · " + trn("%d ticked", "%d ticked", ticked) }
    if atHome > 0 { headline += " · " + trn("%d at home", "%d at home", atHome) }
    if context.units.system != .asWritten { headline += " · " + context.units.system.label }
    if let shop = context.aisleFile?.shop { headline += " · " + shop }
    let layout = layout(in: area)
    canvas.writeRight(headline, in: layout.headline)
    let listWidth = layout.list.area.width
    let amountWidth = min(
      max(8, listWidth / 4), (rows.map { TextWidth.columns(of: $0.amounts) }.max() ?? 0))
    let longestName = rows.map { TextWidth.columns(of: $0.name) }.max() ?? 0
    let empty =
      tr(
        "The shopping list is empty. l on a meal (My Meals, Meal Detail, Cook Mode) adds its ingredients."
      )
    list.render(into: &canvas, in: layout.list, empty: empty) { canvas, line, row in
      let style: Style = row.ticked || row.atHome ? .muted : .plain
      // The box, the amounts, the name, then the meals it is for — only where "for …" has
      // room to say something; otherwise the name takes the rest of the row.
      let rest = max(0, line.content.width - 4 - amountWidth - 2)
      var nameWidth = min(max(10, listWidth / 3), longestName)
      if rest - nameWidth - 2 < Self.leastMealsWidth { nameWidth = rest }
      let parts = line.content.split(
        .horizontal,
        [.fixed(4), .fixed(amountWidth), .fixed(2), .fixed(nameWidth), .fixed(2), .fill])
      canvas.writeTruncated(
        row.atHome ? " ⌂  " : row.ticked ? "[x] " : "[ ] ", in: parts[0], style: style)
      canvas.writeTruncated(DecimalText.shown(row.amounts), in: parts[1], style: style)
      canvas.writeTruncated(
        row.name, in: parts[3], style: row.ticked || row.atHome ? .muted : .title)
      if nameWidth < rest {
        canvas.writeTruncated(
          (row.atHome ? tr("at home · for %s") : tr("for %s")).filled(
            row.meals.joined(separator: ", ")),
          in: parts[5], style: .muted)
      }
    }
  }
}

extension ShoppingListScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("shopping-list", "Shopping List")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first (Space ticks here, rather than turning the page), then the
  /// list's.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<ShoppingListScreen>] {
    KeyLink.list(keys, does: { $0.perform($1) }, moves: { $0.move($1) })
  }
}
