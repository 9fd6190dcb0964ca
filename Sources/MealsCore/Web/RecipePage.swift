import FoundationEssentials

/// The recipes on a web page, read as a careful reader would: best source first.
///
/// JSON-LD (every block, leniently), then microdata, then RDFa, then the recipe plugins' markup
/// and the page's own headings and lists, with OpenGraph for a title and a picture as the last
/// resort. A recipe found in a better source takes what it lacks (ingredients, steps, servings,
/// times, a picture) from the others. Pure: the caller fetched or read the page.
public enum RecipePage {
  /// What a page holds.
  public struct Reading: Sendable {
    public var candidates: [ImportCandidate]
    /// What the page is when it holds no recipe (`an article titled “…”`), for the message.
    public var description: String
  }

  /// The page's recipes; `address` is where it came from (kept with each meal, and the base
  /// of relative picture addresses).
  public static func read(html: String, address: String? = nil) -> Reading {
    let page = HTMLDocument(html)
    var found = scriptRecipes(page)
    found += PageProperties.recipes(in: page, markup: .microdata)
    found += PageProperties.recipes(in: page, markup: .rdfa)
    let graph = OpenGraph(page)
    let sites = PageTitle.siteNames(siteName: graph.siteName, address: address)
    var recipes = about(merged(found.map(PageSteps.cleaned)), page: page, sites: sites)
    // The page's own step lists are looked for only when no structured data gives steps.
    let marked = PageMarkup.recipe(in: page, steps: recipes.first?.steps.isEmpty ?? true)
      .map(PageSteps.cleaned)
    if let marked, !recipes.isEmpty { recipes[0] = completed(recipes[0], marked: marked) }
    if let first = recipes.first, first.ingredientGroups.isEmpty,
      let headed = headed(first.ingredients, page: page)
    {
      recipes[0].takeIngredients(of: headed)
    }
    // A page without structured data: its recipe as far as the page shows one (a list that
    // reads as ingredients, or steps that read as a method), the rest said when it comes in.
    if recipes.isEmpty, let marked, !marked.ingredients.isEmpty || !marked.steps.isEmpty {
      recipes = [marked]
    }
    // Servings and times stated in words, read only when the recipe lacks them (it is a walk
    // over the whole page's text).
    if let first = recipes.first, first.servings == nil || first.totalTime == nil {
      let facts = PageFacts.read(page)
      recipes[0].servings = first.servings ?? facts.servings
      recipes[0].totalTime = first.totalTime ?? facts.totalTime
    }
    let pageTitles = [
      marked?.name, graph.title, page.elements(named: "title").first.map { page.text(of: $0) },
    ]
    .compactMap { $0 }.filter { !MealRules.isBlank($0) && !PageTitle.isLandmark($0) }
    var candidates: [ImportCandidate] = []
    for (index, var recipe) in recipes.enumerated() {
      // The data's own name is the recipe's as the site wrote it; a title the page gives
      // (its heading, `og:title`, `<title>`) carries the site's name by custom, which goes.
      let fromData = !found.isEmpty && !(recipe.name.map(MealRules.isBlank) ?? true)
      if recipe.name.map({ MealRules.isBlank($0) || PageTitle.isLandmark($0) }) ?? true {
        recipe.name = pageTitles.first
      }
      recipe.image = recipe.image ?? graph.image
      var candidate = recipe.candidate(index: index)
      if var meal = candidate.meal {
        // Cleaned as read (entities decoded): what the site adds to every title goes.
        meal.name = PageTitle.cleaned(meal.name, sites: fromData ? [] : sites)
        if let address, recipe.url == nil { meal.sourceURL = address }
        meal.thumbnailURL = meal.thumbnailURL.map { absolute($0, base: address) }
        candidate = ImportCandidate(place: candidate.place, meal: meal)
      }
      candidates.append(candidate)
    }
    return Reading(candidates: candidates, description: describe(page, graph: graph))
  }

