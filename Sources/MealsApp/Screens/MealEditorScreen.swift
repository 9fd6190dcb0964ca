import MealsCore
import MealsStore
import TerminalUI
import Translation

/// Create/Edit Meal: Name, Instructions, Ingredients and `+ Add ingredient`, all on a draft.
///
/// Nothing reaches the meal until Save, which commits the draft in one transaction; going back
/// discards it (asking first when it has changes). Meanwhile a copy of the draft is kept in
/// the database (about a second after each change, and at once before an exit or a suspend),
/// so a crash or a signal loses nothing: the next start offers to recover it.
public final class MealEditorScreen: Screen {
  enum Action: String, Sendable {
    case open, addIngredient, remove, moveUp, moveDown, group, save, back, favourite, undo
    case photo
  }

  /// A selectable row of the editor.
  enum Item: Equatable {
    case name
    case instructions
    case ingredient(Int)
    case addIngredient
    case detail(Detail)
  }

  /// The user's own fields, in the DETAILS section after the ingredients.
  enum Detail: CaseIterable, Equatable {
    case favourite, category, area, tags, servings, totalTime, difficulty, rating

    var label: String {
      switch self {
      case .favourite: tr("Favourite")
      case .category: tr("Category")
      case .area: tr("Area")
      case .tags: tr("Tags")
      case .servings: tr("Servings")
      case .totalTime: tr("Total time")
      case .difficulty: tr("Difficulty")
      case .rating: tr("Rating")
      }
    }

    /// The labels' column: as wide as the longest in the user's language (`Schwierigkeit`),
    /// 12 at least, 20 at most, worked out once.
    static let labelColumns = min(
      20, max(12, allCases.map { TextWidth.columns(of: $0.label) }.max() ?? 12))
  }

  static let keys = KeyTable<Action>(
    "meal-editor",
    [
      KeyBinding(
        [.enter], .open, tr("edit"),
        detail:
          "edit name / instructions / add an ingredient; on Details rows: set that field"),
      KeyBinding(
        [.character("i")], .addIngredient, tr("add ingredient"),
        detail: "add an ingredient (from any row)"),
      KeyBinding([.character("f")], .favourite, tr("favourite on/off")),
      KeyBinding(
        [.character("P")], .photo, tr("set the photo"), footer: false,
        detail:
          "give the meal a photo of its own from a file (JPEG, PNG or WebP, by its path); an empty path takes the photo away; saved with the meal"
      ),
      KeyBinding(
        [.character("d"), .delete], .remove, tr("remove ingredient"), label: "d",
        detail: "remove the selected ingredient row"),
      KeyBinding(
        [.character("K"), .shiftUp], .moveUp, tr("move the ingredient up"), label: "K/Shift-↑",
        footer: false),
      KeyBinding(
        [.character("J"), .shiftDown], .moveDown, tr("move the ingredient down"),
        label: "J/Shift-↓",
        footer: false),
      KeyBinding(
        [.character("H")], .group, tr("list under a heading"), footer: false,
        detail:
          "on an ingredient: the heading it and the rows after it in its group are listed under (`For the sauce`); empty: no heading"
      ),
      KeyBinding(
        [.character("u")], .undo, tr("undo"), footer: false,
        detail:
          "undo the last change to the draft (a removed ingredient comes back), again and again"),
      KeyBinding([.ctrl("s"), .character("s")], .save, tr("save"), label: "s/Ctrl-S"),
      KeyBinding(
        [.escape, .character("q")], .back, tr("back (discard)"), label: "Esc",
        detail: "back, asking `Discard changes? (y/n)` when there are changes"),
    ])

  /// Digits set the Rating (0–5) and the Difficulty (0 none, 1–3) on their rows.
  static let digitHelp = KeyHelp(
    keys: "0–5", text: tr("rating / difficulty on their rows"), inFooter: false,
    detail:
      "on Rating: the rating; on Difficulty: `1` Beginner, `2` Intermediate, `3` Advanced, `0` none"
  )

