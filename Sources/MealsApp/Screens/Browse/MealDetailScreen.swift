import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import TextSafety
import Translation

/// Meal Detail: a meal from TheMealDB, or one of My Meals (`v`), read-only.
///
/// The header (name, `Category · Area · #id`, tags) never scrolls; below it a pager holds the
/// picture, the ingredients in two columns (at the servings chosen with `+`/`-`), the
/// instructions and the links. For TheMealDB's meal `s` or Enter saves it to My Meals; for a
/// saved meal Enter edits it.
public final class MealDetailScreen: Screen, StoreListener {
  enum Action: String, Sendable {
    case save, refresh, more, fewer, units, cook, addToList, openList, copy, plan, edit, cooked
    case history
  }

  static let headerRows = 4

  public weak var delegate: BrowseDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let request: MealDBRequest
  /// The breadcrumb until the meal is loaded (the listing's name, or "Surprise me").
  private let placeholderTitle: String
  private var resource: RemoteResource<Meal?>
  private var pager = Pager()
  /// The id of this meal in My Meals, when it is there.
  private var storedID: Int64?
  /// The servings its quantities are shown for (`+`/`-`), once the meal is loaded.
  private var servings: Servings?
  private var servingsMealDBID: String?
  /// `r` was pressed: the answer is announced when it comes.
  private var refreshing = false
  /// Set for a meal of My Meals (`v`): read from the store, followed there, never fetched.
  private let savedID: Int64?
  /// The meal's cook log, the latest first, read in `prepare` once a change marks it stale.
  private var cookLog: [CookLogRow] = []
  /// The store changed since the update step last read the meal and its place.
  private var storeChanged = false
  /// The cook log is to be read at the update step (the first, and after a change).
  private var cookLogIsStale = true

  /// `known`: the meal, whole already (a search result), shown without asking TheMealDB.
  init(context: AppContext, request: MealDBRequest, title: String, known: Meal? = nil) {
    self.context = context
    self.request = request
    self.placeholderTitle = title
    savedID = nil
    pictures = context.pictures
    resource = Self.resource(for: request, context: context)
    resource.onChange = { [weak self] in self?.resourceChanged() }
    if let known {
      resource.seed(known)
    } else {
      resource.start()
    }
    context.store.addListener(self)
    updateStored()
    followMeal()
  }

  /// A meal of My Meals, to read, cook and scale without the editor (`v` on My Meals).
  init(context: AppContext, saved meal: Meal, id: Int64) {
    self.context = context
    request = .lookup(meal.mealDBID ?? "")
    placeholderTitle = MealRules.trimmed(meal.name)
    savedID = id
    pictures = context.pictures
    resource = Self.resource(for: request, context: context)
    resource.seed(meal)
    context.store.addListener(self)
    storedID = id
    followMeal()
  }

  private static func resource(for request: MealDBRequest, context: AppContext)
    -> RemoteResource<Meal?>
  {
    RemoteResource(request, remote: context.remote) { (data) throws(MealDBDecodingError) in
      try MealDBDecoder.meals(from: data).first
    }
  }

  /// Held by the screen itself: its deinit cancels the request, even as the app goes.
  private let pictures: PictureLoader

  deinit {
    if let pictureURL { pictures.cancel(pictureURL) }
  }

  /// The meal, once loaded (nil while loading, or when TheMealDB has no such meal).
  public var meal: Meal? { resource.value ?? nil }

  /// The meal's photo: TheMealDB's small variant for symbols (plenty for 40 columns of
  /// blocks), the full picture for a graphics protocol that shows real pixels.
  private var pictureURL: String? {
    guard pictures.isOn, let meal, let thumbnail = PictureLoader.address(of: meal) else {
      return nil
    }
    switch pictures.graphics {
    case nil, .truecolor: return PictureLoader.small(thumbnail)
    default: return thumbnail
    }
  }

  public var title: String {
    (meal.map { MealRules.trimmed($0.name) } ?? placeholderTitle)
      + resource.ageNote(now: context.store.clock())
  }

