import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// A one-row-per-item list from TheMealDB: the areas, or the meals of a category, from an
/// area or with an ingredient (`filter.php`), with a ✓ on meals already in My Meals.
public final class MealGroupsScreen: Screen, StoreListener {
  /// What the list shows.
  enum Kind: Equatable {
    case areas
    case meals(MealFilterKind, String)

    var request: MealDBRequest {
      switch self {
      case .areas: .areas
      case .meals(let filter, let value): .filter(filter, value)
      }
    }
  }

  /// One row: its label and, for a meal, its TheMealDB id.
  struct Row: Equatable {
    var label: String
    var mealDBID: String?
    var thumbnailURL: String?
    var key: String { mealDBID ?? label }
  }

  enum Action: String, Sendable { case open, refresh }

  public weak var delegate: BrowseDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  let kind: Kind
  private let resource: RemoteResource<[Row]>
  private var list = ListState()
  /// TheMealDB ids of the listed meals that are in My Meals.
  private var stored: Set<String> = []
  /// The store changed since `stored` was read.
  private var storedIsStale = false
  /// The wide layout's preview: the meals from the selected area, or the selected meal.
  private let areaPreview: RemotePreview<[MealListing]>
  private let mealPreview: RemotePreview<Meal?>
  /// The selected meal's photo in the preview.
  private let picture: PictureFollower

  init(context: AppContext, kind: Kind) {
    self.context = context
    self.kind = kind
    resource = RemoteResource(kind.request, remote: context.remote, decode: Self.decoder(for: kind))
    areaPreview = RemotePreview(remote: context.remote, decode: MealDBDecoder.listings)
    picture = PictureFollower(loader: context.pictures)
    mealPreview = RemotePreview(remote: context.remote) { (data) throws(MealDBDecodingError) in
      try MealDBDecoder.meals(from: data).first
    }
    resource.onChange = { [weak self] in self?.resourceChanged() }
    let redraw: () -> Void = { [weak context] in context?.navigator.needsDisplay = true }
    areaPreview.onChange = redraw
    mealPreview.onChange = redraw
    resource.start()
    context.store.addListener(self)
    afterLoad()
    // A list known already (this session, or the cache) is shown at once: its preview too.
    followSelection()
  }

  static func decoder(for kind: Kind) -> (Data) throws(MealDBDecodingError) -> [Row] {
    switch kind {
    case .areas:
      return { (data) throws(MealDBDecodingError) in
        try MealDBDecoder.names(from: data, key: "strArea").map { Row(label: $0) }
      }
    case .meals:
      return { (data) throws(MealDBDecodingError) in
        try MealDBDecoder.listings(from: data).map {
          Row(label: $0.name, mealDBID: $0.mealDBID, thumbnailURL: $0.thumbnailURL)
        }
      }
    }
  }

  private var rows: [Row] { resource.value ?? [] }

  public var title: String {
    let name: String
    switch kind {
    case .areas: name = tr("Areas")
    case .meals(_, let value): name = value
    }
    return name + resource.ageNote(now: context.store.clock())
  }

  private var keys: KeyTable<Action> { Self.keys(areas: kind == .areas) }

  static func keys(areas: Bool) -> KeyTable<Action> {
    KeyTable(
      "meal-groups",
      [
        KeyBinding(
          [.enter], .open, areas ? tr("meals from there") : tr("meal details"),
          detail: "open (the meals from the area, or Meal Detail); after a failure, try again"),
        KeyBinding([.character("r")], .refresh, tr("refresh from TheMealDB")),
      ])
  }

  public var keyHelp: [KeyHelp] {
    rows.isEmpty ? resource.helpWhileEmpty : chainHelp
  }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func move(_ move: ListState.Move) {
    list.apply(
      move, count: rows.count, pageSize: ListLayout(context.navigator.body).list.pageSize)
    savePosition()
    followSelection()
  }

  private func perform(_ action: Action) {
    switch action {
    case .open:
      guard rows.indices.contains(list.selection) else {
        resource.refresh()  // nothing to open yet: Enter retries
        return
      }
      open(rows[list.selection])
    case .refresh:
      resource.refresh()
    }
  }

  private func open(_ row: Row) {
    let screen: Screen
    switch kind {
    case .areas:
      let meals = MealGroupsScreen(context: context, kind: .meals(.area, row.label))
      meals.delegate = delegate
      screen = meals
    case .meals:
      guard let id = row.mealDBID else { return }
      let detail = MealDetailScreen(context: context, request: .lookup(id), title: row.label)
      detail.delegate = delegate
      screen = detail
    }
    context.navigator.push(screen)
  }

  // MARK: - Loading and position

  private var positionKey: String { kind.request.cacheKey }

  private func resourceChanged() {
    if let failure = resource.failure {
      context.navigator.showError(
        rows.isEmpty
          ? tr("Could not load “%1$s”: %2$s").filled(Quote.name(title), "\(failure)")
          : tr("Could not refresh: %s").filled("\(failure)"))
    }
    afterLoad()
    followSelection()
    context.navigator.needsDisplay = true
  }

  private func afterLoad() {
    stored = context.store.storedMealDBIDs(among: rows.compactMap(\.mealDBID))
    if let saved = context.savedPosition(positionKey, among: rows.map(\.key)) {
      (list.selection, list.top) = saved
    } else {
      list.clamp(count: rows.count)
    }
    savePosition()
  }

  public func layoutDidChange() { followSelection() }