  /// Said when the editor opens on a read-only database, and at every change refused there.
  static var readOnlyMessage: String {
    tr("The database is open read-only: this meal can be read, not changed.")
  }
  static var readOnlyNewMeal: String {
    tr("The database is open read-only: no meal can be created.")
  }

  /// How long after the last change the draft is kept.
  static let keepDelay: UInt64 = 1_000

  public weak var delegate: MealEditorScreenDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  unowned let context: AppContext
  /// Edited here and by the details rows (MealEditorScreen+Details.swift).
  public internal(set) var draft: MealDraft {
    didSet {
      guard draft != oldValue else { return }
      builtForm = nil
      scheduleKeep()
      if !undoing { history = Array((history + [oldValue]).suffix(Self.historyLimit)) }
    }
  }
  /// The draft before each change, for `u` (the latest last).
  private var history: [MealDraft] = []
  private var undoing = false
  static let historyLimit = 200
  private var list = ListState()
  /// The first line of the form shown, as last scrolled.
  private var top = 0
  /// The form as last built: kept until the draft or the width changes.
  private var builtForm: MealEditorForm?
  /// The database row holding the kept copy of the draft, once there is one.
  public private(set) var keptSlot: Int64?
  private var keepDeadline: UInt64?
  /// Text typed in Edit Name / Edit Instructions but not saved there yet: kept with the draft.
  private var typedName: String?
  private var typedInstructions: String?
  /// The ingredient row whose ingredient the picker is changing.
  private var replacingIndex: Int?

  /// `keptSlot` continues a draft recovered from an earlier session.
  init(context: AppContext, draft: MealDraft, keptSlot: Int64? = nil) {
    self.context = context
    self.draft = draft
    self.keptSlot = keptSlot
  }

  public var title: String {
    let name = MealRules.trimmed(draft.name)
    return name.isEmpty ? tr("New Meal") : name
  }

  /// Enter on an ingredient row edits its quantity; Tab in that prompt changes the ingredient.
  static let ingredientHelp = KeyHelp(
    keys: "Enter", text: tr("on an ingredient: its quantity (Tab there: another ingredient)"),
    inFooter: false)

  public var keyHelp: [KeyHelp] { chainHelp }

  /// The item under the selection bar.
  var selectedItem: Item { form.item(at: list.selection) }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func move(_ move: ListState.Move) {
    list.apply(move, count: form.items.count, pageSize: view(in: context.navigator.body).pageSize)
    followSelection()
  }

  /// The digit a key types on the Rating or Difficulty row; nil elsewhere.
  private func digit(_ key: Key) -> (Int, Detail)? {
    guard case .character(let character) = key, let digit = character.wholeNumberValue,
      case .detail(let detail) = selectedItem, detail == .rating || detail == .difficulty
    else { return nil }
    return (digit, detail)
  }

  private func typeDigit(_ key: Key) -> Bool {
    guard let (digit, detail) = digit(key) else { return false }
    setDigit(digit, on: detail)
    return true
  }

  /// Read-only: every change is refused as it is tried, before anything is typed.
  private func refuse(_ key: Key) -> Bool {
    guard Self.keys.action(for: key) != nil || digit(key) != nil else { return false }
    context.navigator.showError(Self.readOnlyMessage)
    return true
  }

  private func perform(_ action: Action) {
    switch action {
    case .open: open(selectedItem)
    case .addIngredient: open(.addIngredient)
    case .remove: removeSelectedIngredient()
    case .moveUp: moveSelectedIngredient(by: -1)
    case .moveDown: moveSelectedIngredient(by: 1)
    case .save: save()
    case .back: back()
    case .favourite: draft.meal.favourite.toggle()
    case .undo: undo()
    case .photo: choosePhoto()
    case .group: chooseGroup()
    }
  }

