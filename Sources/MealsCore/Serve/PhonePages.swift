import Translation

/// The phone server's pages: HTML written from the book's values, every text escaped.
///
/// Readable without the script (`/app.js` adds search as you type, one Cook Mode step at a
/// time, timers, the awake screen and live ticks); no inline script or style, so the
/// Content-Security-Policy forbids any that a meal's text could smuggle in.
public enum PhonePages {
  /// How many meals the book page lists before asking to search.
  public static let bookRows = 200
  /// How far a search's matches are counted: past it, the count says "more than" (a phone
  /// does not wait while 86 000 matches of one letter are counted).
  public static let countLimit = 1_000

  // MARK: - The frame

  /// A message as HTML text (a translation may hold `<` or `&`).
  static func said(_ text: String) -> String { HTMLEscaping.escaped(text) }

  /// The words the script writes, in the request's language, as a `data-words` attribute
  /// (nothing in English: the script's own words are English).
  static func scriptWords() -> String {
    guard Translator.language != nil else { return "" }
    let words = [
      (
        "The book could not be read; try again.",
        trc("phone script", "The book could not be read; try again.")
      ),
      (
        "In the cook log: cooked %s times.",
        trc("phone script", "In the cook log: cooked %s times.")
      ),
      ("In the cook log.", trc("phone script", "In the cook log.")),
      (
        "Not logged: meals cannot be reached now. Try again when it can.",
        trc("phone script", "Not logged: meals cannot be reached now. Try again when it can.")
      ),
      ("Step %s", trc("phone script", "Step %s")),
      ("done", trc("phone script", "done")),
      ("Timer: %s", trc("phone page", "Timer: %s")),
      ("Done: %s", trc("phone script", "Done: %s")),
      ("%s left", trc("phone script", "%s left")),
      ("waiting", trc("phone script", "waiting")),
      (
        "This phone is not paired any more: open the address meals serve printed.",
        trc(
          "phone script", "This phone is not paired any more: open the address meals serve printed."
        )
      ),
      (
        "Not ticked: this phone is not paired any more — open the address meals serve printed.",
        trc(
          "phone script",
          "Not ticked: this phone is not paired any more — open the address meals serve printed.")
      ),
      (
        "Not ticked: meals refused it (%s).",
        trc("phone script", "Not ticked: meals refused it (%s).")
      ),
    ].filter { $0.0 != $0.1 }
    guard !words.isEmpty else { return "" }
    let object = JSONText.object(words.map { ($0.0, JSONText.string($0.1)) })
    return " data-words=\"\(said(object.serialized(pretty: false)))\""
  }

  /// A whole page: `title` in the tab, `page` names the body for the script.
  static func page(title: String, page: String, main: String) -> String {
    """
    <!doctype html>
    <html lang="\((Translator.language ?? "en").replacingEvery("_", with: "-"))"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>\(HTMLEscaping.escaped(title)) · meals</title>
    <link rel="stylesheet" href="/app.css"><script src="/app.js" defer></script>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest">
    <meta name="theme-color" content="#b34700">
    </head><body data-page="\(page)"\(scriptWords())>
    <header><nav aria-label="\(HTMLEscaping.escaped(tr("Pages")))"><a href="/">\(HTMLEscaping.escaped(tr("Book")))</a><a href="/plan">\(HTMLEscaping.escaped(tr("Plan")))</a><a href="/shopping">\(HTMLEscaping.escaped(tr("Shopping")))</a></nav></header>
    <main>
    \(main)
    </main></body></html>

    """
  }

  /// A page that only says something (not paired, not found).
  public static func message(title: String, text: String) -> String {
    page(
      title: title, page: "message",
      main: "<h1>\(HTMLEscaping.escaped(title))</h1>\n<p>\(HTMLEscaping.escaped(text))</p>")
  }

  // MARK: - The book