  // MARK: - Sources

  /// The Recipe objects of every JSON-LD block.
  static func scriptRecipes(_ page: HTMLDocument) -> [RecipeFields] {
    page.elements(named: "script").flatMap { script -> [RecipeFields] in
      guard let type = page.attribute("type", of: script)?.lowercased(), type.contains("ld+json"),
        let text = page.nodes[script].children.first.map({ page.nodes[$0].text }),
        let value = LenientJSON.parse(text)
      else { return [] }
      return SchemaOrgRecipe.recipes(in: value).map(SchemaOrgRecipe.fields)
    }
  }

  /// The recipe the page is about when it holds several (its related recipes' data too).
  ///
  /// The one named as the page is — its `h1`, its OpenGraph title or its `<title>`, less what
  /// the site adds. Every recipe when none is, or several are (a page of recipes).
  static func about(_ recipes: [RecipeFields], page: HTMLDocument, sites: [String] = [])
    -> [RecipeFields]
  {
    guard recipes.count > 1 else { return recipes }
    let titles =
      page.elements(named: "h1").map { page.text(of: $0) }
      + [OpenGraph(page).title]
      .compactMap { $0 } + page.elements(named: "title").map { page.text(of: $0) }
    func key(_ title: String) -> String { TextFolding.key(PageTitle.cleaned(title, sites: sites)) }
    let keys = Set(titles.map(key).filter { !$0.isEmpty })
    let named = recipes.filter { keys.contains(key($0.name ?? "")) }
    if named.count == 1 { return named }
    guard named.isEmpty else { return recipes }
    // Or the one whose name the page's title holds, or that holds it (`The Best Chicken
    // Tikka Masala` over `Chicken Tikka Masala`), when only one does.
    let within = recipes.filter { recipe in
      let name = key(recipe.name ?? "")
      return name.count >= 4
        && keys.contains { $0.count >= 4 && ($0.contains(name) || name.contains($0)) }
    }
    return within.count == 1 ? within : recipes
  }

  /// The recipes of the best source, each completed from the recipes of the others: one
  /// recipe per distinct name (a page repeats its recipe in several sources).
  static func merged(_ found: [RecipeFields]) -> [RecipeFields] {
    var recipes: [RecipeFields] = []
    var keys: [String] = []
    for recipe in found {
      let key = TextFolding.key(recipe.name ?? "")
      if let index = keys.firstIndex(of: key) ?? (key.isEmpty && !recipes.isEmpty ? 0 : nil) {
        recipes[index] = recipes[index].filled(from: recipe)
      } else {
        recipes.append(recipe)
        keys.append(key)
      }
    }
    return recipes
  }

  /// The first recipe completed from the plugins' markup and the page's own lists, whose
  /// ingredient lines win when they are the structured ones with what those lost.
  static func completed(_ recipe: RecipeFields, marked: RecipeFields) -> RecipeFields {
    var recipe = recipe.filled(from: marked)
    if recipe.ingredients.count <= 2, marked.ingredients.count >= 4,
      marked.ingredients.count >= 3 * recipe.ingredients.count,
      Double(marked.ingredients.filter { $0.contains(where: \.isNumber) }.count)
        >= 0.5 * Double(marked.ingredients.count)
    {
      // The data names a word or two (`Chicken`) where the page lists the recipe's lines
      // with their amounts: the page's list is the recipe's.
      recipe.ingredients = marked.ingredients
    } else if let fuller = fuller(marked.ingredients, than: recipe.ingredients) {
      recipe.ingredients = fuller
    } else if let shown = reworded(marked.ingredients, than: recipe.ingredients) {
      recipe.ingredients = shown
    } else if recipe.ingredientGroups.isEmpty,
      let grouped = regrouped(recipe.ingredients, shown: marked.ingredients)
    {
      recipe.takeIngredients(of: grouped)
    }
    return recipe
  }

