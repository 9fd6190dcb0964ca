import Files
import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore
import Synchronization
import Translation

/// The phone server's answers: who may come in, and the book's pages and JSON for them.
///
/// Called on the connections' threads, several at once: reads share a few connections of their
/// own (not the app's), one request on each at a time; writes go one at a time through one.
public final class PhoneServer: Sendable {
  /// The connection the writes (a tick, "cooked it") and the watch for changes use.
  private let store: Mutex<MealStore>
  /// The connections every read uses, several requests at once.
  private let readers: ServeReaders
  private let token: PairingToken
  private let guards = Mutex(PairingGuard())
  private let changes = Mutex(ChangeWatch())
  private let stopped = Atomic<Bool>(false)
  /// Served over HTTPS: the cookie is then sent only over it.
  private let secure: Bool
  /// meals' certificate authority (PEM) and its SHA-256, offered to paired phones over HTTPS.
  private let authority: (pem: String, fingerprint: String)?
  private let today: @Sendable () -> CivilDate
  private let clock: @Sendable () -> Double
  /// The units meals are read in unless a page asks for others (`set units`, `set cup`).
  private let units: UnitConversion
  /// The shop's aisles the shopping page follows (read at each request: another machine's
  /// sync may change the file).
  private let aisles: AisleFile?
  /// This machine's name: a `Host` of it (or `.local`) is this server's own.
  private let machineName: String

  /// The cookie a paired phone keeps.
  static let cookieName = "meals_token"
  /// The cookie that keeps the language chosen on a page (`de`, `en`).
  static let languageCookie = "meals_lang"

  /// Opens its own connection to the book at `databasePath`.
  public init(
    databasePath: String, readOnly: Bool, token: PairingToken,
    authority: (pem: String, fingerprint: String)? = nil, secure: Bool = false,
    units: UnitConversion = .asWritten, aisles: AisleFile? = nil,
    today: @escaping @Sendable () -> CivilDate = { .today() },
    clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
  ) throws(StoreError) {
    store = Mutex(try MealStore(path: databasePath, readOnly: readOnly, busyTimeout: 2_000))
    readers = ServeReaders(
      path: databasePath,
      count: ServeReaders.count(cores: ProcessInfo.processInfo.activeProcessorCount))
    self.token = token
    self.secure = secure
    self.authority = authority
    self.today = today
    self.clock = clock
    self.units = units
    self.aisles = aisles
    machineName = LocalAddresses.hostName() ?? ""
  }

  /// Ends the event streams, so the server can stop without waiting for them.
  public func stop() { stopped.store(true, ordering: .relaxed) }

  /// How many phones have come in with the token since it started (paired now or before; by
  /// address).
  public var pairedCount: Int { guards.withLock { $0.paired.count } }

  // MARK: - Answering

  /// The answer to one request, with the time it took (`Server-Timing`, which a browser's
  /// developer tools show and `meals-bench serve` reads).
  public func answer(_ request: ServerRequest) -> ServerResponse {
    let started = ProcessClock.seconds()
    // The page in the language asked for (`?lang=`, kept by a cookie), else the browser's.
    let named = { (value: String?) in value.flatMap { LanguageChoice.isName($0) ? $0 : nil } }
    let chosen = named(request.query["lang"])
    let languages =
      (chosen ?? named(request.cookies[Self.languageCookie])).map { $0 == "en" ? [] : [$0] }
      ?? LanguageChoice.accepted(request.headers["accept-language"] ?? "")
    var response = Translator.speaking(languages) { answerTimed(request) }
    if let chosen {
      response.headers.append(
        (
          "Set-Cookie",
          "\(Self.languageCookie)=\(chosen); Path=/; SameSite=Strict; Max-Age=31536000"
            + (secure ? "; Secure" : "")
        ))
    }
    let milliseconds = (ProcessClock.seconds() - started) * 1_000
    response.headers.append(
      ("Server-Timing", "meals;dur=" + NumberText.fixed(milliseconds, places: 3)))
    return response
  }