  /// The book: the search form (works without the script), then the meals found.
  public static func book(
    meals: [MealSummary], total: Int, more: Bool = false, query: String, favouritesOnly: Bool,
    categories: [String], category: String?, withPhotos: Set<Int64> = [], offersTrust: Bool = false
  ) -> String {
    let words = (
      title: HTMLEscaping.escaped(tr("My Meals")), search: HTMLEscaping.escaped(tr("Search")),
      searchMeals: HTMLEscaping.escaped(tr("Search meals")),
      favourites: HTMLEscaping.escaped(tr("Favourites"))
    )
    var main = """
      <h1>\(words.title)</h1>
      <form class="search" method="get" action="/" role="search">
      <input type="search" id="q" name="q" value="\(HTMLEscaping.escaped(query))" placeholder="\(words.search)" aria-label="\(words.searchMeals)">
      <label><input type="checkbox" name="favourites" value="1"\(favouritesOnly ? " checked" : "")> \(words.favourites)</label>

      """
    if !categories.isEmpty {
      main +=
        "<select name=\"category\" aria-label=\"\(HTMLEscaping.escaped(tr("Category")))\"><option value=\"\">\(HTMLEscaping.escaped(tr("All categories")))</option>"
      for name in categories {
        let chosen = name == category ? " selected" : ""
        main +=
          "<option value=\"\(HTMLEscaping.escaped(name))\"\(chosen)>\(HTMLEscaping.escaped(name))</option>"
      }
      main += "</select>\n"
    }
    main += "<button type=\"submit\">\(words.search)</button>\n</form>\n"
    main +=
      "<p class=\"count\" id=\"count\" role=\"status\" aria-live=\"polite\">\(countText(shown: meals.count, total: total, more: more))</p>\n"
    main += "<ul class=\"meals\" id=\"meals\">\n"
    for meal in meals { main += bookRow(meal, hasPhoto: withPhotos.contains(meal.id)) }
    main += "</ul>\n"
    if offersTrust {
      main +=
        "<p class=\"trust\"><a href=\"/trust\">\(HTMLEscaping.escaped(tr("Trust this phone")))</a>: "
        + HTMLEscaping.escaped(
          tr("no warning, and the book kept for when meals cannot be reached."))
        + "</p>\n"
    }
    main += languageChoice()
    return page(title: tr("My Meals"), page: "book", main: main)
  }

  /// The page's language chosen by hand (`?lang=de`, kept by a cookie).
  ///
  /// The browser's language is what a phone gets first; each language is named in itself.
  static func languageChoice() -> String {
    let names = [
      "en": "English", "de": "Deutsch", "es": "Español", "fr": "Français", "it": "Italiano",
      "ja": "日本語", "nl": "Nederlands", "pl": "Polski", "pt_BR": "Português (Brasil)",
      "sv": "Svenska", "zh_CN": "简体中文",
    ]
    let current = Translator.language ?? "en"
    var form = "<form class=\"language\" method=\"get\" action=\"/\">"
    form += "<label>\(HTMLEscaping.escaped(tr("Language"))) <select name=\"lang\">"
    for language in ["en"] + Translator.available {
      let chosen = language == current ? " selected" : ""
      let name = names[language] ?? language
      form += "<option value=\"\(language)\"\(chosen)>\(HTMLEscaping.escaped(name))</option>"
    }
    form +=
      "</select></label> <button type=\"submit\">\(HTMLEscaping.escaped(tr("Change")))</button></form>\n"
    return form
  }

  // MARK: - Away

  /// The page the service worker keeps (`/offline`) for a page it never kept, shown when meals
  /// cannot be reached: in the phone's language, as it was when last read.
  public static func offline() -> String {
    message(
      title: trc("phone page", "Not kept on this phone"),
      text: trc(
        "phone page",
        "meals cannot be reached, and this page was not opened here before. The book, the week plan and the shopping list are kept."
      ))
  }

  // MARK: - Trusting meals