  /// The data's lines with its group headings made groups.
  ///
  /// The page shows every line of the data but a few without an amount (`Yoghurt and Ouzo
  /// Dressing`), which it shows as headings. Nil when the lines differ otherwise.
  static func regrouped(_ data: [String], shown: [String]) -> RecipeFields? {
    guard !shown.isEmpty, shown.count < data.count, data.count - shown.count <= 4 else {
      return nil
    }
    var fields = RecipeFields()
    var next = shown.startIndex
    for line in data {
      if next < shown.endIndex, TextFolding.key(line) == TextFolding.key(shown[next]) {
        fields.ingredients.append(line)
        next += 1
      } else if !line.contains(where: \.isNumber), line.count <= 60,
        fields.ingredientGroups[fields.ingredients.count] == nil
      {
        fields.startGroup(line.trimming { $0 == " " || $0 == ":" })
      } else {
        return nil
      }
    }
    return next == shown.endIndex ? fields : nil
  }

  /// The page's visible ingredient lines when the structured data lost part of each.
  ///
  /// Lost amounts: `Knoblauchzehe` for `1 Stück Knoblauchzehe`. As many lines (the first
  /// ones), each holding the structured one, at least one longer. Nil otherwise.
  static func fuller(_ shown: [String], than data: [String]) -> [String]? {
    guard shown.count >= data.count, !data.isEmpty else { return nil }
    // The visible list may run on into the next part of the page: its start is compared.
    let lines = visible(shown, first: data.count)
    var longer = false
    for (visible, structured) in zip(lines, data) {
      let outer = TextFolding.key(visible)
      let inner = TextFolding.key(structured)
      guard outer.contains(inner) else { return nil }
      if outer.count > inner.count { longer = true }
    }
    return longer ? lines : nil
  }

  /// The data's lines with those the page shows as headings made groups (`Salsa`), and the
  /// one that only says "Ingredients" (`Suroviny`) left out: it titles the list.
  ///
  /// Nil when no line without an amount is a heading on the page.
  static func headed(_ data: [String], page: HTMLDocument) -> RecipeFields? {
    let bare = data.filter { !$0.contains(where: \.isNumber) && $0.count <= 60 }
    guard !bare.isEmpty, data.count > bare.count else { return nil }
    func key(_ text: String) -> String {
      TextFolding.key(text).trimming { $0 == " " || $0 == ":" }
    }
    let headings = Set(
      page.elements().filter { ["h2", "h3", "h4", "h5", "h6"].contains(page.nodes[$0].name) }
        .map { key(page.text(of: $0)) })
    guard bare.contains(where: { headings.contains(key($0)) }) else { return nil }
    var fields = RecipeFields()
    for line in data {
      guard !line.contains(where: \.isNumber), headings.contains(key(line)) else {
        fields.ingredients.append(line)
        continue
      }
      let title = line.trimming { $0 == " " || $0 == ":" }
      if !PageSections.ingredientWords.contains(title.lowercased()) {
        fields.startGroup(title)
      }
    }
    return fields
  }

  /// The page's visible ingredient lines when they put the data's words in the order a reader
  /// sees them.
  ///
  /// The data writes `mlieko, 500 ml` where the page shows `500 ml mlieko`: as many lines (the
  /// first ones), each with the data's words (and a note in brackets the page adds), some with
  /// the amount brought first. Nil otherwise (punctuation or fractions alone are no reason: the
  /// data's `(large)` and `1/2` are kept).
  static func reworded(_ shown: [String], than data: [String]) -> [String]? {
    guard shown.count >= data.count, !data.isEmpty else { return nil }
    let lines = visible(shown, first: data.count)
    var amountFirst = false
    for (visible, structured) in zip(lines, data) {
      let seen = words(visible)
      let written = words(structured)
      // A note the page adds in brackets at the end (`(for example ricotta)`) is allowed.
      guard
        seen.sorted() == written.sorted()
          || words(withoutNote(visible)).sorted() == written.sorted()
      else { return nil }
      let seenFirst = seen.first?.first?.isNumber ?? false
      let writtenFirst = written.first?.first?.isNumber ?? false
      // A page showing the amount after the name (a table's columns) is not followed.
      if writtenFirst, !seenFirst { return nil }
      if seenFirst, !writtenFirst { amountFirst = true }
    }
    return amountFirst ? lines : nil
  }