  /// Who may come in before what they ask for: a host not this machine's is refused, then
  /// everything without the token is 401 (what exists is not told to a stranger) but the
  /// pairing address and the stylesheet of the page that says so; a wrong token's lockout
  /// never stops the right one; a write must come from the book's own page.
  private func answerTimed(_ request: ServerRequest) -> ServerResponse {
    let api = request.path.hasPrefix("/api/")
    guard SameOrigin.isOwnHost(request.headers["host"], machineName: machineName) else {
      return refusal(421, SameOrigin.Refusal.foreignHost.message, api: api)
    }
    let found = PhoneRoute.resolve(method: request.method, path: request.path)
    let now = clock()
    let carried = bearer(request)
    let given = carried ?? request.cookies[Self.cookieName]
    guard token.matches(given) else {
      switch found {
      case .success(.style): return asset(PhoneAssets.style, type: "text/css; charset=utf-8")
      case .success(.icon): return asset(PhoneAssets.icon, type: "image/svg+xml")
      case .success(.manifest):
        return asset(PhoneAssets.manifest, type: "application/manifest+json")
      case .success(.pair) where token.matches(request.query["token"]):
        return pair(request, now: now)
      default: break
      }
      if guards.withLock({ $0.isLimited(request.client, now: now) }) {
        var response = refusal(429, tr("Too many wrong tokens: wait a minute."), api: api)
        response.headers.append(("Retry-After", "60"))
        return response
      }
      if case .success(.pair) = found { return pair(request, now: now) }
      if given != nil { guards.withLock { $0.failed(request.client, now: now) } }
      var response = refusal(
        401,
        tr("This phone is not paired: open the address meals serve printed, or scan its code."),
        api: api)
      if api { response.headers.append(("WWW-Authenticate", "Bearer")) }
      return response
    }
    let route: PhoneRoute
    switch found {
    case .success(let value): route = value
    case .failure(.notFound):
      return refusal(404, tr("There is nothing at this address."), api: api)
    case .failure(.methodNotAllowed(let allowed)):
      var response = refusal(
        405, tr("This address does not take %s.").filled(request.method), api: api)
      response.headers.append(("Allow", allowed))
      return response
    }
    if route.writes,
      case .failure(let refused) = SameOrigin.checkWrite(
        headers: request.headers, secure: secure, carriesBearer: carried != nil)
    {
      return refusal(refused == .notJSON ? 415 : 403, refused.message, api: api)
    }
    guards.withLock { $0.cameIn(request.client) }
    do {
      return try answer(route, request)
    } catch {
      return refusal(
        503, tr("The book could not be read: %s").filled(error.message), api: route.isAPI)
    }
  }