  /// How a phone installs meals' certificate authority (nil: served to this machine only).
  ///
  /// The settings' names are the ones each phone shows in its own language.
  public static func trust(authorityFingerprint: String?) -> String {
    let title = tr("Trust this phone")
    guard let fingerprint = authorityFingerprint else {
      return message(
        title: title,
        text: trc(
          "trust page",
          "This book is served to this machine only, so there is nothing to trust. For phones on your network: %s."
        ).filled("meals serve --lan"))
    }
    func step(_ text: String) -> String { "<li>\(said(text))</li>" }
    let file = "<b>meals-ca.crt</b>"
    let main = """
      <h1>\(said(title))</h1>
      <p>\(said(trc("trust page", "Install meals' certificate authority once: the phone then opens the book without a warning, keeps it for when meals cannot be reached, and keeps the screen awake in Cook Mode. It can vouch for this machine and nothing else.")))</p>
      <p><a class="button" href="/meals-ca.crt" download="meals-ca.crt">\(said(trc("trust page", "Download the certificate")))</a></p>
      <p>\(said(trc("trust page", "Its SHA-256, as the phone shows it:"))) <code class="fingerprint">\(HTMLEscaping.escaped(fingerprint))</code></p>
      <h2>Android</h2>
      <ol>
      \(step(trc("trust page", "Download the certificate above.")))
      \(step(trc("trust page", "In Settings, search for “CA certificate” (Security › Encryption & credentials › Install a certificate › CA certificate).")))
      <li>\(said(trc("trust page", "Choose %s from Downloads and install it anyway.")).filled(file))</li>
      \(step(trc("trust page", "Open the book again.")))
      </ol>
      <h2>\(said(trc("trust page", "iPhone and iPad")))</h2>
      <ol>
      \(step(trc("trust page", "Open this page in Safari and download the certificate; allow the profile.")))
      \(step(trc("trust page", "Settings › General › VPN & Device Management: the profile, then Install.")))
      \(step(trc("trust page", "Settings › General › About › Certificate Trust Settings: turn it on.")))
      \(step(trc("trust page", "Open the book again.")))
      </ol>
      <p>\(said(trc("trust page", "After %s the phone trusts the book no more: remove the old certificate and install the new one.")).filled("<code>meals serve --new-certificate</code>"))</p>
      """
    return page(title: title, page: "trust", main: main)
  }

  /// `more`: there are more than `total` (a search counts up to `countLimit`).
  static func countText(shown: Int, total: Int, more: Bool = false) -> String {
    if more {
      return tr("More than %1$d meals; the first %2$d shown: search to find the others.").filled(
        String(total), String(shown))
    }
    switch total {
    case 0: return tr("No meals.")
    case shown: return trn("%d meal.", "%d meals.", total)
    default:
      return tr("%1$d meals; the first %2$d shown: search to find the others.").filled(
        String(total), String(shown))
    }
  }

  /// A meal's row; with its own photo, a thumbnail of it first (loaded as it scrolls in).
  static func bookRow(_ meal: MealSummary, hasPhoto: Bool = false) -> String {
    let parts = meal.fieldParts().joined(separator: " · ")
    let thumbnail =
      hasPhoto
      ? "<img class=\"thumb\" src=\"/photo/\(meal.id)\" alt=\"\" loading=\"lazy\" width=\"48\" height=\"48\">"
      : ""
    return """
      <li><a href="/meal/\(meal.id)">\(thumbnail)<span class="name" dir="auto">\(HTMLEscaping.escaped(meal.name))</span>\
      \(parts.isEmpty ? "" : "<span class=\"fields\" dir=\"auto\">\(HTMLEscaping.escaped(parts))</span>")\
      <span class="summary" dir="auto">\(HTMLEscaping.escaped(meal.summary))</span></a></li>

      """
  }

  // MARK: - A meal

