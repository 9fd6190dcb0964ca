import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// Categories (`categories.php`): each row is the category's name, then its description
/// wrapped to at most three lines, so rows take different heights.
public final class CategoriesScreen: Screen {
  enum Action: String, Sendable { case open, refresh }

  static let keys = KeyTable<Action>(
    "categories",
    [
      KeyBinding(
        [.enter], .open, tr("meals in it"), detail: "the meals in it; after a failure, try again"),
      KeyBinding([.character("r")], .refresh, tr("refresh from TheMealDB")),
    ])
  static let descriptionRows = 3
  static let positionKey = "categories"

  public weak var delegate: BrowseDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let resource: RemoteResource<[MealCategory]>
  private var list = ListState()
  /// The wrapped descriptions for one width: a memo, so a frame wraps each text once.
  private let wrapped = WrappedDescriptions()
  /// The selected category's picture, for the preview pane.
  private let picture: PictureFollower

  init(context: AppContext) {
    self.context = context
    picture = PictureFollower(loader: context.pictures) { $0 }
    resource = RemoteResource(.categories, remote: context.remote, decode: MealDBDecoder.categories)
    resource.onChange = { [weak self] in self?.resourceChanged() }
    resource.start()
    restorePosition()
  }

  private var categories: [MealCategory] { resource.value ?? [] }

  public var title: String { tr("Categories") + resource.ageNote(now: context.store.clock()) }
  public var keyHelp: [KeyHelp] {
    guard !categories.isEmpty else { return resource.helpWhileEmpty }
    return chainHelp
  }

  // MARK: - Rows

  /// The width the descriptions are wrapped to.
  private func textWidth(_ listWidth: Int) -> Int { max(10, listWidth - 6) }

  /// The description's lines: paragraphs run together, at most three lines, "…" when cut.
  ///
  /// Only what three lines can hold is wrapped (long descriptions run to thousands of cells).
  static func descriptionLines(_ description: String?, width: Int) -> [String] {
    guard let description, !MealRules.isBlank(description) else { return [] }
    let enough = (descriptionRows + 1) * max(1, width)
    let lines = TextWrap.wrap(flowing(description, limit: enough), width: width)
    guard lines.count > descriptionRows else { return lines }
    var shown = Array(lines.prefix(descriptionRows))
    shown[descriptionRows - 1] = TextWidth.truncate(shown[descriptionRows - 1] + " …", to: width)
    if !shown[descriptionRows - 1].hasSuffix("…") { shown[descriptionRows - 1] += "…" }
    return shown
  }

  /// Each category's description lines at this list width.
  private func descriptions(width: Int) -> [[String]] {
    wrapped.lines(width: textWidth(width)) { width in
      categories.map { Self.descriptionLines($0.description, width: width) }
    }
  }

