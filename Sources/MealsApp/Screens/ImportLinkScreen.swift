import FoundationEssentials
import MealsCore
import MealsImport
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// Import from a link (`i` on My Meals): a field for a page's address (paste works), a progress
/// line while the page loads, then what was found, read as Meal Detail shows a meal; `s` saves
/// it to My Meals with its address, Esc goes back.
public final class ImportLinkScreen: Screen {
  enum Phase {
    case typing
    case loading(address: String)
    /// A recipe manager's export being imported whole (on a worker).
    case importing(path: String)
    /// The recipes read from the page (one shown at a time).
    case found([ImportCandidate], address: String)
  }

  enum Action: String, Sendable { case read, stop, save, next, previous, back }

  /// While typing the address.
  static let typingKeys = KeyTable<Action>(
    "import-link",
    [
      KeyBinding(
        [.enter], .read, tr("read the page"),
        detail:
          "read the page at the address typed or pasted (http or https; a file's path or file:// reads the file; an export's path imports all its recipes); a spinner and the kilobytes so far while it loads"
      )
    ], typing: true)
  /// While the page loads.
  static let loadingKeys = KeyTable<Action>(
    "import-link-loading", [KeyBinding([.escape], .stop, tr("stop"))])

  static let foundKeys = KeyTable<Action>(
    "import-link-found",
    [
      KeyBinding(
        [.character("s"), .enter], .save, tr("save to My Meals"), label: "s",
        detail: "save the recipe found to My Meals, with the page's address"),
      KeyBinding([.right], .next, tr("the next recipe on the page"), footer: false),
      KeyBinding([.left], .previous, tr("the previous recipe"), footer: false),
      KeyBinding([.escape], .back, tr("back to the address")),
    ])

  public weak var delegate: BrowseDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  public private(set) var field = TextField()
  private(set) var phase = Phase.typing
  /// The page being fetched (its id, to cancel it and count its bytes): a late answer — to a
  /// stopped fetch — is dropped by the slot.
  private var page = LatestAnswer<RequestID?>()
  private var shown = 0
  private var pager = Pager()
  private var spinner = SpinnerState()

  init(context: AppContext) {
    self.context = context
  }

  deinit {
    if let id = page.drop() ?? nil { context.service.cancel(id) }
  }

  public var title: String {
    // The recipe found stays under the screen it was found by.
    if let meal { return tr("Import from a Link") + " › " + MealRules.trimmed(meal.name) }
    return tr("Import from a Link")
  }

  public var acceptsText: Bool {
    if case .typing = phase { return true }
    return false
  }

  public var keyHelp: [KeyHelp] { chainHelp }

  /// The pager's keys, when the recipe is longer than the window.
  private var pagerHelp: [KeyHelp] {
    let body = layout(in: context.navigator.body).pager
    return Pager.help(count: lines(width: body.width).count, height: body.height)
  }

  /// The recipe shown, once found.
  var meal: Meal? {
    guard case .found(let candidates, _) = phase, candidates.indices.contains(shown) else {
      return nil
    }
    return candidates[shown].meal
  }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func stop() {
    if let id = page.drop() ?? nil { context.service.cancel(id) }
    phase = .typing
    spinner.stop()
    context.navigator.showInfo(tr("Stopped."))
  }

  private func performOnFound(_ action: Action) {
    guard case .found(let candidates, _) = phase else { return }
    switch action {
    case .back: phase = .typing
    case .save: save()
    case .next: show(min(candidates.count - 1, shown + 1))
    case .previous: show(max(0, shown - 1))
    case .read, .stop: break
    }
  }

  private func scroll(_ key: Key) -> Bool {
    let body = layout(in: context.navigator.body).pager
    return pager.handle(key, count: lines(width: body.width).count, height: body.height)
  }

  private func show(_ index: Int) {
    shown = index
    pager = Pager()
  }

  /// Fetches the page at the field's address; a file's path (or `file://` address) is read
  /// as `meals import FILE` reads it.
  private func start() {
    let address = MealRules.trimmed(field.text)
    let lower = address.lowercased()
    if let path = Self.filePath(address) {
      if let source = ExportImport.source(at: path) {
        importExport(source, from: path)
        return
      }
      do throws(FormatError) {
        found(try RecipeSources.recipes(inFile: path), address: path)
      } catch {
        context.navigator.showError(
          tr("Could not import “%1$s”: %2$s").filled(
            Quote.name(path), RecipeSources.safe(error.message)))
      }
      return
    }
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
      URL(string: address)?.host != nil
    else {
      context.navigator.showError(
        address.isEmpty
          ? tr("Type or paste a recipe page's address (https://…).")
          : tr("“%s” is not a web address (https://…) or a file's path.").filled(
            Quote.name(address)))
      return
    }
    let ticket = page.ask(nil)
    phase = .loading(address: address)
    page.asked = context.service.fetchPage(address) { [weak self] result in
      guard let self, self.page.take(ticket) != nil else { return }
      self.finish(result, address: address)
    }
    guard page.isWaiting else { return }
    spinner.start(at: context.navigator.now())
    context.navigator.clearStatus()
  }