  /// A meal: photo, what it is, its ingredients for `servings`, its cookware, its steps, and
  /// Cook Mode.
  public static func meal(
    _ meal: Meal, id: Int64, servings: Servings, lines: [IngredientMeasurement], hasPhoto: Bool,
    units: UnitSystem = .asWritten
  ) -> String {
    let unitsQuery = units == .asWritten ? "" : "&amp;units=\(units.rawValue)"
    var main =
      "<article class=\"meal\">\n<h1 dir=\"auto\">\(HTMLEscaping.escaped(meal.name))</h1>\n"
    if let picture = pictureAddress(meal, id: id, hasPhoto: hasPhoto) {
      main += "<img class=\"photo\" src=\"\(HTMLEscaping.escaped(picture))\" alt=\"\">\n"
    }
    let facts = [
      meal.category, meal.area, meal.totalMinutes.map(MealFields.describeMinutes),
      meal.difficulty?.label, meal.rating > 0 ? MealFields.stars(meal.rating) : nil,
      meal.favourite ? tr("★ favourite") : nil,
    ].compactMap { $0 }.filter { !$0.isEmpty }
    if !facts.isEmpty {
      main +=
        "<p class=\"facts\" dir=\"auto\">\(HTMLEscaping.escaped(facts.joined(separator: " · ")))</p>\n"
    }
    main += """
      <p class="actions"><a class="button" href="/cook/\(id)?servings=\(servings.current)\(unitsQuery)">\(said(trc("phone page", "Cook")))</a></p>
      <form class="servings" method="get" action="/meal/\(id)">
      <label>\(said(trc("phone page", "Servings"))) <input type="number" name="servings" min="\(Servings.range.lowerBound)" max="\(Servings.range.upperBound)" value="\(servings.current)"></label>
      \(units == .asWritten ? "" : "<input type=\"hidden\" name=\"units\" value=\"\(units.rawValue)\">")<button type="submit">\(said(trc("phone page", "Scale")))</button>\(servings.isScaled ? " <span class=\"note\">\(said(trc("phone page", "written for %d").filled(String(servings.base))))</span>" : "")
      </form>
      \(unitsChoice(id: id, servings: servings.current, chosen: units))
      <h2>\(said(tr("Ingredients")))</h2>

      """
    main += ingredientList(lines)
    if !meal.cookware.isEmpty {
      main +=
        "<h2>\(said(tr("Cookware")))</h2>\n<p class=\"cookware\">\(HTMLEscaping.escaped(Cookware.line(meal.cookware)))</p>\n"
    }
    // Notes are read, not done: their own heading and paragraphs, not numbered as steps.
    let method = CookMethod(of: meal)
    let steps = method.steps
    if !steps.isEmpty {
      main += "<h2>\(said(trc("phone page", "Steps")))</h2>\n"
      var section: String?
      var open = false
      for step in steps {
        if step.section != section {
          if open { main += "</ol>\n" }
          open = false
          section = step.section
          if let section { main += "<h3 dir=\"auto\">\(HTMLEscaping.escaped(section))</h3>\n" }
        }
        if !open {
          main += "<ol class=\"steps\">\n"
          open = true
        }
        main += "<li dir=\"auto\">\(HTMLEscaping.escaped(step.text))</li>\n"
      }
      if open { main += "</ol>\n" }
    }
    if !method.notes.isEmpty {
      main += "<h2>\(said(trc("phone page", "Notes")))</h2>\n"
      for note in method.notes {
        main += "<p class=\"note\" dir=\"auto\">\(HTMLEscaping.escaped(note))</p>\n"
      }
    }
    if let source = meal.sourceURL, let link = webAddress(source) {
      main +=
        "<p class=\"source\"><a href=\"\(HTMLEscaping.escaped(link))\" rel=\"noopener noreferrer\">\(said(trc("phone page", "Source")))</a></p>\n"
    }
    main += "</article>\n"
    return page(title: meal.name, page: "meal", main: main)
  }