  /// `H`: the heading the selected ingredient and the rest of its group are listed under.
  private func chooseGroup() {
    guard case .ingredient(let index) = selectedItem else {
      context.navigator.showInfo(tr("H lists ingredients under a heading: select one first."))
      return
    }
    let row = draft.ingredients[index]
    let prompt = TextPrompt(
      label: tr("Heading from %s on:").filled(row.name), text: row.group,
      hint: tr("Enter to set (`For the sauce`) · empty: no heading · Esc to cancel"),
      action: tr("set")
    ) { [weak self] text in
      guard let self, self.draft.ingredients.indices.contains(index) else { return nil }
      let title = MealRules.trimmed(text)
      let changed = self.draft.setGroup(title, from: index)
      guard changed > 0 else { return nil }
      self.context.navigator.showInfo(
        title.isEmpty
          ? trn(
            "%d ingredient under no heading (not saved yet) — u undoes it.",
            "%d ingredients under no heading (not saved yet) — u undoes it.", changed)
          : trn(
            "%d ingredient under “%s” (not saved yet) — u undoes it.",
            "%d ingredients under “%s” (not saved yet) — u undoes it.", changed,
            Quote.name(title)))
      return nil
    }
    context.navigator.present(prompt)
  }

  /// `P`: a photo of the meal's own from a file's path (an empty path takes it away).
  private func choosePhoto() {
    let prompt = TextPrompt(
      label: tr("Photo file:"),
      hint: tr("a JPEG, PNG or WebP file's path · empty: no photo · Esc to cancel"),
      action: tr("set")
    ) { [weak self] text in
      guard let self else { return nil }
      let typed = MealRules.trimmed(text)
      guard !typed.isEmpty else {
        guard self.draft.meal.photo != nil else { return nil }
        self.draft.setPhoto(nil)
        self.context.navigator.showInfo(
          tr("The photo goes when the meal is saved (not saved yet)."))
        return nil
      }
      let path = ImportLinkScreen.filePath(typed.hasPrefix("/") ? typed : "./" + typed) ?? typed
      let result = PhotoFile.read(path)
      switch result {
      case .failure(let problem): return problem.message
      case .success(let photo):
        self.draft.setPhoto(photo)
        self.context.navigator.showInfo(
          tr("Photo “%s” (%s) set (not saved yet).").filled(
            Quote.name(PathText.name(path)), PhotoFile.size(photo.bytes.count)))
        return nil
      }
    }
    context.navigator.present(prompt)
  }

  /// `u`: the draft as it was before its last change (nothing is saved until `s`).
  private func undo() {
    guard let previous = history.popLast() else {
      context.navigator.showInfo(tr("Nothing to undo in this meal."))
      return
    }
    undoing = true
    draft = previous
    undoing = false
    list.clamp(count: form.items.count)
    followSelection()
    context.navigator.showInfo(tr("Undid the last change (not saved yet)."))
  }

  private func open(_ item: Item) {
    switch item {
    case .name:
      let screen = EditNameScreen(name: draft.name)
      screen.delegate = self
      context.navigator.push(screen)
    case .instructions:
      let screen = EditInstructionsScreen(context: context, instructions: draft.instructions)
      screen.delegate = self
      context.navigator.push(screen)
    case .addIngredient:
      let screen = AddIngredientScreen(context: context)
      screen.delegate = self
      context.navigator.push(screen)
    case .ingredient(let index):
      editQuantity(at: index)
    case .detail(let detail):
      edit(detail)
    }
  }