  /// Imports a recipe manager's export whole on a worker with a connection of its own (an
  /// export of a thousand recipes takes seconds); the summary comes back on the status line.
  private func importExport(_ source: ExportSource, from path: String) {
    phase = .importing(path: path)
    spinner.start(at: context.navigator.now())
    context.navigator.clearStatus()
    let databasePath = context.store.filePath
    let context = self.context
    context.importer.run(
      { ExportImport.importForApp(source, databasePath: databasePath) },
      then: { [weak self] result in
        if context.store.checkForExternalChanges() { context.navigator.needsDisplay = true }
        switch result {
        case .success(let summary):
          context.navigator.showInfo(summary)
          if let self, case .importing = self.phase {
            context.navigator.pop(to: context.navigator.stack[0])
          }
        case .failure(let error):
          context.navigator.showError(
            tr("Could not import “%1$s”: %2$s").filled(
              Quote.name(PathText.name(path)), error.message))
          if let self, case .importing = self.phase {
            self.phase = .typing
            self.spinner.stop()
          }
        }
      })
  }

  private func finish(_ result: Result<HTTPClient.Response, NetworkError>, address: String) {
    spinner.stop()
    context.navigator.needsDisplay = true
    let page: HTTPClient.Response
    switch result {
    case .failure(let error):
      phase = .typing
      context.navigator.showError(
        tr("Could not import: %s").filled(RecipeSources.pageFailure(error)))
      return
    case .success(let response): page = response
    }
    do throws(FormatError) {
      found(try RecipeSources.recipes(in: page), address: page.address)
    } catch {
      phase = .typing
      context.navigator.showError(
        tr("Could not import: %s").filled(RecipeSources.safe(error.message)))
    }
  }

  /// Shows the recipes read from a page or a file, or says none could be.
  private func found(_ read: [ImportCandidate], address: String) {
    let candidates = read.filter { $0.meal != nil }
    guard !candidates.isEmpty else {
      phase = .typing
      context.navigator.showError(tr("Could not import: no recipe on it could be read."))
      return
    }
    phase = .found(candidates, address: address)
    show(0)
    context.navigator.showInfo(
      candidates.count > 1
        ? tr("Found a recipe (%d recipes: ← → to look) — s saves it to My Meals.").filled(
          String(candidates.count))
        : tr("Found a recipe — s saves it to My Meals."))
  }

  /// The file a typed address names: a path (`/…`, `~/…`, `./…`, `../…`) or a `file://` address.
  static func filePath(_ address: String) -> String? {
    if address.lowercased().hasPrefix("file://") { return URL(string: address)?.path }
    guard ["/", "~/", "./", "../"].contains(where: address.hasPrefix) else { return nil }
    let home = ProcessInfo.processInfo.environment["HOME"]
    let path = PathText.expandingTilde(address, home: home)
    return path.hasPrefix("/")
      ? path : PathText.joined(FileManager.default.currentDirectoryPath, path)
  }