  /// The units to read a meal in, as links (the chosen one marked): as written, metric, US.
  static func unitsChoice(id: Int64, servings: Int, chosen: UnitSystem) -> String {
    let links = UnitSystem.allCases.map { system in
      let address = "/meal/\(id)?servings=\(servings)&amp;units=\(system.rawValue)"
      let current = system == chosen ? " aria-current=\"true\"" : ""
      return "<a href=\"\(address)\"\(current)>\(said(system.label))</a>"
    }
    return
      "<nav class=\"units\" aria-label=\"\(said(trc("phone page", "Units")))\">"
      + said(trc("phone page", "Units: %s")).filled(links.joined(separator: " · ")) + "</nav>"
  }

  /// The ingredient lines, a group's under its title.
  static func ingredientList(_ lines: [IngredientMeasurement]) -> String {
    guard !lines.isEmpty else { return "<p class=\"note\">No ingredients listed.</p>\n" }
    var out = ""
    for run in lines.groupRuns {
      if !run.group.isEmpty { out += "<h3 dir=\"auto\">\(HTMLEscaping.escaped(run.group))</h3>\n" }
      out += "<ul class=\"ingredients\">\n"
      for line in run.lines {
        out +=
          "<li dir=\"auto\"><span class=\"measure\">\(HTMLEscaping.escaped(DecimalText.shown(line.quantity)))</span> "
        out += "<span class=\"ingredient\">\(HTMLEscaping.escaped(line.name))</span></li>\n"
      }
      out += "</ul>\n"
    }
    return out
  }

  /// The meal's own photo, else TheMealDB's picture (an https address only).
  static func pictureAddress(_ meal: Meal, id: Int64, hasPhoto: Bool) -> String? {
    if hasPhoto { return "/photo/\(id)" }
    guard let thumbnail = meal.thumbnailURL, thumbnail.lowercased().hasPrefix("https://") else {
      return nil
    }
    return thumbnail
  }

  /// An http(s) address, else nil: a `javascript:` source is never a link.
  static func webAddress(_ text: String) -> String? {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
      !text.contains(where: { $0.isWhitespace })
    else { return nil }
    return text
  }

  // MARK: - Cook Mode

  /// Cook Mode: what to gather (the ingredients, the cookware), then every step (the script
  /// shows one at a time), each with the ingredients it names and a timer for each time it
  /// gives.
  public static func cook(
    _ meal: Meal, id: Int64, servings: Servings, lines: [IngredientMeasurement],
    units: UnitSystem = .asWritten
  ) -> String {
    let unitsQuery = units == .asWritten ? "" : "&amp;units=\(units.rawValue)"
    let method = CookMethod(of: meal)
    let steps = method.steps
    var main = """
      <h1 class="cook-title" dir="auto" data-meal="\(id)"><a href="/meal/\(id)?servings=\(servings.current)\(unitsQuery)">\(HTMLEscaping.escaped(meal.name))</a></h1>
      <div class="timers" id="timers" role="status" aria-live="polite" aria-label="\(said(trc("phone page", "Timers")))"></div>
      <p class="said" id="step-said" aria-live="polite"></p>
      <section class="step gather" data-step="0">
      <p class="step-number">\(said(trc("phone page", "Gather · for %d").filled(String(servings.current))))</p>

      """
    main += ingredientList(lines)
    if !meal.cookware.isEmpty {
      main +=
        "<p class=\"cookware\">\(said(trc("phone page", "Cookware: %s").filled(Cookware.line(meal.cookware))))</p>\n"
    }
    // Notes are read while gathering: they are not steps.
    for note in method.notes {
      main += "<p class=\"note\" dir=\"auto\">\(HTMLEscaping.escaped(note))</p>\n"
    }
    // "Cooked it" closes the last step (the gathering, when there are none).
    let cookedButton = """
      <p class="cooked-it"><button type="button" id="cooked"\(servings.said.map { " data-servings=\"\($0)\"" } ?? "")>\(said(trc("phone page", "Cooked it")))</button></p>
      <p class="cooked-said" id="cooked-said" role="status" aria-live="polite"></p>

      """
    if steps.isEmpty { main += cookedButton }
    main += "</section>\n"
    for (index, step) in steps.enumerated() {
      main += "<section class=\"step\" data-step=\"\(index + 1)\">\n"
      main +=
        "<p class=\"step-number\">"
        + said(
          trc("phone page", "Step %1$d of %2$d").filled(String(index + 1), String(steps.count)))
      if let section = step.section { main += " · \(HTMLEscaping.escaped(section))" }
      main += "</p>\n<p class=\"step-text\" dir=\"auto\">\(HTMLEscaping.escaped(step.text))</p>\n"
      let used = lines.filter { mentions(step.text, $0.name) }
      if !used.isEmpty {
        main += "<ul class=\"step-ingredients\">\n"
        for line in used {
          main +=
            "<li dir=\"auto\"><label><input type=\"checkbox\" class=\"added\"> \(HTMLEscaping.escaped(DecimalText.shown(line.quantity))) \(HTMLEscaping.escaped(line.name))</label></li>\n"
        }
        main += "</ul>\n"
      }
      for duration in StepDuration.find(in: step.text) {
        let phrase = String(step.text[duration.range])
        main += """
          <button type="button" class="timer" data-seconds="\(duration.seconds)" data-label="\(said(phrase))">\(said(trc("phone page", "Timer: %s").filled(phrase)))</button>

          """
      }
      if index == steps.count - 1 { main += cookedButton }
      main += "</section>\n"
    }
    if steps.isEmpty {
      main += "<p class=\"note\">\(said(trc("phone page", "No steps written.")))</p>\n"
    }
    main += """
      <nav class="cook-nav" aria-label="\(said(trc("phone page", "Steps")))"><button type="button" id="previous">\(said(trc("phone page", "← Back")))</button>\
      <button type="button" id="next">\(said(trc("phone page", "Next →")))</button></nav>

      """
    return page(
      title: trc("phone page", "Cook: %s").filled(meal.name), page: "cook", main: main)
  }