  /// The row's quantity in a prefilled prompt; Tab there chooses another ingredient instead.
  private func editQuantity(at index: Int) {
    guard draft.ingredients.indices.contains(index) else { return }
    let row = draft.ingredients[index]
    let prompt = TextPrompt(
      label: tr("Quantity of %s:").filled(row.name), text: row.quantity,
      hint: tr("Enter to set · Tab: another ingredient · Esc to cancel"), action: tr("set"),
      alternative: (
        .tab, tr("another ingredient"), { [weak self] in self?.changeIngredient(at: index) }
      )
    ) { [weak self] text in
      guard let self, self.draft.ingredients.indices.contains(index) else { return nil }
      let quantity = MealRules.trimmed(text)
      guard quantity != row.quantity else { return nil }
      // A line that came without a measure may stay so; a typed one is never emptied.
      if let broken = MealRules.checkQuantity(quantity) { return broken.message }
      self.draft.replaceIngredient(
        at: index,
        with: IngredientMeasurement(name: row.name, quantity: quantity, group: row.group))
      self.context.navigator.showInfo(tr("%s: %s (not saved yet).").filled(row.name, quantity))
      return nil
    }
    context.navigator.present(prompt)
  }

  /// The picker, to put another ingredient in the row (its quantity kept).
  private func changeIngredient(at index: Int) {
    guard draft.ingredients.indices.contains(index) else { return }
    replacingIndex = index
    let screen = AddIngredientScreen(context: context, replacing: draft.ingredients[index])
    screen.delegate = self
    context.navigator.push(screen)
  }

  /// Moves the selected ingredient row up or down (the order of a recipe matters).
  private func moveSelectedIngredient(by offset: Int) {
    guard case .ingredient(let index) = selectedItem else {
      context.navigator.showInfo(tr("K and J move ingredient rows: select one first."))
      return
    }
    guard let moved = draft.moveIngredient(at: index, by: offset) else { return }
    list.select(form.index(of: .ingredient(moved)) ?? list.selection, count: form.items.count)
    followSelection()
  }

  private func removeSelectedIngredient() {
    guard case .ingredient(let index) = selectedItem else {
      context.navigator.showInfo(tr("Only ingredient rows can be removed."))
      return
    }
    let removed = draft.ingredients[index]
    draft.removeIngredient(at: index)
    list.clamp(count: form.items.count)
    context.navigator.showInfo(
      tr("Removed %s (not saved yet) — u puts it back.").filled(removed.name))
  }

  /// Commits the draft (and forgets its kept copy); refused with a message when the name or
  /// instructions are empty.
  public func save() {
    // Closed while the save waited for a lock (discarded): the user chose not to save.
    context.writeWhileOpen(by: self) { editor throws(StoreError) in
      let context = editor.context
      let id = try context.store.commit(editor.draft, discardingDraft: editor.keptSlot)
      editor.keptSlot = nil
      editor.keepDeadline = nil
      let name = MealRules.trimmed(editor.draft.name)
      let twins = context.store.mealIDs(named: name).filter { $0 != id }.count
      context.navigator.showInfo(
        tr("Saved “%s”.").filled(Quote.name(name))
          + (twins == 0
            ? ""
            : " "
              + trn(
                "Another meal has this name too.", "%d other meals have this name too.", twins)))
      editor.delegate?.mealEditorScreen(editor, didSaveMealWithID: id)
    }
  }

  private func back() {
    let navigator = context.navigator
    guard draft.hasChanges else {
      forgetKeptDraft()
      navigator.close(self, discarding: false, asking: "")
      return
    }
    navigator.close(self, discarding: true, asking: tr("Discard changes? (y/n)")) {
      [weak self, weak navigator] in
      self?.forgetKeptDraft()
      navigator?.showInfo(tr("Changes discarded."))
    }
  }

  // MARK: - Keeping the draft

  private func scheduleKeep() {
    // A read-only database keeps nothing behind the user's back; Done says why it cannot save.
    guard !context.store.isReadOnly else { return }
    keepDeadline = context.navigator.now() + Self.keepDelay
  }

  /// The draft as it would be recovered: with text typed in a child screen but not saved yet.
  var draftToKeep: MealDraft {
    var kept = draft
    if let typedName { kept.name = typedName }
    if let typedInstructions { kept.instructions = typedInstructions }
    return kept
  }