  /// For a meal of My Meals: Enter edits it; nothing to save or fetch.
  static let savedKeys = KeyTable<Action>(
    "saved-meal",
    [
      KeyBinding(
        [.enter, .character("e")], .edit, tr("edit"), label: "Enter", detail: "edit the meal"),
      KeyBinding(
        [.character("h")], .history, tr("history"), footer: false,
        detail:
          "the meal's saved versions: when and what changed, each readable word by word, and `r` puts one back"
      ),
    ] + mealKeys)

  /// The keys, `r` saying what it does for a random meal.
  static func keys(random: Bool) -> KeyTable<Action> {
    KeyTable(
      "meal-detail",
      [
        KeyBinding(
          [.character("s"), .enter], .save, tr("save to My Meals"), label: "s",
          detail: "save it to My Meals (said so when it is there already)"),
        KeyBinding(
          [.character("r")], .refresh,
          random ? tr("another random meal") : tr("refresh from TheMealDB"),
          detail: "refresh from TheMealDB (on Surprise me: another random meal)"),
      ] + mealKeys)
  }

  /// What both tables offer on the meal shown: servings, then the kitchen's keys.
  private static let mealKeys: [KeyBinding<Action>] = [
    MealActions.more(.more), MealActions.fewer(.fewer), MealActions.cook(.cook),
    MealActions.units(.units),
    MealActions.addToList(.addToList), MealActions.openList(.openList), MealActions.plan(.plan),
    MealActions.copy(.copy), CookedIt.binding(.cooked),
  ]

  public var keyHelp: [KeyHelp] {
    // Nothing to save, scale or cook yet: only trying again and going back.
    guard meal != nil else { return resource.helpWhileEmpty }
    return MealActions.unitsHelp(chainHelp, context.units)
  }

  /// The pager's keys when there is something to scroll.
  private var pagerHelp: [KeyHelp] {
    let body = layout(in: context.navigator.body).pager
    return Pager.help(count: lines(width: body.width).count, height: body.height)
  }

  // MARK: - Keys

  /// The navigator runs the update step first when a frame is due (`Navigator.catchUp`).
  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func scroll(_ key: Key) -> Bool {
    let body = layout(in: context.navigator.body).pager
    return pager.handle(key, count: lines(width: body.width).count, height: body.height)
  }

  private func perform(_ action: Action) {
    switch action {
    case .save: save()
    case .refresh:
      refresh()
    case .more: servings?.increase()
    case .fewer: servings?.decrease()
    case .units: context.cycleUnits()
    case .cook:
      if let meal { CookingActions.openCookMode(meal, context: context) }
    case .addToList:
      if let meal, let servings {
        CookingActions.addToShoppingList(meal, servings: servings, context: context)
      }
    case .openList: CookingActions.openShoppingList(context: context)
    case .plan: planMeal()
    case .copy:
      if let meal { MealSharing.copyAsMarkdown(meal, context: context) }
    case .edit:
      if let savedID { context.openEditor(mealID: savedID, delegate: self) }
    case .history:
      if let savedID, let meal {
        context.navigator.push(
          MealHistoryScreen(context: context, mealID: savedID, name: meal.name))
      }
    case .cooked:
      if let meal {
        CookedIt.log(
          mealID: storedID, name: meal.name, servings: servings?.said, context: context)
      }
    }
  }

  /// `r`: asks TheMealDB again, saying so, and says how it went when the answer comes.
  private func refresh() {
    pager = Pager()
    refreshing = true
    resource.refresh()
    if request == .random {
      context.navigator.showInfo(tr("Asking TheMealDB for another random meal…"))
    } else if let meal {
      context.navigator.showInfo(
        tr("Refreshing “%s” from TheMealDB…").filled(Quote.name(meal.name)))
    } else {
      context.navigator.showInfo(tr("Trying TheMealDB again…"))
    }
  }