  /// Whether a step names an ingredient (a whole word or words, case and accents ignored).
  static func mentions(_ step: String, _ ingredient: String) -> Bool {
    let name = TextFolding.key(ingredient.trimmingSpaces())
    guard name.count >= 3 else { return false }
    let text = TextFolding.key(step)
    var rest = text[...]
    while let found = rest.firstRange(ofText: name) {
      let before =
        found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
      let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
      let alone =
        !(before?.isLetter ?? false)
        && !(after.map { $0.isLetter && $0 != "s" } ?? false)
      if alone { return true }
      rest = text[found.upperBound...]
    }
    return false
  }

  // MARK: - The week plan

  /// The week from `monday`: each day's meals by slot, links to the weeks around.
  public static func plan(monday: CivilDate, entries: [PlanEntry]) -> String {
    let previous = monday.adding(days: -7).isoWeekName
    let next = monday.adding(days: 7).isoWeekName
    var main = """
      <h1>\(said(trc("phone page", "Week %s").filled(monday.isoWeekName)))</h1>
      <p class="weeks"><a href="/plan?week=\(previous)">← \(previous)</a> <a href="/plan?week=\(next)">\(next) →</a></p>

      """
    for offset in 0..<7 {
      let day = monday.adding(days: offset)
      let planned = entries.filter { $0.day == day }
      main += "<section class=\"day\"><h2>\(HTMLEscaping.escaped(dayName(day)))</h2>\n"
      if planned.isEmpty {
        main += "<p class=\"note\">\(said(trc("phone page", "Nothing planned.")))</p>\n"
      } else {
        main += "<ul class=\"planned\">\n"
        for entry in planned {
          main += "<li><span class=\"slot\">\(said(entry.slot.label))</span> "
          main += "<a href=\"/meal/\(entry.mealID)?servings=\(entry.servings)\">"
          main += "<bdi>\(HTMLEscaping.escaped(entry.mealName))</bdi></a>"
          main +=
            " <span class=\"note\">\(said(trc("phone page", "for %d").filled(String(entry.servings))))</span>"
          if !entry.note.isEmpty {
            main += " <span class=\"note\" dir=\"auto\">\(HTMLEscaping.escaped(entry.note))</span>"
          }
          main += "</li>\n"
        }
        main += "</ul>\n"
      }
      main += "</section>\n"
    }
    return page(
      title: trc("phone page", "Plan %s").filled(monday.isoWeekName), page: "plan", main: main)
  }