  /// The line less a note in brackets at its end.
  static func withoutNote(_ line: String) -> String {
    guard line.hasSuffix(")"), let open = line.lastIndex(of: "(") else { return line }
    return String(line[..<open])
  }

  /// A line's words in their order, letters and digits apart (`500gr` is `500 gr`).
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var digits = false
    for character in TextFolding.key(line) {
      let isDigit = character.isNumber
      if character.isLetter || isDigit {
        if !word.isEmpty, isDigit != digits {
          words.append(word)
          word = ""
        }
        word.append(character)
        digits = isDigit
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// The first `count` visible lines as the data's are compared with them: folded, without
  /// the boxes to tick.
  static func visible(_ shown: [String], first count: Int) -> [String] {
    shown.prefix(count).map { line in
      HTMLDocument.fold(
        String(line.unicodeScalars.filter { !checkboxes.contains($0) }.map(Character.init)))
    }
  }

  /// Boxes some recipe cards draw before each ingredient, to tick.
  static let checkboxes: Set<Unicode.Scalar> = ["\u{25A2}", "\u{2610}", "\u{25A1}", "\u{2B1C}"]

  // MARK: - Addresses and descriptions

  /// `href` made absolute against the page's address (`/img/a.jpg`, `//cdn/a.jpg`, `a.jpg`).
  static func absolute(_ href: String, base: String?) -> String {
    let href = MealRules.trimmed(href)
    guard let base, !href.hasPrefix("http://"), !href.hasPrefix("https://"), !href.isEmpty,
      let scheme = base.firstRange(ofText: "://")
    else { return href }
    if href.hasPrefix("//") { return String(base[..<scheme.lowerBound]) + ":" + href }
    let afterScheme = base[scheme.upperBound...]
    let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
    let origin = String(base[..<hostEnd])
    if href.hasPrefix("/") { return origin + href }
    let folder =
      base[hostEnd...].lastRange(ofText: "/")
      .map { String(base[..<$0.upperBound]) } ?? origin + "/"
    return folder + href
  }

  /// What a page without a recipe is, in a few words.
  static func describe(_ page: HTMLDocument, graph: OpenGraph) -> String {
    let title = graph.title ?? page.elements(named: "title").first.map { page.text(of: $0) }
    let kind =
      graph.type.map { $0 == "website" ? "a web site's page" : "a page of type “\($0)”" }
      ?? "a web page"
    guard let title, !title.isEmpty else { return kind }
    return "\(kind) titled “\(String(title.prefix(80)))”"
  }
}

/// The page's OpenGraph tags (`<meta property="og:…">`): a title and a picture for a recipe
/// that has neither elsewhere, and what the page is.
struct OpenGraph {
  var title: String?
  var image: String?
  var type: String?
  /// The site's own name (`og:site_name`), which titles end with.
  var siteName: String?

  init(_ page: HTMLDocument) {
    for meta in page.elements(named: "meta") {
      guard
        let property = (page.attribute("property", of: meta) ?? page.attribute("name", of: meta))?
          .lowercased(),
        let content = page.attribute("content", of: meta).map(HTMLDocument.fold),
        !content.isEmpty
      else { continue }
      switch property {
      case "og:title" where title == nil: title = content
      case "og:image" where image == nil, "og:image:url" where image == nil,
        "og:image:secure_url" where image == nil:
        image = content
      case "og:type" where type == nil: type = content
      case "og:site_name" where siteName == nil: siteName = content
      default: break
      }
    }
  }
}