  private func save() {
    guard meal != nil else {
      if !resource.isLoading { refresh() }  // nothing to save yet: retry
      return
    }
    guard let meal else { return }
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.storeFound(meal) },
      then: { screen, stored in
        screen.storedID = stored.id
        screen.context.navigator.showInfo(
          stored.wasAlreadyStored
            ? tr("“%s” is already in My Meals.").filled(Quote.name(meal.name))
            : tr("Saved “%s” to My Meals.").filled(Quote.name(meal.name)))
        screen.delegate?.browse(screen, didSaveMealWithID: stored.id)
      })
  }

  /// `p`: planned at the servings shown; a meal not in My Meals yet is saved with the plan.
  private func planMeal() {
    guard let meal else { return }
    let servings = servings?.current ?? Servings(for: meal).base
    if let savedID {
      return context.askToPlan(mealID: savedID, name: meal.name, servings: servings, meal: meal)
    }
    context.askToPlan(found: meal, servings: servings) {
      [weak self] id in
      guard let self else { return }
      storedID = id
      delegate?.browse(self, didSaveMealWithID: id)
    }
  }

  // MARK: - Loading

  private func resourceChanged() {
    followMeal()
    if let failure = resource.failure {
      context.navigator.showError(
        (meal == nil ? tr("Could not load the meal: %s") : tr("Could not refresh: %s")).filled(
          "\(failure)"))
    } else if refreshing, !resource.isLoading, let meal {
      context.navigator.showInfo(
        request == .random
          ? tr("Here is “%s”.").filled(Quote.name(meal.name))
          : tr("Refreshed “%s”.").filled(Quote.name(meal.name)))
    }
    if !resource.isLoading { refreshing = false }
    updateStored()
    context.navigator.needsDisplay = true
  }

  /// Servings start at the meal's own for each meal shown (Surprise me shows another).
  private func followMeal() {
    if let pictureURL { pictures.request(pictureURL) }
    guard let meal, meal.mealDBID != servingsMealDBID || servings == nil else { return }
    servings = Servings(for: meal)
    servingsMealDBID = meal.mealDBID
  }

  private func updateStored() {
    if let savedID {
      storedID = savedID
      return
    }
    storedID = meal?.mealDBID.flatMap { try? context.store.mealID(forMealDBID: $0) }
  }

  /// The update step: after a store change, the saved meal as it is now (its edits, here or
  /// in another meals; its deletion said), whether it is in My Meals, and its cook log.
  public func prepare(in area: Rect) {
    if storeChanged {
      storeChanged = false
      cookLogIsStale = true
      followStore()
    }
    guard cookLogIsStale else { return }
    cookLogIsStale = false
    guard let storedID else {
      cookLog = []
      return
    }
    do {
      cookLog = try context.store.readCookLog(mealID: storedID)
    } catch {
      context.navigator.showError(tr("Could not read the cook log: %s").filled(error.message))
    }
  }

  /// A saved meal follows its edits (here or in another meals); deleted, it says so.
  private func followStore() {
    if let savedID {
      switch Result(catching: { () throws(StoreError) in try context.store.meal(id: savedID) }) {
      case .success(let meal?): resource.seed(meal)
      case .success(nil): context.navigator.showInfo(tr("This meal is no longer in My Meals."))
      case .failure(let error): context.navigator.showError(error.message)
      }
      followMeal()
    }
    updateStored()
  }

  /// Read at the update step (or first by a key), once, whatever changed.
  public func storeDidChange(_ store: MealStore) {
    storeChanged = true
    context.navigator.needsDisplay = true
  }

  public var nextDeadline: UInt64? { resource.nextDeadline }
  public func tick(now: UInt64) -> Bool { resource.tick(now: now) }

  // MARK: - Layout

  /// The name, its facts and its tags above the pager.
  private func layout(in area: Rect) -> DocumentLayout {
    DocumentLayout(area, headerRows: Self.headerRows)
  }

  /// The pager's lines: the picture, ingredients in two aligned columns, instructions, links.
  func lines(width: Int) -> [PagerLine] {
    guard let meal else { return [] }
    guard let textWidth = besideTextWidth(width) else {
      return pictureLines(width: width) + body(of: meal, width: width) + cookLines(width: width)
    }
    // Wide: the ingredients and instructions on the left, the picture beside them; below it
    // the text takes the whole width again.
    let picture = Array(pictureLines(width: Self.pictureColumns).dropLast())
    var lines = body(of: meal, width: width, beside: (picture.count + 1, textWidth))
    for (index, row) in picture.enumerated() {
      if index >= lines.count { lines.append(.blank) }
      lines[index].spans += row.spans.map {
        PagerLine.Span(
          $0.text, column: $0.column + textWidth + 2, style: $0.style, width: $0.width)
      }
    }
    return lines + cookLines(width: width)
  }

  /// "COOKED 3 TIMES" and an entry a line (`Sun 6 Dec 2026 · for 4 · ★★★★☆ · a note`), the
  /// latest first: nothing for a meal never cooked.
  private func cookLines(width: Int) -> [PagerLine] {
    guard !cookLog.isEmpty else { return [] }
    var lines: [PagerLine] = [
      .blank, PagerLine(trn("COOKED ONCE", "COOKED %d TIMES", cookLog.count), style: .key),
    ]
    for row in cookLog {
      let entry = row.entry
      var parts = [tr("%1$s %2$d").filled(entry.day.short, String(entry.day.year))]
      if let servings = entry.servings { parts.append(tr("for %d").filled(String(servings))) }
      if let rating = entry.rating { parts.append(MealFields.stars(rating)) }
      if !entry.note.isEmpty { parts.append(TextSanitizer.singleLine(entry.note)) }
      lines += PagerLine.wrapped(parts.joined(separator: " · "), width: width, indent: 2)
    }
    return lines
  }

  /// What a body was made of: the same again is the same lines.
  private struct BodyKey: Equatable {
    var meal: Meal
    var width: Int
    var servings: Servings?
    var units: UnitConversion
    var besideRows: Int
    var besideWidth: Int
  }

  /// The last body made: the frame, the footer's scroll keys and each key ask for the lines,
  /// and converting a meal's units costs more than comparing what it was made of.
  private var bodyMemo: (key: BodyKey, lines: [PagerLine])?
  /// The instructions in the units shown, kept while only the servings change.
  private var stepsMemo: (instructions: String, units: UnitConversion, text: String)?

  /// The ingredients and instructions (`MealLines.body`), made once for what they show.
  private func body(of meal: Meal, width: Int, beside: (rows: Int, width: Int) = (0, 0))
    -> [PagerLine]
  {
    let key = BodyKey(
      meal: meal, width: width, servings: servings, units: context.units,
      besideRows: beside.rows, besideWidth: beside.width)
    if let bodyMemo, bodyMemo.key == key { return bodyMemo.lines }
    let units = context.units
    if stepsMemo?.instructions != meal.instructions || stepsMemo?.units != units {
      stepsMemo = (meal.instructions, units, units.text(meal.instructions))
    }
    let lines = MealLines.body(
      of: meal, width: width, servings: servings, units: units, beside: beside,
      steps: stepsMemo?.text)
    bodyMemo = (key, lines)
    return lines
  }

  /// From this pager width a ready picture goes to the right of the text.
  static let besideWidth = 96

  /// The text's width when the picture is beside it; nil when it is above.
  private func besideTextWidth(_ width: Int) -> Int? {
    guard width >= Self.besideWidth, pictureRows > 0, let url = pictureURL,
      pictures.state(url) == .ready
    else {
      return nil
    }
    return width - Self.pictureColumns - 2
  }

  /// The photo in symbols (40 columns at most), a line saying it is on its way, or why
  /// there is none; a blank line after it.
  private func pictureLines(width: Int) -> [PagerLine] {
    guard let url = pictureURL, pictureRows > 0 else { return [] }
    let columns = min(width, Self.pictureColumns)
    switch pictures.state(url) {
    case .ready:
      // Blank rows while it is being drawn, and under a graphics protocol's picture (placed
      // by `render`).
      let rows = pictures.size(url, columns: columns, maximumRows: pictureRows)?.rows ?? 0
      let blank = Array(repeating: PagerLine.blank, count: rows + 1)
      if pictures.graphics != nil { return blank }
      let drawn = pictures.lines(url, columns: columns, maximumRows: pictureRows)
      return drawn.map { $0 + [.blank] } ?? blank
    case .loading:
      return [PagerLine(tr("◌ Loading the picture…"), style: .muted), .blank]
    case .failed(let reason):
      return [PagerLine(tr("▫ No picture: %s").filled(reason), style: .muted), .blank]
    }
  }

  /// With a graphics protocol: the picture over its blank rows, when the pager shows them all
  /// (a picture half scrolled away is not drawn at all: no half-erased pictures).
  private func placeGraphic(into canvas: inout Canvas, body: Rect) {
    guard let url = pictureURL, let graphics = pictures.graphics, pager.offset == 0,
      pictureRows > 0
    else { return }
    guard
      let (columns, rows) = pictures.size(
        url, columns: min(body.width, Self.pictureColumns), maximumRows: pictureRows),
      rows > 0, rows <= body.height,
      let bytes = pictures.encoded(url, columns: columns, rows: rows)
    else { return }
    let x = besideTextWidth(body.width).map { body.x + $0 + 2 } ?? body.x
    canvas.graphics.append(
      Graphic(
        rect: Rect(x: x, y: body.y, width: columns, height: rows), key: url, bytes: bytes,
        graphics: graphics))
  }

  static let pictureColumns = 40

  /// At most 16 rows, leaving 3 rows of the pager to the text; none in a window too short for
  /// 3 rows of picture (there the text matters more).
  private var pictureRows: Int {
    let rows = min(16, layout(in: context.navigator.body).pager.height - 3)
    return rows >= 3 ? rows : 0
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    guard let meal else {
      let message: String
      if resource.isLoading {
        message = resource.spinner.symbol + " " + tr("Loading the meal from TheMealDB…")
      } else if let failure = resource.failure {
        message =
          tr("Could not load the meal: %s").filled("\(failure)") + "\n"
          + tr("Enter or r tries again.")
      } else {
        message = tr("TheMealDB has no such meal (it may have been removed).")
      }
      canvas.writeWrapped(message, in: area.dropping(top: 1), indent: 2, style: .muted)
      return
    }
    canvas.writeTruncated(MealRules.trimmed(meal.name), in: layout.headerRow(0), style: .title)
    // The user's own fields as the list rows show them (★ ★★★★☆ · 45 min · Beginner).
    let own = MealSummary(
      id: 0, name: meal.name, summary: "", favourite: meal.favourite, rating: meal.rating,
      totalMinutes: meal.totalMinutes, difficulty: meal.difficulty
    ).fields(fitting: .max) { TextWidth.columns(of: $0) }
    var facts = [meal.kindDescription, own, meal.mealDBID.map { "#\($0)" } ?? ""].filter {
      !$0.isEmpty
    }
    if storedID != nil { facts.append(tr("✓ in My Meals")) }
    canvas.writeTruncated(facts.joined(separator: " · "), in: layout.headerRow(1), style: .muted)
    if !meal.tags.isEmpty {
      canvas.writeTruncated(
        meal.tags.map { "#\($0)" }.joined(separator: " "), in: layout.headerRow(2), style: .accent)
    }
    let body = layout.pager
    let lines = lines(width: body.width)
    pager.render(lines, into: &canvas, in: body)
    placeGraphic(into: &canvas, body: body)
    canvas.writeRight(
      pager.position(count: lines.count, height: body.height), in: layout.position, style: .muted)
  }
}

extension MealDetailScreen: MealEditorScreenDelegate {
  /// Back here from the editor, showing the meal as saved.
  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)
  }
}

extension MealDetailScreen: DocumentedScreen {
  /// A meal from TheMealDB (Surprise me's, whose `r` asks for another), or one of My Meals.
  public enum KeyMode: CaseIterable { case found, random, saved }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .found: .section("meal-detail", "Meal Detail")
    case .random: .asAnother  // a found meal's keys, with another random one
    case .saved: .section("saved-meal", "Meal Detail of a saved meal (v on My Meals)")
    }
  }

  public var keyMode: KeyMode {
    savedID != nil ? .saved : request == .random ? .random : .found
  }

  /// The screen's own keys first, then the pager's: a key bound here wins over a scroll.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<MealDetailScreen>] {
    [
      .table(mode == .saved ? savedKeys : keys(random: mode == .random), does: { $0.perform($1) }),
      .widget(Pager.keys, help: { $0.pagerHelp }, { $0.scroll($1) }),
      .lines([.back]),
    ]
  }
}