  /// `Monday 30 November`.
  static func dayName(_ day: CivilDate) -> String {
    let weekday =
      switch day.weekday {
      case 1: trc("weekday, in full", "Monday")
      case 2: trc("weekday, in full", "Tuesday")
      case 3: trc("weekday, in full", "Wednesday")
      case 4: trc("weekday, in full", "Thursday")
      case 5: trc("weekday, in full", "Friday")
      case 6: trc("weekday, in full", "Saturday")
      default: trc("weekday, in full", "Sunday")
      }
    let month =
      switch day.month {
      case 1: trc("month, in full", "January")
      case 2: trc("month, in full", "February")
      case 3: trc("month, in full", "March")
      case 4: trc("month, in full", "April")
      case 5: trc("month, in full", "May")
      case 6: trc("month, in full", "June")
      case 7: trc("month, in full", "July")
      case 8: trc("month, in full", "August")
      case 9: trc("month, in full", "September")
      case 10: trc("month, in full", "October")
      case 11: trc("month, in full", "November")
      default: trc("month, in full", "December")
      }
    return trc("date in full: weekday, day, month", "%1$s %2$d %3$s").filled(
      weekday, String(day.day), month)
  }

  // MARK: - The shopping list

  /// The shopping list as the terminal shows it: an ingredient's items added up in one row
  /// (`1 cup` and `250 ml` of milk), in name order, ticked rows last and what the pantry has
  /// after them; the boxes tick with the script (without it the list reads).
  public static func shopping(_ rows: [ShoppingRow]) -> String {
    var main = "<h1>\(said(tr("Shopping")))</h1>\n"
    if rows.isEmpty {
      main +=
        "<p class=\"note\" id=\"empty\">"
        + said(trc("phone page", "The list is empty: add a meal's ingredients in meals."))
        + "</p>\n"
    }
    // Ticks made while meals cannot be reached are said here (by the script) until sent.
    main += "<p class=\"note\" id=\"waiting\" role=\"status\" aria-live=\"polite\"></p>\n"
    main += "<ul class=\"shopping\" id=\"shopping\">\n"
    for (index, row) in rows.enumerated() {
      // The shop's aisles over their rows, as the terminal's list shows them.
      if let heading = ShoppingList.heading(over: row, after: index > 0 ? rows[index - 1] : nil) {
        main += "<li class=\"aisle\"><h2>\(HTMLEscaping.escaped(heading))</h2></li>\n"
      }
      main += shoppingRow(row)
    }
    main += "</ul>\n"
    return page(title: tr("Shopping"), page: "shopping", main: main)
  }

  /// A row's box names its first item (`data-id`) and all of them (`data-ids`): a tick ticks
  /// every item of the row.
  static func shoppingRow(_ row: ShoppingRow) -> String {
    let ticked = row.ticked ? " checked" : ""
    let classes = [row.ticked ? "ticked" : nil, row.atHome ? "at-home" : nil].compactMap { $0 }
    let ids = row.itemIDs.map(String.init).joined(separator: ",")
    let home =
      row.atHome ? " <span class=\"note\">\(said(trc("phone page", "at home")))</span>" : ""
    return """
      <li dir="auto"\(classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")><label><input type="checkbox" data-id="\(row.itemIDs.first ?? 0)" data-ids="\(ids)"\(ticked) disabled> \
      <span class="measure">\(HTMLEscaping.escaped(DecimalText.shown(row.amounts)))</span> \
      <span class="ingredient">\(HTMLEscaping.escaped(row.name))</span>\(home) \
      <span class="from" dir="auto">\(HTMLEscaping.escaped(row.meals.joined(separator: ", ")))</span></label></li>

      """
  }
}