  /// Saves the recipe shown (all or nothing), with its page's address, and shows it.
  private func save() {
    guard case .found(let candidates, _) = phase, candidates.indices.contains(shown) else {
      return
    }
    let candidate = candidates[shown]
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.importMeals([candidate]) },
      then: { screen, report in
        let context = screen.context
        if let saved = report.imported.first {
          // Kept for later, offline; offline now, the save stands and the picture comes later.
          if let thumbnail = candidate.meal?.thumbnailURL, context.pictures.isOn {
            let name = Quote.name(saved.name)
            context.pictures.request(PictureLoader.small(thumbnail)) {
              [weak navigator = context.navigator] _ in
              navigator?.showInfo(
                tr("Saved “%s”; its picture will come when you are online.").filled(name))
            }
          }
          context.navigator.showInfo(
            tr("Saved “%s” to My Meals.").filled(Quote.name(saved.name))
              + (saved.hasNoSteps
                ? " " + tr("The page gave no steps — add them in the editor.") : "")
              + (saved.hasNoIngredients
                ? " " + tr("The page gave no ingredients — add them in the editor.") : ""))
          screen.delegate?.browse(screen, didSaveMealWithID: saved.id)
          context.navigator.pop(to: context.navigator.stack[0])
        } else if let skipped = report.skipped.first {
          context.navigator.showInfo(
            tr("Not saved: %s.").filled(RecipeSources.safe(skipped.reason)))
        }
      })
  }

  // MARK: - Time

  public var nextDeadline: UInt64? { spinner.nextFrame }
  public func tick(now: UInt64) -> Bool { spinner.tick(now: now) }

  // MARK: - Rendering

  /// The recipe's name and facts, a gap, then the pager.
  private func layout(in area: Rect) -> DocumentLayout { DocumentLayout(area, headerRows: 3) }

  /// The address field on the first row, what it does under it.
  private func fieldLayout(in area: Rect) -> (field: Rect, explanation: Rect) {
    let rows = area.split(.vertical, [.fixed(1), .fixed(1), .fill])
    return (rows[0], rows[2])
  }

  private func lines(width: Int) -> [PagerLine] {
    guard let meal else { return [] }
    return MealLines.body(of: meal, width: width, servings: Servings(for: meal))
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    switch phase {
    case .typing:
      let layout = fieldLayout(in: area)
      canvas.cursor = field.render(
        labelled: tr("Address:"), into: &canvas, in: layout.field, style: .field)
      canvas.writeWrapped(
        tr(
          "Paste or type the address of a recipe page (https://…) or a file's path, then Enter. meals reads the recipe the way a careful reader would (the page's recipe data, its recipe card, or its headings and lists) and shows it before anything is saved. The path of another recipe manager's export (Paprika, Mela, Mealie, Tandoor, Nextcloud Cookbook… a zip or a folder) imports all of its recipes."
        ),
        in: layout.explanation, indent: 2, style: .muted)
    case .loading(let address):
      let received = (page.asked ?? nil).map(context.service.bytesReceived) ?? 0
      let host = URL(string: address)?.host ?? address
      canvas.writeTruncated(
        spinner.symbol + " "
          + tr("Reading %1$s… %2$d KB").filled(host, String(received / 1024)),
        in: layout(in: area).headerRow(0),
        style: .muted)
    case .importing(let path):
      canvas.writeTruncated(
        spinner.symbol + " "
          + tr("Importing %s… (all of it, or none)").filled(Quote.name(PathText.name(path))),
        in: layout(in: area).headerRow(0), style: .muted)
    case .found(let candidates, let address):
      guard let meal else { return }
      let layout = layout(in: area)
      canvas.writeTruncated(MealRules.trimmed(meal.name), in: layout.headerRow(0), style: .title)
      let source = address.hasPrefix("/") ? PathText.name(address) : URL(string: address)?.host
      // What `meals show` says of it: the kind, the time, then where it came from.
      let time = meal.totalMinutes.map(MealFields.describeMinutes) ?? ""
      var facts = [meal.kindDescription, time, source ?? ""].filter { !$0.isEmpty }
      if candidates.count > 1 {
        facts.append(
          tr("recipe %1$d of %2$d").filled(String(shown + 1), String(candidates.count)))
      }
      canvas.writeTruncated(facts.joined(separator: " · "), in: layout.headerRow(1), style: .muted)
      let body = layout.pager
      let lines = lines(width: body.width)
      pager.render(lines, into: &canvas, in: body)
      canvas.writeRight(
        pager.position(count: lines.count, height: body.height), in: layout.position,
        style: .muted)
    }
  }
}

extension ImportLinkScreen: DocumentedScreen {
  /// Typing the address, waiting for the page, or looking at what was found.
  public enum KeyMode: CaseIterable { case typing, loading, importing, found }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .typing: .section("import-link", "Import from a Link")
    case .loading, .importing, .found: .sameSection
    }
  }

  public var keyMode: KeyMode {
    switch phase {
    case .typing: .typing
    case .loading: .loading
    case .importing: .importing
    case .found: .found
    }
  }

  public static func keyChain(_ mode: KeyMode) -> [KeyLink<ImportLinkScreen>] {
    switch mode {
    case .typing:
      [
        .table(typingKeys, does: { screen, _ in screen.start() }),
        .lines([.back]),
        .widget(TextField.keys, help: []) { $0.field.handle($1) },
      ]
    case .loading:
      // Only Esc while the page loads: nothing else may go back or quit under it.
      [.table(loadingKeys, does: { screen, _ in screen.stop() }), .rest { _, _ in true }]
    case .importing:
      // Going back leaves the import to finish (whole or not at all); it says when it has.
      [.lines([.back])]
    case .found:
      // The screen's own keys first, then the pager's.
      [
        .table(foundKeys, does: { $0.performOnFound($1) }),
        .widget(Pager.keys, help: { $0.pagerHelp }, { $0.scroll($1) }),
      ]
    }
  }
}