  private func answer(_ route: PhoneRoute, _ request: ServerRequest) throws(StoreError)
    -> ServerResponse
  {
    switch route {
    case .pair: return pair(request, now: clock())
    case .book: return html(try book(request))
    case .meal(let id), .cook(let id):
      guard let (written, hasPhoto) = try meal(id) else { return missingMeal(api: false) }
      let servings = servings(of: written, request)
      let conversion = conversion(request)
      let (meal, lines) = read(written, servings: servings, in: conversion)
      if case .cook = route {
        return html(
          PhonePages.cook(
            meal, id: id, servings: servings, lines: lines, units: conversion.system))
      }
      return html(
        PhonePages.meal(
          meal, id: id, servings: servings, lines: lines, hasPhoto: hasPhoto,
          units: conversion.system))
    case .plan:
      let monday = week(request)
      let entries = try readers.read { store throws(StoreError) in
        try store.readPlanEntries(from: monday, days: 7)
      }
      return html(PhonePages.plan(monday: monday, entries: entries))
    case .shopping:
      // As the terminal's list: added up, in its units, what the pantry has apart.
      let items = try shoppingItems()
      let pantry = try readers.read { store throws(StoreError) in
        Pantry(items: try store.readPantryItems(), staples: [])
      }
      // A file that cannot be read leaves the list in its own order (the app says why).
      let shop = aisles.flatMap { try? $0.aisles() }
      return html(
        PhonePages.shopping(
          ShoppingList.rows(items, units: conversion(request), pantry: pantry, aisles: shop)))
    case .style: return asset(PhoneAssets.style, type: "text/css; charset=utf-8")
    case .script: return asset(PhoneAssets.script, type: "text/javascript; charset=utf-8")
    case .worker: return asset(PhoneAssets.worker, type: "text/javascript; charset=utf-8")
    case .icon: return asset(PhoneAssets.icon, type: "image/svg+xml")
    case .manifest: return asset(PhoneAssets.manifest, type: "application/manifest+json")
    case .trust: return html(PhonePages.trust(authorityFingerprint: authority?.fingerprint))
    case .offline: return html(PhonePages.offline())
    case .authority:
      guard let authority else {
        return refusal(
          404, tr("This book is served to this machine only: there is nothing to trust."),
          api: false)
      }
      return ServerResponse(
        status: 200,
        headers: [
          ("Content-Type", "application/x-x509-ca-cert"),
          ("Content-Disposition", "attachment; filename=\"meals-ca.crt\""),
          ("Cache-Control", "no-store"),
        ] + Self.safety, body: Array(authority.pem.utf8))
    case .photo(let id):
      let photo = try readers.read { store throws(StoreError) in try store.photo(mealID: id) }
      guard let photo else {
        return refusal(404, tr("This meal has no photo of its own."), api: false)
      }
      return ServerResponse(
        status: 200,
        headers: [("Content-Type", photo.type), ("Cache-Control", "private, max-age=3600")]
          + Self.safety, body: photo.bytes)
    case .apiMeals:
      let (meals, total, more) = try search(request)
      return json(
        PhoneJSON.meals(meals, total: total, more: more, withPhotos: try photos(of: meals)))
    case .apiMeal(let id):
      guard let (written, _) = try meal(id) else { return missingMeal(api: true) }
      let servings = servings(of: written, request)
      let (meal, lines) = read(written, servings: servings, in: conversion(request))
      return json(PhoneJSON.meal(meal, id: id, servings: servings, lines: lines))
    case .apiPlan:
      let monday = week(request)
      let entries = try readers.read { store throws(StoreError) in
        try store.readPlanEntries(from: monday, days: 7)
      }
      return json(PhoneJSON.plan(monday: monday, entries: entries))
    case .apiShopping: return json(.array(try shoppingItems().map(PhoneJSON.item)))
    case .apiTick(let id): return try tick(id, request)
    case .apiCooked(let id): return try cooked(id, request)
    case .apiEvents:
      return ServerResponse(
        status: 200,
        headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]
          + Self.safety, stream: PhoneEvents(phone: self))
    }
  }

  // MARK: - Pairing

  /// `/pair?token=…`: the right token sets the cookie and goes to the book.
  private func pair(_ request: ServerRequest, now: Double) -> ServerResponse {
    guard token.matches(request.query["token"]) else {
      guards.withLock { $0.failed(request.client, now: now) }
      return refusal(
        401,
        tr("This pairing address is not (or no longer) right: open the one meals serve printed."),
        api: false)
    }
    guards.withLock { $0.cameIn(request.client) }
    return ServerResponse(
      status: 303,
      headers: [
        ("Location", "/"),
        (
          "Set-Cookie",
          "\(Self.cookieName)=\(token.text); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
            + (secure ? "; Secure" : "")
        ),
        ("Cache-Control", "no-store"),
      ] + Self.safety)
  }

  private func bearer(_ request: ServerRequest) -> String? {
    guard let value = request.headers["authorization"] else { return nil }
    let parts = value.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return value }
    return String(parts[1]).trimmingSpaces()
  }

  // MARK: - Reading the book

  private func book(_ request: ServerRequest) throws(StoreError) -> String {
    let (meals, total, more) = try search(request)
    let categories = try readers.read { store in
      store.chips().filter { $0.facet == .category }.map(\.value)
    }
    return PhonePages.book(
      meals: meals, total: total, more: more, query: request.query["q"] ?? "",
      favouritesOnly: request.query["favourites"].map { !$0.isEmpty && $0 != "0" } ?? false,
      categories: categories, category: nonEmpty(request.query["category"]),
      withPhotos: try photos(of: meals), offersTrust: authority != nil)
  }

  /// Which of the rows have a photo of their own, for their thumbnails.
  private func photos(of meals: [MealSummary]) throws(StoreError) -> Set<Int64> {
    try readers.read { store throws(StoreError) in
      try store.mealsWithPhotos(among: meals.map(\.id))
    }
  }

  /// The meals `q`, `favourites` and `category` ask for: the first rows and how many in all;
  /// a search's matches are counted up to `PhonePages.countLimit` (`more`: past it).
  private func search(_ request: ServerRequest) throws(StoreError) -> (
    meals: [MealSummary], total: Int, more: Bool
  ) {
    let query = String((request.query["q"] ?? "").prefix(200))
    let favourites = request.query["favourites"].map { !$0.isEmpty && $0 != "0" } ?? false
    let category = nonEmpty(request.query["category"])
    return try readers.read { store throws(StoreError) -> ([MealSummary], Int, Bool) in
      if favourites {
        var rows: [MealSummary] = []
        var total = 0
        try store.forEachListing(filter: query, favouritesOnly: true) { row in
          let rowCategory = row.utf8(.category).map { String(decoding: $0, as: UTF8.self) }
          if let category, rowCategory != category { return }
          total += 1
          guard rows.count < PhonePages.bookRows else { return }
          let area = row.utf8(.area).map { String(decoding: $0, as: UTF8.self) }
          rows.append(
            MealSummary(
              id: row.id, name: row.utf8(.name).map { String(decoding: $0, as: UTF8.self) } ?? "",
              summary: [rowCategory, area].compactMap { $0 }.joined(separator: " · "),
              favourite: true))
        }
        return (rows, total, false)
      }
      let chips = ChipSelection(category.map { [Chip(.category, $0)] } ?? [])
      let results = store.meals(matching: query, chips: chips)
      results.readFirst(PhonePages.bookRows)
      // The whole book's count is known; a search's is counted only so far.
      let everything = chips.isEmpty && MealRules.isBlank(query)
      let counted =
        everything
        ? results.count
        : try store.countMeals(matching: query, chips: chips, upTo: PhonePages.countLimit + 1)
      let more = !everything && counted > PhonePages.countLimit
      let total = more ? PhonePages.countLimit : counted
      let rows = (0..<min(total, PhonePages.bookRows)).compactMap { results.row(at: $0) }
      if let error = results.lastError { throw error }
      return (rows, total, more)
    }
  }

  private func meal(_ id: Int64) throws(StoreError) -> (Meal, Bool)? {
    try readers.read { store throws(StoreError) -> (Meal, Bool)? in
      guard let meal = try store.meal(id: id) else { return nil }
      return (meal, meal.photo != nil)
    }
  }

  /// The units `?units=` asks for (`as-written`, `metric`, `us`), else those meals is set to.
  private func conversion(_ request: ServerRequest) -> UnitConversion {
    var conversion = units
    if let asked = request.query["units"], asked.utf8.count <= 20,
      let system = UnitSystem(spelling: asked)
    {
      conversion.system = system
    }
    return conversion
  }

  /// A meal as the phone reads it: scaled to `servings`, then its measures and its steps'
  /// temperatures in the units asked for (what the meal says is not changed).
  private func read(_ meal: Meal, servings: Servings, in conversion: UnitConversion) -> (
    Meal, [IngredientMeasurement]
  ) {
    var shown = meal
    shown.instructions = conversion.text(meal.instructions)
    let lines = servings.lines(of: meal).map {
      IngredientMeasurement(
        name: $0.name, quantity: conversion.measure($0.quantity, of: $0.name), group: $0.group)
    }
    return (shown, lines)
  }

  private func servings(of meal: Meal, _ request: ServerRequest) -> Servings {
    guard let text = request.query["servings"], text.utf8.count <= 3, let count = Int(text) else {
      return Servings(for: meal)
    }
    return Servings(for: meal, servings: count)
  }

  /// The Monday of `week` (`2026-W49` or a date), else of this week.
  private func week(_ request: ServerRequest) -> CivilDate {
    let now = today()
    guard let text = request.query["week"], text.utf8.count <= 20 else { return now.monday }
    return (CivilDate.parseWeek(text) ?? CivilDate.parse(text, today: now))?.monday ?? now.monday
  }

  private func shoppingItems() throws(StoreError) -> [ShoppingItem] {
    try readers.read { store throws(StoreError) in try store.readShoppingItems() }
  }

  // MARK: - The writes: a tick, and "cooked it"

  /// `POST /api/shopping/ID` with `{"ticked": true|false}`, and `"at"` for a tick that waited
  /// on the phone: a later tick (here, in the app, another phone) is not undone by it.
  private func tick(_ id: Int64, _ request: ServerRequest) throws(StoreError) -> ServerResponse {
    guard let tick = PhoneJSON.tick(fromBody: request.body) else {
      return refusal(
        400, tr("The body must be {\"ticked\": true} or {\"ticked\": false}."), api: true)
    }
    let now = clock()
    let item = try store.withLock { store throws(StoreError) -> ShoppingItem? in
      guard var item = try store.readShoppingItems().first(where: { $0.id == id }) else {
        return nil
      }
      // A time ahead of this machine's (a phone's clock, or a made-up one) is now.
      if try store.setTicked(tick.ticked, item: id, at: min(tick.at ?? now, now)) {
        item.ticked = tick.ticked
      }
      return item
    }
    guard let item else { return refusal(404, tr("There is no such item on the list."), api: true) }
    changes.withLock { $0.version += 1 }
    return json(PhoneJSON.item(item))
  }

  /// `POST /api/cooked/ID`, with `{"servings": N, "at": MS}` or `{}`: an entry in the cook log
  /// for the day it was tapped (a time ahead of this machine's is now).
  private func cooked(_ id: Int64, _ request: ServerRequest) throws(StoreError) -> ServerResponse {
    guard let asked = PhoneJSON.cooked(fromBody: request.body) else {
      return refusal(
        400, tr("The body must be {} or {\"servings\": 1 to 1000, \"at\": milliseconds}."),
        api: true)
    }
    let at = min(asked.at ?? clock(), clock())
    let day = CivilDate.today(Date(timeIntervalSince1970: at))
    let times = try store.withLock { store throws(StoreError) -> Int? in
      guard try store.meal(id: id) != nil else { return nil }
      try store.logCooking(mealID: id, on: day, servings: asked.servings)
      return try store.cookedSummary(mealID: id)?.times
    }
    guard let times else {
      return refusal(404, tr("There is no such meal in the book."), api: true)
    }
    changes.withLock { $0.version += 1 }
    return json(.object([("day", .string(day.description)), ("times", .integer(Int64(times)))]))
  }

  // MARK: - Changes, for the event streams

  /// A number that moves when the book changes (here or in another meals), looked at most
  /// every quarter second however many streams ask.
  func changeVersion() -> Int {
    let now = clock()
    let due = changes.withLock { watch -> Bool in
      guard now - watch.lastLook >= 0.25 else { return false }
      watch.lastLook = now
      return true
    }
    if due, store.withLock({ $0.checkForExternalChanges() }) {
      changes.withLock { $0.version += 1 }
    }
    return changes.withLock { $0.version }
  }

  var isStopped: Bool { stopped.load(ordering: .relaxed) }

  // MARK: - Answers

  /// Headers on every answer: no sniffing, no framing, no referrer.
  static let safety: [(name: String, value: String)] = [
    ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
  ]

  /// Only our own script, style and manifest; pictures from here or https.
  static let policy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; "
    + "connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; "
    + "frame-ancestors 'none'"

  private func html(_ text: String, status: Int = 200) -> ServerResponse {
    ServerResponse(
      status: status,
      headers: [
        ("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", Self.policy),
        ("Cache-Control", "no-store"),
      ] + Self.safety, body: Array(text.utf8))
  }

  private func json(_ value: JSONText, status: Int = 200) -> ServerResponse {
    ServerResponse(
      status: status,
      headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + Self.safety,
      body: Array(value.serialized(pretty: false).utf8) + [0x0A])
  }

  private func asset(_ text: String, type: String) -> ServerResponse {
    ServerResponse(
      status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-cache")] + Self.safety,
      body: Array(text.utf8))
  }

  private func refusal(_ status: Int, _ message: String, api: Bool) -> ServerResponse {
    if api { return json(PhoneJSON.error(message), status: status) }
    let title =
      switch status {
      case 400, 415: trc("refusal", "Not understood")
      case 401: trc("refusal", "Not paired")
      case 403, 405: trc("refusal", "Not allowed")
      case 404: trc("refusal", "Not found")
      case 421: trc("refusal", "Not this machine")
      case 429: trc("refusal", "Too many tries")
      case 503: trc("refusal", "Not available")
      default: trc("refusal", "Refused")
      }
    return html(PhonePages.message(title: title, text: message), status: status)
  }

  private func missingMeal(api: Bool) -> ServerResponse {
    refusal(404, tr("There is no such meal in the book (deleted, perhaps)."), api: api)
  }

  private func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}

// MARK: - Wrong tokens and paired phones

/// Wrong tokens by client address: ten in a minute and the address waits.
struct PairingGuard {
  var failures: [String: [Double]] = [:]
  var paired: Set<String> = []

  static let allowed = 10
  static let window = 60.0

  func isLimited(_ client: String, now: Double) -> Bool {
    (failures[client]?.filter { now - $0 < Self.window }.count ?? 0) >= Self.allowed
  }

  /// A client that came in with the token: counted once (up to a thousand addresses).
  mutating func cameIn(_ client: String) {
    guard paired.count < 1_000 || paired.contains(client) else { return }
    paired.insert(client)
  }

  mutating func failed(_ client: String, now: Double) {
    var recent = (failures[client] ?? []).filter { now - $0 < Self.window }
    recent.append(now)
    failures[client] = recent
    // Forget addresses long quiet, so a scan of many addresses cannot grow this without end.
    if failures.count > 1_000 {
      failures = failures.filter { $0.value.contains { now - $0 < Self.window } }
    }
  }
}

/// The book's change number and when the database was last asked.
struct ChangeWatch {
  var version = 0
  var lastLook = 0.0
}