  /// The text's paragraphs run together (each run of line breaks one space), cut after about
  /// `limit` bytes at a character boundary: enough for the lines shown.
  static func flowing(_ text: String, limit: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(text.utf8.count, limit + 4))
    for byte in text.utf8 {
      if byte == 0x0A {
        if bytes.last != 0x20 { bytes.append(0x20) }
      } else {
        // Stop at a lead byte (not a continuation), so no character is cut in half.
        if bytes.count >= limit && byte & 0xC0 != 0x80 { break }
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func height(of index: Int, width: Int) -> Int {
    1 + descriptions(width: width)[index].count
  }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  /// A move by one category or a page of them (their rows take their descriptions' height).
  private func move(_ move: ListState.Move) {
    let view = ListLayout(context.navigator.body).list.area
    list.apply(
      move, count: categories.count, viewHeight: view.height,
      height: { self.height(of: $0, width: view.width) })
    savePosition()
  }

  private func perform(_ action: Action) {
    switch action {
    case .open:
      guard categories.indices.contains(list.selection) else {
        resource.refresh()  // nothing to open yet: Enter retries
        return
      }
      let screen = MealGroupsScreen(
        context: context, kind: .meals(.category, categories[list.selection].name))
      screen.delegate = delegate
      context.navigator.push(screen)
    case .refresh:
      resource.refresh()
    }
  }

  // MARK: - Loading

  private func resourceChanged() {
    wrapped.clear()
    if let failure = resource.failure {
      context.navigator.showError(
        categories.isEmpty
          ? tr("Could not load the categories: %s").filled("\(failure)")
          : tr("Could not refresh the categories: %s").filled("\(failure)"))
    }
    restorePosition()
    context.navigator.needsDisplay = true
  }

  /// Puts the selection back on the category it was on (by name), after a refresh or reopening.
  private func restorePosition() {
    if let saved = context.savedPosition(Self.positionKey, among: categories.map(\.name)) {
      (list.selection, list.top) = saved
    } else {
      list.clamp(count: categories.count)
    }
    savePosition()
  }

  private func savePosition() {
    guard categories.indices.contains(list.selection) else { return }
    picture.follow(categories[list.selection].name, now: context.navigator.now())
    context.listPositions[Self.positionKey] = ListPosition(
      key: categories[list.selection].name, top: list.top)
  }

  public var nextDeadline: UInt64? {
    [resource.nextDeadline, picture.nextDeadline(paneShows: context.showsPreviewPane)]
      .compactMap { $0 }.min()
  }

  public func tick(now: UInt64) -> Bool {
    let asked =
      context.showsPreviewPane
      && picture.tick(now: now) { name in
        self.categories.first { $0.name == name }?.thumbnailURL
      }
    return resource.tick(now: now) || asked
  }

  // MARK: - Rendering

  /// A click selects the category whose rows it lands on (twice opens it).
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    let view = ListLayout(area).list
    let descriptions = descriptions(width: view.area.width)
    guard
      let index = view.index(
        of: event, state: list, heights: descriptions.map { 1 + $0.count })
    else { return true }
    list.selection = index
    savePosition()
    if event.clicks >= 2 { perform(.open) }
    return true
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let count = categories.count
    let headline =
      resource.isLoading && count == 0
      ? resource.spinner.symbol + " " + tr("Loading the categories…")
      : resource.isLoading
        ? resource.spinner.symbol + " " + trn("%d category", "%d categories", count)
        : trn("%d category", "%d categories", count)
    let layout = ListLayout(area)
    canvas.writeRight(headline, in: layout.headline)
    guard count > 0 else {
      if let failure = resource.failure, !resource.isLoading {
        canvas.writeWrapped(
          tr("Could not load the categories: %s").filled("\(failure)") + "\n"
            + tr("Enter or r tries again."),
          in: layout.emptyMessage, indent: 2, style: .muted)
      }
      return
    }
    if let pane = layout.previewPane, categories.indices.contains(list.selection) {
      let category = categories[list.selection]
      let pictureLines = picture.lines(
        columns: min(Preview.text(in: pane.area).width, 24),
        maximumRows: pane.area.height >= 24 ? pane.area.height / 3 : 0)
      Preview(
        title: category.name,
        lines: pictureLines
          + PagerLine.wrapped(
            category.description ?? tr("No description."), width: Preview.text(in: pane.area).width)
      ).draw(into: &canvas, in: pane.area, divider: pane.divider)
    }
    let categories = categories
    let descriptions = descriptions(width: layout.list.area.width)
    layout.list.render(
      into: &canvas, state: list, heights: descriptions.map { 1 + $0.count }
    ) { canvas, row in
      canvas.writeTruncated(categories[row.index].name, in: row.content, style: .title)
      // The description under the name, two columns further in.
      let text = row.content.inset(left: 2, top: 1)
      for (offset, line) in descriptions[row.index].prefix(text.height).enumerated() {
        canvas.write(line, row: text.y + offset, column: text.x, style: .muted)
      }
    }
  }
}

/// Wrapped text kept for the last width asked, until the text changes.
final class WrappedDescriptions {
  private var width: Int?
  private var lines: [[String]] = []

  func lines(width: Int, wrap: (Int) -> [[String]]) -> [[String]] {
    if width != self.width {
      lines = wrap(width)
      self.width = width
    }
    return lines
  }

  func clear() { width = nil }
}

extension CategoriesScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("categories", "Categories")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<CategoriesScreen>] {
    [
      .table(keys, does: { $0.perform($1) }),
      .lines([.back]),
      .widget(
        ListState.keys,
        help: [
          KeyHelp(
            keys: ListState.keys.summary?.keys ?? "", text: tr("move by one category / a page"),
            inFooter: false)
        ]
      ) { screen, key in
        guard let move = ListState.keys.action(for: key) else { return false }
        screen.move(move)
        return true
      },
    ]
  }
}