  /// Writes the kept copy now (or removes it when nothing differs from the meal any more).
  private func keepNow() {
    keepDeadline = nil
    let kept = draftToKeep
    do {
      if kept.hasChanges {
        keptSlot = try context.store.keepDraft(kept, slot: keptSlot)
      } else {
        forgetKeptDraft()
      }
    } catch  where error.kind == .busy {
      scheduleKeep()  // another program is writing: the copy is kept a moment later
    } catch {
      context.navigator.showError(tr("Unsaved changes could not be kept: %s").filled(error.message))
    }
  }

  private func forgetKeptDraft() {
    keepDeadline = nil
    guard let slot = keptSlot else { return }
    keptSlot = nil
    let store = context.store
    context.write { () throws(StoreError) in try store.discardDraft(slot: slot) }
  }

  public var nextDeadline: UInt64? { keepDeadline }

  public func tick(now: UInt64) -> Bool {
    guard let deadline = keepDeadline, now >= deadline else { return false }
    keepNow()
    return false
  }

  public func keepUnsavedWork() {
    if keepDeadline != nil { keepNow() }
  }

  /// Back from a child: what it was typing is either in the draft now or cancelled.
  public func willAppear() {
    guard typedName != nil || typedInstructions != nil else { return }
    typedName = nil
    typedInstructions = nil
    scheduleKeep()
  }

  // MARK: - Layout

  /// The form fills the body; its rows sit a column in, under their headings.
  private func view(in area: Rect) -> ListView { ListView(area: area, indent: 1) }

  /// The width the instructions' first rows are wrapped to: the form less its indent, the
  /// marker and its gap, and margins (6 columns).
  private func textWidth(_ view: ListView) -> Int { max(10, view.area.width - 6) }

  /// The form for a view `width` columns wide: the one built last unless the draft or the
  /// width changed since.
  private func form(width: Int) -> MealEditorForm {
    if let builtForm, builtForm.width == width { return builtForm }
    let form = MealEditorForm(draft: draft, width: width)
    builtForm = form
    return form
  }

  /// The form at the window's size now.
  private var form: MealEditorForm { form(width: textWidth(view(in: context.navigator.body))) }

  /// Scrolls so the selected item's lines are in view, at the window's size now.
  private func followSelection() {
    top = form.top(
      from: top, selection: list.selection, height: view(in: context.navigator.body).area.height)
  }

  // MARK: - Mouse

  /// A click selects the row's item; twice does what Enter does.
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    let view = view(in: area)
    let form = form(width: textWidth(view))
    let start = form.top(from: top, selection: list.selection, height: view.area.height)
    guard let index = view.index(of: event, count: form.lines.count, top: start),
      let item = form.lines[index].item
    else { return true }
    list.select(item, count: form.items.count)
    followSelection()
    if event.clicks >= 2 { open(selectedItem) }
    return true
  }

  // MARK: - Rendering

  public func prepare(in area: Rect) {
    _ = form(width: textWidth(view(in: area)))
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let view = view(in: area)
    let form = form(width: textWidth(view))
    let lines = form.lines
    let start = form.top(from: top, selection: list.selection, height: view.area.height)
    let selected =
      form.itemLines.indices.contains(list.selection)
      ? form.itemLines[list.selection] : 0..<0
    let quantityWidth = min(24, max(8, area.width / 3))
    view.render(into: &canvas, count: lines.count, top: start, selected: selected) {
      canvas, row in
      switch lines[row.index] {
      case .heading(let text):
        canvas.write(
          text.uppercased(), row: row.frame.y, column: row.frame.x + view.indent, style: .key)
      case .group(let title):
        canvas.writeTruncated(title, in: row.content, style: .accent)
      case .text(_, let text, let style):
        canvas.writeTruncated(text, in: row.content, style: style)
      case .ingredient(_, let measurement):
        let nameWidth = min(36, area.width - quantityWidth - 6)
        let parts = row.content.split(
          .horizontal, [.fixed(nameWidth), .fixed(1), .fixed(quantityWidth)])
        // A group's lines sit in from its title; the quantities stay in one column.
        canvas.writeTruncated(
          measurement.name, in: measurement.group.isEmpty ? parts[0] : parts[0].inset(left: 2))
        // No quantity (salt) shows nothing.
        canvas.writeTruncated(measurement.quantity, in: parts[2], style: .muted)
      case .field(_, let label, let value, let style):
        let parts = row.content.split(
          .horizontal, [.fixed(Detail.labelColumns), .fixed(1), .fill])
        canvas.writeTruncated(label, in: parts[0], style: .muted)
        canvas.writeTruncated(value, in: parts[2], style: style)
      case .blank:
        break
      }
    }
  }
}