  /// The preview follows the selection (only when two panes are shown).
  private func followSelection() {
    let now = context.navigator.now()
    guard context.showsPreviewPane, rows.indices.contains(list.selection) else {
      areaPreview.follow(nil, now: now)
      mealPreview.follow(nil, now: now)
      picture.follow(nil, now: now)
      return
    }
    let row = rows[list.selection]
    switch kind {
    case .areas: areaPreview.follow(.filter(.area, row.label), now: now)
    case .meals:
      mealPreview.follow(row.mealDBID.map(MealDBRequest.lookup), now: now)
      picture.follow(row.thumbnailURL, now: now)
    }
  }

  private func savePosition() {
    guard rows.indices.contains(list.selection) else { return }
    context.listPositions[positionKey] = ListPosition(key: rows[list.selection].key, top: list.top)
  }

  /// Which rows are in My Meals is read again at the update step.
  public func storeDidChange(_ store: MealStore) {
    storedIsStale = true
    context.navigator.needsDisplay = true
  }

  public func prepare(in area: Rect) {
    guard storedIsStale else { return }
    storedIsStale = false
    stored = context.store.storedMealDBIDs(among: rows.compactMap(\.mealDBID))
  }

  public var nextDeadline: UInt64? {
    [
      resource.nextDeadline, areaPreview.nextDeadline, mealPreview.nextDeadline,
      picture.nextDeadline(paneShows: context.showsPreviewPane),
    ]
    .compactMap { $0 }.min()
  }

  public func tick(now: UInt64) -> Bool {
    let loaded = resource.tick(now: now)
    let area = areaPreview.tick(now: now)
    let meal = mealPreview.tick(now: now)
    let photo = picture.tick(now: now) { $0 }  // the key is the row's photo address
    return loaded || area || meal || photo
  }

  /// The wide layout's preview of the selected row.
  private func preview(width: Int, height: Int) -> Preview {
    switch kind {
    case .areas:
      guard let listings = areaPreview.value else { return waiting(areaPreview) }
      let area = rows.indices.contains(list.selection) ? rows[list.selection].label : ""
      return Preview(
        title: tr("Meals from %s").filled(area),
        subtitle: trn("%d meal", "%d meals", listings.count),
        lines: listings.map { PagerLine($0.name, indent: 2) })
    case .meals:
      guard let value = mealPreview.value else { return waiting(mealPreview) }
      guard let meal = value else { return .note(tr("TheMealDB has no such meal.")) }
      var preview = MealLines.preview(of: meal, width: width, rating: nil, minutes: nil)
      preview.lines =
        picture.lines(columns: min(width, 32), maximumRows: height >= 24 ? height / 3 : 0)
        + preview.lines
      return preview
    }
  }

  private func waiting<Value>(_ preview: RemotePreview<Value>) -> Preview {
    if let failure = preview.failure {
      return .note(tr("Could not load the preview: %s").filled("\(failure)"))
    }
    return .note(preview.isWaiting ? "\(preview.spinner) " + tr("Loading…") : "")
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    guard let index = ListLayout(area).list.select(event, in: &list, count: rows.count) else {
      return true
    }
    savePosition()
    followSelection()
    if event.clicks >= 2 { open(rows[index]) }
    return true
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let count = rows.count
    var headline =
      kind == .areas ? trn("%d area", "%d areas", count) : trn("%d meal", "%d meals", count)
    if !stored.isEmpty { headline += " · " + tr("✓ %d in My Meals").filled(String(stored.count)) }
    if resource.isLoading {
      headline =
        count == 0
        ? resource.spinner.symbol + " " + tr("Loading…") : "\(resource.spinner.symbol) \(headline)"
    }
    let layout = ListLayout(area)
    canvas.writeRight(headline, in: layout.headline)
    if let pane = layout.previewPane, count > 0 {
      preview(width: Preview.text(in: pane.area).width, height: pane.area.height).draw(
        into: &canvas, in: pane.area, divider: pane.divider)
    }
    guard count > 0 else {
      if resource.isLoading { return }
      let message: String
      if let failure = resource.failure {
        message =
          tr("Could not load this list: %s").filled("\(failure)") + "\n"
          + tr("Enter or r tries again.")
      } else if case .meals(_, let value) = kind, resource.value != nil {
        message = tr("TheMealDB has no meals for “%s”.").filled(Quote.name(value))
      } else {
        message = tr("Nothing here yet.")
      }
      canvas.writeWrapped(message, in: layout.emptyMessage, indent: 2, style: .muted)
      return
    }
    let rows = rows
    let stored = stored
    layout.list.render(into: &canvas, state: list, count: count) { canvas, line in
      let row = rows[line.index]
      // A ✓ column, then the label.
      let parts = line.content.split(.horizontal, [.fixed(2), .fill])
      if let id = row.mealDBID, stored.contains(id) {
        canvas.write("✓", row: line.frame.y, column: parts[0].x, style: .success)
      }
      canvas.writeTruncated(row.label, in: parts[1], style: .title)
    }
  }
}

extension MealGroupsScreen: DocumentedScreen {
  /// The areas' list, or a list of meals (its table names what Enter opens).
  public enum KeyMode: CaseIterable { case areas, meals }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .areas: .asAnother  // the areas take the meals' keys, less those for a meal
    case .meals: .section("meal-groups", "Areas, and the meals of a category / area / ingredient")
    }
  }
  public var keyMode: KeyMode { kind == .areas ? .areas : .meals }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<MealGroupsScreen>] {
    KeyLink.list(keys(areas: mode == .areas), does: { $0.perform($1) }, moves: { $0.move($1) })
  }
}