// MARK: - Children

extension MealEditorScreen: EditNameScreenDelegate, EditInstructionsScreenDelegate,
  AddIngredientScreenDelegate
{
  public func editNameScreen(_ screen: EditNameScreen, didSave name: String) {
    draft.name = MealRules.trimmed(name)
    context.navigator.pop(to: self)
  }

  public func editNameScreen(_ screen: EditNameScreen, didChange name: String) {
    typedName = name
    scheduleKeep()
  }

  public func editInstructionsScreen(_ screen: EditInstructionsScreen, didSave instructions: String)
  {
    draft.instructions = instructions
    context.navigator.pop(to: self)
  }

  public func editInstructionsScreen(
    _ screen: EditInstructionsScreen, didChange instructions: String
  ) {
    typedInstructions = instructions
    scheduleKeep()
  }

  public func addIngredientScreen(
    _ screen: AddIngredientScreen, didAdd measurement: IngredientMeasurement
  ) {
    // Added at the end: in the last group, as the list reads.
    var measurement = measurement
    measurement.group = draft.ingredients.last?.group ?? ""
    draft.addIngredient(measurement)
    context.navigator.pop(to: self)
    list.select(
      form.index(of: .ingredient(draft.ingredients.count - 1)) ?? list.selection,
      count: form.items.count)
    followSelection()
    context.navigator.showInfo(
      tr("Added %s (%s) — s saves the meal.").filled(measurement.name, measurement.quantity))
  }

  public func addIngredientScreen(
    _ screen: AddIngredientScreen, didReplace old: IngredientMeasurement,
    with measurement: IngredientMeasurement
  ) {
    defer { replacingIndex = nil }
    context.navigator.pop(to: self)
    guard let index = replacingIndex, draft.ingredients.indices.contains(index),
      draft.ingredients[index] == old
    else { return }
    draft.replaceIngredient(at: index, with: measurement)
    context.navigator.showInfo(tr("%s → %s (not saved yet).").filled(old.name, measurement.name))
  }
}

extension MealEditorScreen: DocumentedScreen {
  /// Editing, or reading a meal of a database open read-only (every change refused, said).
  public enum KeyMode: CaseIterable { case editing, readOnly }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .editing: .section("meal-editor", "Meal Editor")
    case .readOnly: .asAnother  // only Esc, back: the navigator's key
    }
  }
  public var keyMode: KeyMode { context.store.isReadOnly ? .readOnly : .editing }

  /// The screen's own keys first, then digits on their rows, then the list's: a key bound
  /// here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<MealEditorScreen>] {
    switch mode {
    case .editing:
      [
        .table(keys, does: { $0.perform($1) }),
        .lines([ingredientHelp]),
        .rest(help: [digitHelp]) { $0.typeDigit($1) },
        .table(ListState.keys, does: { $0.move($1) }),
      ]
    case .readOnly:
      [
        // Nothing to discard: Esc just goes back.
        .rest(help: [.back]) { screen, key in
          guard keys.action(for: key) == .back else { return false }
          screen.back()
          return true
        },
        .table(ListState.keys, does: { $0.move($1) }),
        .rest { $0.refuse($1) },
      ]
    }
  }
}
