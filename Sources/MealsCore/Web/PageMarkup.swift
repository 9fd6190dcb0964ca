import FoundationEssentials

/// A recipe in a page's visible markup: the recipe plugins' classes (WP Recipe Maker, Tasty
/// Recipes, Mediavine Create, Zip/EasyRecipe, …) and, failing those, what any reader goes by —
/// a heading that says "Ingredients" over a list, one that says "Method" over steps.
///
/// Read as `RecipeFields` (a name, ingredient lines, steps, servings, the total time), to
/// complete or stand in for the page's structured data.
enum PageMarkup {
  /// One plugin's classes for each part of a recipe.
  struct Plugin {
    var name: [String]
    var ingredient: [String]
    var ingredientList: [String]
    var instruction: [String]
    var instructionList: [String]
    var yield: [String]
    var totalTime: [String]
  }

  static let plugins: [Plugin] = [
    Plugin(
      name: ["wprm-recipe-name"], ingredient: ["wprm-recipe-ingredient"], ingredientList: [],
      instruction: ["wprm-recipe-instruction-text"], instructionList: [],
      yield: ["wprm-recipe-servings"], totalTime: ["wprm-recipe-total_time-container"]),
    Plugin(
      name: ["tasty-recipes-title"], ingredient: [],
      ingredientList: ["tasty-recipes-ingredients", "tasty-recipe-ingredients"],
      instruction: [],
      instructionList: ["tasty-recipes-instructions", "tasty-recipe-instructions"],
      yield: ["tasty-recipes-yield"], totalTime: ["tasty-recipes-total-time"]),
    Plugin(
      name: ["mv-create-title"], ingredient: [], ingredientList: ["mv-create-ingredients"],
      instruction: [], instructionList: ["mv-create-instructions"], yield: ["mv-create-yield"],
      totalTime: ["mv-create-time-total"]),
    Plugin(
      name: ["zlrecipe-title", "ERSName"], ingredient: ["zlrecipe-ingredient"],
      ingredientList: ["zlrecipe-ingredients-list", "ERSIngredients"],
      instruction: ["zlrecipe-instruction"],
      instructionList: ["zlrecipe-instructions-list", "ERSInstructions"], yield: [],
      totalTime: []),
  ]

  /// The recipe the markup shows, if any part of one is there: a plugin's, completed from the
  /// page's sections when it lacks ingredients or steps (`steps`: whether to look for them).
  static func recipe(in page: HTMLDocument, steps: Bool = true) -> RecipeFields? {
    let elements = page.elements()
    let sections = PageSections.recipe(in: page, elements: elements, steps: steps)
    guard var recipe = plugin(in: page, elements: elements) else { return sections }
    if recipe.ingredients.isEmpty { recipe.ingredients = sections?.ingredients ?? [] }
    if recipe.steps.isEmpty { recipe.steps = sections?.steps ?? [] }
    if recipe.name == nil { recipe.name = sections?.name }
    return recipe
  }

  private static func plugin(in page: HTMLDocument, elements: [Int]) -> RecipeFields? {
    for plugin in plugins {
      let ingredients = items(
        page, elements, single: plugin.ingredient, lists: plugin.ingredientList)
      let steps = items(page, elements, single: plugin.instruction, lists: plugin.instructionList)
      guard !ingredients.isEmpty || !steps.isEmpty else { continue }
      var recipe = RecipeFields(lines: ingredients, steps: steps)
      recipe.name = first(page, elements, plugin.name)
      recipe.servings = first(page, elements, plugin.yield).flatMap(SchemaOrgRecipe.servings)
      recipe.totalTime = first(page, elements, plugin.totalTime).flatMap(DurationText.minutes)
      return recipe
    }
    return nil
  }

  /// The texts of elements with one of the `single` classes (one item each), else of the list
  /// items inside an element with one of the `lists` classes.
  private static func items(
    _ page: HTMLDocument, _ elements: [Int], single: [String], lists: [String]
  ) -> [String] {
    let singles = elements.filter { node in single.contains { page.hasClass($0, node) } }
    // Nested matches (a plugin's wrapper around its own item) count once, the outer one.
    let outer = singles.filter { node in
      !singles.contains { $0 != node && page.isInside(node, $0) }
    }
    if !outer.isEmpty {
      return outer.map { page.text(of: $0) }.filter { !$0.isEmpty }
    }
    guard let list = elements.first(where: { node in lists.contains { page.hasClass($0, node) } })
    else { return [] }
    let entries = page.elements(named: "li", under: list)
    if !entries.isEmpty { return entries.map { page.text(of: $0) }.filter { !$0.isEmpty } }
    return page.lines(of: list)
  }

  private static func first(_ page: HTMLDocument, _ elements: [Int], _ classes: [String])
    -> String?
  {
    elements.first { node in classes.contains { page.hasClass($0, node) } }
      .map { page.text(of: $0) }.flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// A page's own structure, when no plugin marks the recipe: the list after a heading that
/// names the ingredients, the steps after one that names the method, in the languages recipe
/// sites are written in.
enum PageSections {
  static let ingredientWords = [
    "ingredients", "ingredient", "zutaten", "ingrédients", "ingredienti", "ingredientes",
    "ingrediënten", "ingrediensen", "składniki", "υλικά", "ingredienser", "ainekset",
    "sastojci", "ингредиенты", "інгредієнти", "suroviny", "ingredience", "hozzávalók",
    "sestavine", "ingrediente", "malzemeler", "koostisosad", "ingredientai", "材料", "用料",
    "食材", "재료", "nguyên liệu", "bahan", "bahan-bahan", "what you need", "you will need",
    "you'll need",
  ]
  /// Words a heading over a recipe says when it names no part (`Recipe: …`).
  static let recipeWords = [
    "recipe", "rezept", "recette", "ricetta", "receta", "receita", "recept", "przepis",
    "opskrift", "oppskrift", "resepti", "рецепт", "reçete", "recipe card",
  ]
  static let methodWords = [
    "instructions", "instruction", "method", "directions", "preparation", "steps", "how to make",
    "zubereitung", "préparation", "preparazione", "preparación", "preparo", "bereiding",
    "bereidingswijze", "przygotowanie", "εκτέλεση", "οδηγίες", "fremgangsmåte", "valmistus",
    "tillagning", "приготовление", "приготування", "procedimiento", "procedimento", "werkwijze",
    "procedure", "postup", "elkészítés", "priprema", "hazırlanışı", "yapılışı", "fremgangsmåde",
    "作り方", "做法", "步骤", "만드는 법", "cách làm", "cara membuat", "modo de preparo",
    "modo de preparação", "zo maak je het", "so geht's", "method of preparation",
  ]

  /// A heading and its text as `says` compares it (lower case, trimmed), read once.
  struct Heading {
    var node: Int
    var text: String

    /// Nil when the element is no heading.
    init?(_ node: Int, _ page: HTMLDocument) {
      guard let written = headingText(page, node) ?? blockHeading(node, page) else { return nil }
      self.node = node
      let lower = written.lowercased()
      let ends = { (character: Character) in
        " :.-–—()".contains(character) || (character.isASCII && character.isNumber)
      }
      guard let first = lower.firstIndex(where: { !ends($0) }),
        let last = lower.lastIndex(where: { !ends($0) })
      else {
        text = ""
        return
      }
      text = String(lower[first...last])
    }
  }

  static func recipe(in page: HTMLDocument, elements: [Int], steps wanted: Bool = true)
    -> RecipeFields?
  {
    let headings = elements.compactMap { Heading($0, page) }
    var shown: [String] = []
    var stepLines: [String] = []
    // A bold line or a heading among the lines (`Meatballs`, `The Marinade`) names a group of
    // ingredients; it is not one.
    func groupName(_ text: String) -> String {
      TextFolding.key(text.trimming { $0 == " " || $0 == ":" })
    }
    let candidates = ingredientCandidates(page, elements, headings).map(pairedCells)
    let boldTexts =
      candidates.allSatisfy { $0.allSatisfy { $0.contains(where: \.isNumber) } }
      ? []
      : elements.filter {
        ["strong", "b", "h3", "h4", "h5", "h6"].contains(page.nodes[$0].name)
          && page.hasShortText($0, limit: 400)
      }
      .map { groupName(page.text(of: $0)) }.filter { !$0.isEmpty }
    let groupNames = Set(boldTexts)
    let ingredients =
      candidates
      .map { list in
        let kept = list.filter { line in
          line.contains(where: \.isNumber) || !groupNames.contains(groupName(line))
        }
        guard kept.count < list.count, list.count <= 80 else { return kept }
        // A list that bolds a part of most lines (the names) bolds a whole line for the same
        // reason (`**Kosher salt, pepper**`): no line of it is a group's name.
        let partlyBold = list.map(groupName).filter { key in
          boldTexts.contains { $0.count < key.count && key.contains($0) }
        }
        return partlyBold.count * 2 < list.count ? kept : list
      }
      .filter { (2...60).contains($0.count) }.max { amounts($0) < amounts($1) }
    if let ingredients, amounts(ingredients) >= 0.3 {
      shown = continued(ingredients, among: candidates) ?? ingredients
    }
    let steps = (wanted ? stepCandidates(page, elements, headings) : [])
      .filter { (1...80).contains($0.count) }.max { sentences($0) < sentences($1) }
    if let steps, sentences(steps) >= 0.4 { stepLines = steps }
    if shown.isEmpty, let unnamed = unnamedRecipe(page, elements) {
      // No heading or name points at the ingredients: a list of amounts followed by steps.
      shown = unnamed.ingredients
      if stepLines.isEmpty && wanted { stepLines = unnamed.steps }
    }
    var recipe = RecipeFields(lines: shown, steps: stepLines)
    guard !recipe.isEmpty else { return nil }
    if let title = elements.first(where: { page.nodes[$0].name == "h1" }).map({ page.text(of: $0) }
    ),
      !title.isEmpty
    {
      recipe.name = title
    }
    return recipe
  }

  /// A list whose amounts and foods the page sets in cells of their own (`40 gr`,
  /// `ontbijtspek`, `250 gr`, …), read as one line each: `40 gr ontbijtspek`.
  ///
  /// Only a list that starts with an amount on its own and has two or more: a food's line
  /// followed by a cell of amounts belongs to no such pair.
  static func pairedCells(_ lines: [String]) -> [String] {
    guard let first = lines.first, IngredientLine.isAmountOnly(first),
      lines.count(where: IngredientLine.isAmountOnly) >= 2
    else { return lines }
    var paired: [String] = []
    var index = lines.startIndex
    while index < lines.endIndex {
      let line = lines[index]
      let next = index + 1
      if IngredientLine.isAmountOnly(line), next < lines.endIndex,
        !IngredientLine.isAmountOnly(lines[next]),
        IngredientLine.split(lines[next]).quantity.isEmpty
      {
        paired.append(line + " " + lines[next])
        index += 2
      } else {
        paired.append(line)
        index += 1
      }
    }
    return paired
  }

  /// A recipe no heading names, as recipe pages share it: a list of short lines with amounts
  /// on most (three at least), and right after it steps (a list or paragraphs of sentences).
  ///
  /// The first such list outside the page's furniture; nil when there is none or no steps
  /// follow it (a list of figures alone is no recipe).
  static func unnamedRecipe(_ page: HTMLDocument, _ elements: [Int]) -> (
    ingredients: [String], steps: [String]
  )? {
    for list in elements where ["ul", "ol"].contains(page.nodes[list].name) {
      guard !isHidden(page, list), !isLinks(page, list), !inFurniture(page, list) else {
        continue
      }
      let lines = page.nodes[list].children.filter { page.nodes[$0].name == "li" }
        .map { page.text(of: $0) }.filter { !$0.isEmpty }
      // Most lines open with a measure (`2 eggs`, `1 cup flour`): figures alone (`iPhone 15
      // - $799`) are no ingredients.
      let measured = lines.count { !IngredientLine.split($0).quantity.isEmpty }
      guard (3...60).contains(lines.count), measured * 10 >= lines.count * 6,
        lines.allSatisfy({ $0.count <= 100 })
      else { continue }
      let steps = itemsAfter(list, page: page, lists: false)
      guard !steps.isEmpty, steps.count <= 80, sentences(steps) >= 0.6 else { continue }
      return (lines, steps)
    }
    return nil
  }

  /// Whether an element sits in the page's furniture (its header, navigation, footer, side,
  /// comments, nutrition facts: `endsPart(_:_:)`).
  static func inFurniture(_ page: HTMLDocument, _ node: Int) -> Bool {
    var node = node
    while node > 0 {
      if page.nodes[node].name == "header" || endsPart(page, node) { return true }
      node = page.nodes[node].parent
    }
    return false
  }

  /// The longest list that begins with `list` and goes on with more lines that read as
  /// ingredients: `list` was one group of them (a plugin's first group, by its class), the
  /// other the whole (the groups under the ingredients heading).
  static func continued(_ list: [String], among candidates: [[String]]) -> [String]? {
    candidates.filter { candidate in
      candidate.count > list.count + 1 && candidate.count <= 60 && candidate.starts(with: list)
        && amounts(Array(candidate.dropFirst(list.count))) >= 0.5
    }.max { $0.count < $1.count }
  }

  /// The lists the page's names and headings point at for ingredients; the one that reads
  /// most like ingredient lines wins (amounts on most of them, not a whole page of lines).
  static func ingredientCandidates(
    _ page: HTMLDocument, _ elements: [Int], _ headings: [Heading]
  ) -> [[String]] {
    var lists = itemsNamed(page, elements, "ingredient")
    lists.append(named(page, elements, ["ingredient"], lists: true))
    lists.append(itemprop(page, elements, ["recipeIngredient", "ingredients"]))
    let (over, saysIngredients) = ingredientHeadings(headings)
    let blocks = methodBlocks(page, headings)
    for heading in over.prefix(4) {
      let items = itemsAfter(heading.node, page: page, lists: true, methodBlocks: blocks)
      lists.append(saysIngredients ? items : beforeSteps(items))
    }
    return lists
  }

  /// The lines under a heading naming the whole recipe up to its steps (two sentences in a
  /// row): the ingredients' list and the steps' follow each other there.
  static func beforeSteps(_ lines: [String]) -> [String] {
    func sentence(_ line: String) -> Bool {
      (line.last.map { ".!?".contains($0) } ?? false) && line.split(separator: " ").count >= 6
    }
    for index in lines.indices.dropLast() where sentence(lines[index]) && sentence(lines[index + 1])
    {
      return Array(lines[..<index])
    }
    return lines
  }

  /// The headings over the ingredients: those that say so (`saysIngredients`), or on a page
  /// where none does, those that name the recipe (`Recipe: Orange Juice Carrots` over its
  /// list, then its steps).
  static func ingredientHeadings(_ headings: [Heading]) -> (
    headings: [Heading], saysIngredients: Bool
  ) {
    let named = headings.filter { says($0.text, ingredientWords) }
    return named.isEmpty ? (headings.filter { says($0.text, recipeWords) }, false) : (named, true)
  }

  /// Where the ingredients under each ingredients heading end: a page that names no method
  /// (`Let's get started!`, `Recipe`, none at all) writes its steps after them.
  static func ingredientEnds(_ page: HTMLDocument, _ headings: [Heading]) -> [Int] {
    let blocks = methodBlocks(page, headings)
    return ingredientHeadings(headings).headings.prefix(4).compactMap { heading in
      var end = heading.node
      let items = itemsAfter(
        heading.node, page: page, lists: true, methodBlocks: blocks, end: &end)
      return items.isEmpty || end == heading.node ? nil : end
    }
  }

  /// The same for steps; the one that reads most like steps wins (sentences, not a share
  /// bar's or a menu's short entries).
  static func stepCandidates(_ page: HTMLDocument, _ elements: [Int], _ headings: [Heading])
    -> [[String]]
  {
    var lists = [
      named(page, elements, ["instruction", "direction", "method", "preparation"], lists: false),
      itemprop(page, elements, ["recipeInstructions"]),
    ]
    for heading in headings.filter({ says($0.text, methodWords) }).prefix(4) {
      lists.append(itemsAfter(heading.node, page: page, lists: false))
    }
    for end in ingredientEnds(page, headings) {
      lists.append(itemsAfter(end, page: page, lists: false))
    }
    let (over, saysIngredients) = ingredientHeadings(headings)
    if !saysIngredients {
      // Under a heading naming the recipe, the steps' list follows the ingredients' one.
      let blocks = methodBlocks(page, headings)
      for heading in over.prefix(4) {
        let items = itemsAfter(heading.node, page: page, lists: true, methodBlocks: blocks)
        lists.append(Array(items.dropFirst(beforeSteps(items).count)))
      }
    }
    return lists
  }

  /// Microdata's properties outside any item (`itemprop="ingredients"` with no Recipe around
  /// it): each element's text, or the lines of a single one.
  private static func itemprop(_ page: HTMLDocument, _ elements: [Int], _ names: [String])
    -> [String]
  {
    let found = elements.filter { node in
      page.attribute("itemprop", of: node).map { names.contains($0) } ?? false
    }
    if found.count == 1, let only = found.first { return page.lines(of: only) }
    return found.map { page.text(of: $0) }.filter { !$0.isEmpty }
  }

  /// The share of lines that read as instructions: sentences, a few words ending in a full
  /// stop (ingredient lines and menus rarely do).
  private static func sentences(_ lines: [String]) -> Double {
    let with = lines.filter { line in
      guard line.utf8.contains(0x20) else { return false }
      if line.last.map({ ".!?)".contains($0) }) ?? false { return true }
      // Or a few words that do not start with an amount (`Pre-heat oven to 400`).
      let amount = line.first.map { $0.isNumber || "½¼¾⅓⅔⅛".contains($0) } ?? false
      return !amount && line.split(separator: " ").count >= 4
    }.count
    return Double(with) / Double(max(1, lines.count))
  }

  /// The share of lines holding an amount (a digit or a fraction).
  private static func amounts(_ lines: [String]) -> Double {
    let with = lines.filter { $0.contains { $0.isNumber || "½¼¾⅓⅔⅛".contains($0) } }.count
    return Double(with) / Double(max(1, lines.count))
  }

  /// The texts of the elements whose class names one item of the part (`ingredient`,
  /// `ingredient-item`, `ingredients__item`), one list per such class (a menu's items and the
  /// recipe's are told apart), the outermost of nested ones; at least two each.
  private static func itemsNamed(_ page: HTMLDocument, _ elements: [Int], _ word: String)
    -> [[String]]
  {
    var groups: [String: [Int]] = [:]
    var order: [String] = []
    for node in elements {
      for name in page.classes(of: node) {
        let lower = name.lowercased()
        guard lower.holds(word),
          lower.hasSuffix(word) || lower.hasSuffix("item") || lower.hasSuffix("line")
            || lower.hasSuffix("row")
        else { continue }
        if groups[lower] == nil { order.append(lower) }
        groups[lower, default: []].append(node)
      }
    }
    return order.compactMap { name -> [String]? in
      var outer: [Int] = []
      for item in groups[name] ?? [] where !outer.contains(where: { page.isInside(item, $0) }) {
        outer.append(item)
      }
      let texts = outer.map { page.text(of: $0) }.filter { !$0.isEmpty }
      return texts.count >= 2 ? texts : nil
    }
  }

  /// The items of the innermost element whose class or id names the part (`Ingredients`,
  /// `recipe-ingredients`, `directions`): its list entries, or for steps its paragraphs.
  private static func named(
    _ page: HTMLDocument, _ elements: [Int], _ words: [String], lists: Bool
  ) -> [String] {
    func names(_ node: Int) -> Bool {
      let label = page.nodes[node].label
      return !label.isEmpty && words.contains { label.holds($0) }
        && !["nav", "menu", "link", "tag", "filter", "widget", "search", "related"].contains {
          label.holds($0)
        }
    }
    let matching = elements.filter {
      !["a", "span", "button", "input", "li"].contains(page.nodes[$0].name) && names($0)
    }
    for container in matching {
      var entries = page.elements(named: "li", under: container)
        .filter { entry in page.elements(named: "li", under: entry).isEmpty }
      if entries.isEmpty { entries = page.elements(named: "dt", under: container) }
      if entries.isEmpty && lists {
        // Ingredients as short paragraphs, one each.
        entries = page.elements(named: "p", under: container).filter {
          page.text(of: $0).count <= 120
        }
      }
      // The innermost: no other match inside it holds its entries.
      if matching.contains(where: {
        $0 != container && page.isInside($0, container)
          && !page.elements(named: "li", under: $0).isEmpty
      }) {
        continue
      }
      let items = entries.map { page.text(of: $0) }.filter { !$0.isEmpty }
      if items.count >= 2 { return items }
      if !lists {
        let paragraphs = page.elements(named: "p", under: container).map { page.text(of: $0) }
          .filter { !$0.isEmpty }
        if paragraphs.count >= 2 { return paragraphs }
      }
    }
    return []
  }

  // MARK: - Headings

  /// A block of its own that only says "Ingredients" or "Method" (`<div class="title">
  /// Hozzávalók</div>`): a heading drawn with styles rather than written as one.
  ///
  /// Only the words themselves: a short block is otherwise no heading (an amount's cell is one).
  static func blockHeading(_ node: Int, _ page: HTMLDocument) -> String? {
    // Or a block holding one link or button and nothing else (an accordion's header:
    // `<div class="card-header"><a …>Method</a></div>`).
    guard page.nodes[node].name == "div" else { return nil }
    let elements = page.nodes[node].children.filter { !page.nodes[$0].isText }
    guard
      elements.isEmpty
        || (elements.count == 1
          && elements.allSatisfy { element in
            ["a", "button", "span"].contains(page.nodes[element].name)
              && page.nodes[element].children.allSatisfy { page.nodes[$0].isText }
          }),
      // (Its text as written, indentation and all: the words are compared below.)
      page.hasShortText(node, limit: 1000)
    else { return nil }
    let text = page.text(of: node)
    let word = text.lowercased().trimming { $0 == " " || $0 == ":" }
    return ingredientWords.contains(word) || methodWords.contains(word) ? text : nil
  }

  static func isHeading(_ page: HTMLDocument, _ node: Int) -> Bool {
    headingText(page, node) != nil
  }

  /// A heading's text; nil when the element is none.
  static func headingText(_ page: HTMLDocument, _ node: Int) -> String? {
    switch page.nodes[node].name {
    case "h1", "h2", "h3", "h4", "h5", "h6": return page.text(of: node)
    case "strong", "b", "p", "span", "dt", "th", "caption":
      // A short bold line on its own serves as a heading on many pages.
      // (Its text as written is short before it is read: most paragraphs are not.)
      guard page.nodes[node].children.count <= 2, page.hasShortText(node, limit: 1000) else {
        return nil
      }
      let text = page.text(of: node)
      return text.count <= 40 ? text : nil
    default: return nil
    }
  }

  /// The heading says one of `words`: it is the word (a colon or a count after it allowed), or
  /// a short phrase holding it (`Here's how to make it:`).
  private static func says(_ text: String, _ words: [String]) -> Bool {
    let padded = " " + String(text.map { $0.isLetter || $0 == "'" || $0 == "’" ? $0 : " " }) + " "
    let count = text.split(separator: " ").count
    return words.contains {
      text == $0 || (count <= 6 && padded.holds(" \($0) "))
        || (count <= 12 && text.hasPrefix($0 + " "))  // `Ingredients list for the …`
    }
  }

  /// A heading's rank: 1–6 for `h1`–`h6`, 7 for a bold line serving as one.
  private static func rank(_ page: HTMLDocument, _ node: Int) -> Int {
    let name = page.nodes[node].name
    if name.count == 2, name.first == "h", let level = Int(String(name.last ?? "7")) {
      return level
    }
    return 7
  }

  /// Where a recipe's part certainly ends: the page's furniture and the readers' comments.
  private static func endsPart(_ page: HTMLDocument, _ node: Int) -> Bool {
    if ["footer", "aside", "nav", "form"].contains(page.nodes[node].name) { return true }
    let label = page.nodes[node].label
    return !label.isEmpty
      && ["comment", "related", "share", "social", "byline", "author", "nutrition"].contains {
        label.holds($0)
      }
  }

  /// The method's headings drawn as blocks (an accordion's headers), found once a page from
  /// its headings: any a walk for ingredients reaches ends them.
  private static func methodBlocks(_ page: HTMLDocument, _ headings: [Heading]) -> [Int] {
    headings.map(\.node).filter { node in
      page.nodes[node].name == "div"
        && (blockHeading(node, page).map { says($0.lowercased(), methodWords) } ?? false)
    }
  }

  /// The items after a heading, up to the next one: list entries, or paragraphs for steps;
  /// `methodBlocks` end a list of ingredients (`methodBlocks(_:_:)`).
  private static func itemsAfter(
    _ heading: Int, page: HTMLDocument, lists: Bool, methodBlocks: [Int] = []
  ) -> [String] {
    var end = heading
    return itemsAfter(heading, page: page, lists: lists, methodBlocks: methodBlocks, end: &end)
  }

  /// The same; `end` is where the part's last entry was read (the steps of a page that names
  /// no method often follow there).
  private static func itemsAfter(
    _ heading: Int, page: HTMLDocument, lists: Bool, methodBlocks: [Int], end: inout Int
  ) -> [String] {
    // A bold label opening a paragraph of lines (`<p><b>Ingredients:</b><br>2 eggs<br>…`):
    // the paragraph's lines after it are the part.
    if let lines = linesBeside(heading, page: page) {
      end = page.nodes[heading].parent
      return lines
    }
    var items: [String] = []
    var paragraphs: [String] = []
    var node = heading
    let level = rank(page, heading)
    let methodBlocks = lists ? methodBlocks.filter { $0 > heading } : []
    // Walk forward through the following siblings, climbing out when a parent runs out.
    var steps = 0
    while steps < 400 {
      steps += 1
      guard let next = nextSibling(of: node, page: page) else { break }
      node = next
      let element = page.nodes[node]
      if element.isText { continue }
      if endsPart(page, node) && (!items.isEmpty || !paragraphs.isEmpty) { break }
      // An empty block (a spacer, a line break on its own) is no part of anything.
      let nodeText = page.text(of: node)
      if nodeText.isEmpty { continue }
      let inside = page.elements(under: node)
      // The method's heading ends the ingredients, found or not: what follows is the steps.
      if lists, element.name != "p", startsMethod(page, [node] + inside) { break }
      if ["h1", "h2", "h3", "h4", "h5", "h6"].contains(element.name)
        || (element.name != "p" && isHeading(page, node) && !items.isEmpty)
      {
        // A heading of the part's rank or above ends it; a lower one heads a piece of it.
        if rank(page, node) <= level && (!items.isEmpty || !paragraphs.isEmpty) { break }
        continue
      }
      // A block holding the next heading (of the part's rank or above) ends the list: its
      // lists are the next part's.
      if !items.isEmpty || !paragraphs.isEmpty,
        inside.contains(where: {
          ["h1", "h2", "h3", "h4", "h5", "h6"].contains(page.nodes[$0].name)
            && rank(page, $0) <= level
        })
      {
        break
      }
      // The method's heading drawn as a block (an accordion's header) ends the ingredients,
      // found or not: its list is the steps.
      if lists, methodBlocks.contains(where: { page.isInside($0, node) }) { break }
      if isHidden(page, node) { continue }
      var entries =
        ["ul", "ol"].contains(element.name)
        ? [node] : inside.filter { ["ul", "ol"].contains(page.nodes[$0].name) }
      if lists && entries.isEmpty {
        // A table of ingredients: a row each (`2 | cups | flour`).
        let rows = (element.name == "tr" ? [node] : inside).filter {
          page.nodes[$0].name == "tr"
            && page.nodes[$0].children.contains { page.nodes[$0].name == "td" }
            && !isHidden(page, $0)
        }
        // A list drawn as rows of boxes to tick (`<div><input type=checkbox><div>2 rúd</div>…`).
        let ticked = inside.filter { box in
          page.nodes[box].name == "input"
            && page.attribute("type", of: box)?.lowercased() == "checkbox"
        }
        .map { page.nodes[$0].parent }.filter { $0 >= 0 && !isHidden(page, $0) }
        // A list of terms, the amount as each term and the food as its description.
        if element.name == "dl", let pairs = termPairs(node, page: page) {
          items += pairs
          end = node
          continue
        }
        if ticked.count >= 2 {
          items += ticked.map { page.text(of: $0) }.filter { !$0.isEmpty }
          end = node
          continue
        }
        if rows.isEmpty, let line = cellRow(node, page: page) {
          // A row of cells drawn with blocks (`<div>Flour</div><div>1.000 kg</div>`).
          items.append(line)
          end = node
          continue
        }
        // A table walked a row at a time from a heading in its own first row.
        if rows.count >= 2 || (element.name == "tr" && rows.count == 1) {
          // Cells of icons or marks (`*`, a camera) are no part of the line.
          items += rows.map { row in
            page.nodes[row].children.filter { page.nodes[$0].name == "td" }.map {
              page.text(of: $0)
            }
            .filter { $0.contains { $0.isLetter || $0.isNumber } }.joined(separator: " ")
          }.filter { !$0.isEmpty }
          end = node
          continue
        }
      }
      entries = entries.filter { !isHidden(page, $0) && !isLinks(page, $0) }
      if lists, !entries.isEmpty, let title = groupTitle(paragraphs) {
        // A short line before a list named its group (`Rice`).
        items.append(title + ":")
        paragraphs = []
      }
      for list in entries {
        items += page.nodes[list].children.filter {
          page.nodes[$0].name == "li" && !isHidden(page, $0)
        }
        .map { page.text(of: $0) }.filter { !$0.isEmpty }
        end = list
      }
      if entries.isEmpty && (element.name == "p" || (lists && isLineBlock(page, node))) {
        // A paragraph of lines (`500 g Putenfleisch<br>1 Zwiebel<br>…`) is a list written
        // without one: its lines are the entries, less a leading dash.
        let lines = page.lines(of: node)
        if lines.count >= 2 && items.isEmpty && paragraphs.isEmpty {
          items += lines.map(SchemaOrgRecipe.withoutBullet).filter { !$0.isEmpty }
          end = node
          continue
        }
        // A short bold line between lists names a group of them (`Ranch`, `For the sauce`).
        if lists && !items.isEmpty && isGroupName(page, node) { continue }
        let text = nodeText
        if lists {
          // `Instructions:` in a paragraph of its own ends the ingredients.
          if let heading = Heading(node, page), says(heading.text, methodWords) { break }
          // A list written as paragraphs, a bullet each (`• 1 bag of rice`).
          let bare = SchemaOrgRecipe.withoutBullet(text)
          if bare != text && paragraphs.isEmpty {
            items.append(bare)
            end = node
            continue
          }
        }
        if !text.isEmpty { paragraphs.append(text) }
      }
      if !items.isEmpty && entries.isEmpty && !paragraphs.isEmpty && lists { break }
      if entries.isEmpty && element.name != "p" {
        // Paragraphs inside a block after the heading; for steps, blocks of text of their own
        // (not a numbering: `Step 1`, `Schritt 01`, `1`).
        let leaves =
          lists
          ? inside.filter { page.nodes[$0].name == "p" }
          : ([node] + inside).filter { leaf in
            ["p", "div"].contains(page.nodes[leaf].name)
              && !page.nodes[leaf].children.contains {
                HTMLDocument.blocks.contains(page.nodes[$0].name)
              }
          }
        // A paragraph of numbered steps set apart by line breaks (`1. Mix …<br>2. Bake …`) is
        // a step a line (unnumbered lines are one step's list: `Serve with:<br>rice<br>…`).
        paragraphs += leaves.filter { !isHidden(page, $0, within: node) }
          .flatMap { leaf -> [String] in
            guard !lists, page.nodes[leaf].children.contains(where: { page.nodes[$0].name == "br" })
            else { return [page.text(of: leaf)] }
            let lines = page.lines(of: leaf)
            // Or a sentence a line, each a step (`Beat the eggs.<br>Fold in the flour.<br>…`).
            let sentences = lines.count >= 2 && lines.allSatisfy(isSentence)
            return countsSteps(lines) || sentences ? lines : [page.text(of: leaf)]
          }
          .filter { !$0.isEmpty && !isNumbering($0) }
      }
    }
    guard lists else {
      // Steps: the list's entries or the paragraphs, whichever read more like steps.
      return items.isEmpty || sentences(paragraphs) > sentences(items) ? paragraphs : items
    }
    // Ingredients: the list's entries, unless they hold no amounts and the short paragraphs do
    // (a row of tabs, `US` `METRIC`, is a list too).
    let short = paragraphs.allSatisfy { $0.count <= 120 } ? paragraphs : []
    return items.isEmpty || (amounts(items) < 0.3 && amounts(short) >= 0.3) ? short : items
  }

  /// The lines after a bold label that opens a paragraph of lines set apart by line breaks;
  /// nil when the heading is no such label (two lines at least).
  static func linesBeside(_ heading: Int, page: HTMLDocument) -> [String]? {
    let parent = page.nodes[heading].parent
    guard ["strong", "b", "span"].contains(page.nodes[heading].name), parent > 0,
      ["p", "div"].contains(page.nodes[parent].name)
    else { return nil }
    let siblings = page.nodes[parent].children.filter {
      !page.nodes[$0].isText || !MealRules.isBlank(page.nodes[$0].text)
    }
    guard siblings.first == heading, siblings.count >= 4,
      let after = siblings.dropFirst().first, page.nodes[after].name == "br"
    else { return nil }
    let lines = page.lines(of: parent).dropFirst().map(SchemaOrgRecipe.withoutBullet)
      .filter { !$0.isEmpty }
    return lines.count >= 2 ? lines : nil
  }

  /// A block of lines set apart by line breaks, with no block inside (`<div>2 eggs<br>…`).
  static func isLineBlock(_ page: HTMLDocument, _ node: Int) -> Bool {
    let children = page.nodes[node].children
    return page.nodes[node].name == "div"
      && children.contains { page.nodes[$0].name == "br" }
      && !children.contains { HTMLDocument.blocks.contains(page.nodes[$0].name) }
  }

  /// A line that reads as a sentence of a method: a few words ending in a full stop.
  static func isSentence(_ line: String) -> Bool {
    (line.last.map { ".!".contains($0) } ?? false) && line.split(separator: " ").count >= 4
  }

  /// The lines of a list of terms, each term with its description (`<dt>2</dt><dd>eggs</dd>`
  /// is `2 eggs`); nil unless every term has one.
  static func termPairs(_ list: Int, page: HTMLDocument) -> [String]? {
    let children = page.nodes[list].children.filter { !page.nodes[$0].isText }
    let terms = children.filter { page.nodes[$0].name == "dt" }
    let descriptions = children.filter { page.nodes[$0].name == "dd" }
    guard terms.count >= 2, terms.count == descriptions.count else { return nil }
    return zip(terms, descriptions).map { term, description in
      MealRules.trimmed(page.text(of: term) + " " + page.text(of: description))
    }
  }

  /// Whether a block (given with every element inside it) is, or holds, a heading naming the
  /// method.
  private static func startsMethod(_ page: HTMLDocument, _ elements: [Int]) -> Bool {
    elements.contains { element in
      ["h1", "h2", "h3", "h4", "h5", "h6"].contains(page.nodes[element].name)
        && Heading(element, page).map { says($0.text, methodWords) } == true
    }
  }

  /// A row of cells drawn as blocks, beside a row like it: its line, the amount first.
  ///
  /// Two to five cells, one an amount (`Wholemeal flour` · `1.000 kg` · `100%` is `1.000 kg
  /// Wholemeal flour 100%`). Nil for anything else.
  static func cellRow(_ node: Int, page: HTMLDocument) -> String? {
    func cells(_ row: Int) -> [Int]? {
      guard page.nodes[row].name == "div" else { return nil }
      let children = page.nodes[row].children.filter {
        !page.nodes[$0].isText || !MealRules.isBlank(page.nodes[$0].text)
      }
      guard (2...5).contains(children.count),
        children.allSatisfy({ child in
          ["div", "span"].contains(page.nodes[child].name)
            && page.nodes[child].children.allSatisfy { page.nodes[$0].isText }
            && page.hasShortText(child, limit: 200)
        })
      else { return nil }
      return children
    }
    guard let row = cells(node) else { return nil }
    let texts = row.map { page.text(of: $0) }
    guard let amount = texts.firstIndex(where: IngredientLine.isAmountOnly),
      texts.contains(where: { $0.contains(where: \.isLetter) && !IngredientLine.isAmountOnly($0) })
    else { return nil }
    // One row alone is no table: a row of the same cells comes before or after it.
    let siblings = page.nodes[page.nodes[node].parent].children.filter { !page.nodes[$0].isText }
    guard let index = siblings.firstIndex(of: node) else { return nil }
    let beside = [index - 1, index + 1].filter { siblings.indices.contains($0) }
    guard beside.contains(where: { cells(siblings[$0])?.count == row.count }) else { return nil }
    var ordered = texts
    ordered.insert(ordered.remove(at: amount), at: 0)
    let line = ordered.filter { !$0.isEmpty }.joined(separator: " ")
    return line
  }

  /// Whether the element or one of its parents up to `top` is hidden.
  static func isHidden(_ page: HTMLDocument, _ node: Int, within top: Int) -> Bool {
    var node = node
    while node >= 0, node != top {
      if isHidden(page, node) { return true }
      node = page.nodes[node].parent
    }
    return false
  }

  /// A list whose every entry is one link (tags, categories, other recipes): the page's
  /// furniture, no part of a recipe.
  static func isLinks(_ page: HTMLDocument, _ list: Int) -> Bool {
    let entries = page.nodes[list].children.filter { page.nodes[$0].name == "li" }
    return !entries.isEmpty
      && entries.allSatisfy { entry in
        let text = page.text(of: entry)
        return !text.isEmpty
          && page.elements(under: entry).contains {
            page.nodes[$0].name == "a" && page.text(of: $0) == text
          }
      }
  }

  /// An element the page hides: not read among the visible items.
  ///
  /// `display: none`, a class `hide`/`hidden`/`d-none`: the other units' list behind a toggle,
  /// a copy for print. (An element with the `hidden` attribute is left out of the document
  /// already, by `HTMLDocument`.)
  static func isHidden(_ page: HTMLDocument, _ node: Int) -> Bool {
    if let style = page.attribute("style", of: node)?.lowercased().filter({ $0 != " " }),
      style.contains("display:none")
    {
      return true
    }
    let classes = page.classes(of: node).map { $0.lowercased() }
    // A tab the reader has not chosen (`US` beside `Metric`): only the active one shows.
    if classes.contains("tab-pane"), !classes.contains("active") { return true }
    return classes.contains { ["hide", "hidden", "d-none"].contains($0) }
  }

  /// The lines read since the last list, as a group's title when they are one: a single short
  /// line, no full stop, no amount.
  private static func groupTitle(_ paragraphs: [String]) -> String? {
    guard paragraphs.count == 1, let line = paragraphs.first, line.count <= 40,
      !line.hasSuffix("."), !line.contains(where: \.isNumber)
    else { return nil }
    let title = line.trimming { $0 == " " || $0 == ":" }
    return title.isEmpty ? nil : title
  }

  /// A paragraph that only names a group: short, bold (or emphasised) all through, no full stop.
  private static func isGroupName(_ page: HTMLDocument, _ node: Int) -> Bool {
    let children = page.nodes[node].children.filter {
      !page.nodes[$0].isText || !MealRules.isBlank(page.nodes[$0].text)
    }
    let bold =
      children.count == 1
      && children.first.map { ["strong", "b", "em"].contains(page.nodes[$0].name) } == true
    // Or any short line right before another list of them (`Optional`).
    var next = nextSibling(of: node, page: page)
    while let sibling = next, page.nodes[sibling].isText {
      next = nextSibling(of: sibling, page: page)
    }
    let beforeList = next.map { page.nodes[$0].name == "ul" } ?? false
    guard bold || beforeList else { return false }
    let text = page.text(of: node)
    // `Here's how to make it:` begins the steps.
    let heading = Heading(node, page)?.text ?? ""
    return !text.isEmpty && text.count <= 40 && !text.hasSuffix(".")
      && !says(heading, methodWords)
  }

  /// Whether lines number themselves 1, 2, 3… (`1. Mix`, `2) Bake`): two or more, each.
  private static func countsSteps(_ lines: [String]) -> Bool {
    guard lines.count >= 2 else { return false }
    for (index, line) in lines.enumerated() {
      let digits = line.prefix { $0.isASCII && $0.isNumber }
      guard Int(digits) == index + 1, let mark = line.dropFirst(digits.count).first,
        ".)".contains(mark)
      else { return false }
    }
    return true
  }

  /// A line that only numbers a step.
  private static func isNumbering(_ text: String) -> Bool {
    let words = text.lowercased().split(separator: " ")
    guard let last = words.last,
      last.allSatisfy(\.isNumber) || last.allSatisfy({ $0.isNumber || $0 == "." })
    else { return false }
    return words.count == 1 || (words.count == 2 && words[0].count <= 10)
  }

  /// The node after `node` among its parent's children, else after its parent.
  private static func nextSibling(of node: Int, page: HTMLDocument) -> Int? {
    var current = node
    while current > 0 {
      let parent = page.nodes[current].parent
      guard parent >= 0 else { return nil }
      let siblings = page.nodes[parent].children
      if let index = siblings.firstIndex(of: current), index + 1 < siblings.count {
        return siblings[index + 1]
      }
      current = parent
    }
    return nil
  }
}

/// Servings and times a page states in words (`Serves: 4`, `Total Time: 1 hour 5 minutes`,
/// `Prep Time: 10 mins`), on short lines of their own.
enum PageFacts {
  static let servingLabels = [
    "servings", "serving", "serves", "yield", "yields", "makes", "portions", "porciones",
    "porzioni", "personen", "personnes", "μερίδες", "porcje", "porções", "raciones",
    "rendimento", "portionen",
  ]
  static let totalLabels = [
    "total time", "total", "ready in", "gesamtzeit", "temps total", "tempo totale",
    "tiempo total", "συνολικός χρόνος",
  ]

  static func read(_ page: HTMLDocument) -> RecipeFields {
    var facts = RecipeFields()
    var prep: Int?
    var cook: Int?
    var previous = ""
    // The page's text is walked once: the labels' pass and the words' pass share its lines.
    let lines = page.lines(of: 0)
    for line in lines where line.count <= 80 {
      let lower = line.lowercased()
      // A label may stand on a line of its own (`Yield:`), its value on the next (`8`).
      let labelAbove = previous.trimming { $0 == ":" || $0 == " " }
      previous = lower
      if facts.servings == nil, let rest = after(servingLabels, in: lower) {
        facts.servings = SchemaOrgRecipe.servings(String(rest.prefix(12)))
      } else if facts.servings == nil, servingLabels.contains(labelAbove),
        lower.first?.isNumber ?? false
      {
        facts.servings = SchemaOrgRecipe.servings(String(lower.prefix(12)))
      }
      if facts.totalTime == nil, let rest = after(totalLabels, in: lower) {
        facts.totalTime = DurationText.minutes(String(rest.prefix(40)))
      }
      if prep == nil, let rest = after(["prep time", "preparation time"], in: lower) {
        prep = DurationText.minutes(String(rest.prefix(40)))
      }
      if cook == nil, let rest = after(["cook time", "cooking time"], in: lower) {
        cook = DurationText.minutes(String(rest.prefix(40)))
      }
    }
    if facts.totalTime == nil, prep != nil || cook != nil {
      facts.totalTime = (prep ?? 0) + (cook ?? 0)
    }
    // No label: a number the word for servings follows (`6 personnes`, `Pour 2 personnes :`,
    // `for 5 (small) servings`) in a short line.
    if facts.servings == nil {
      facts.servings =
        lines.lazy.filter { $0.count <= 48 }
        .compactMap(servingsBeforeNoun).first
    }
    return facts
  }

  /// Words that follow a number of servings, in the languages the labels are in.
  static let servingNouns: Set<String> = [
    "servings", "serving", "people", "persons", "personnes", "personen", "persone", "porciones",
    "porzioni", "portions", "portionen", "porções", "raciones", "osoby", "osób", "adag",
    "μερίδες", "porcje", "personas", "pessoas", "porsjoner", "portioner", "personer",
    "porties", "porce", "porcí", "porcie", "személyre", "személy", "kişilik",
  ]

  /// The number in `line` followed, within two words, by a word for servings.
  static func servingsBeforeNoun(_ line: String) -> Int? {
    let words = line.lowercased().split { !($0.isLetter || $0.isNumber) }
    for (index, word) in words.enumerated() where word.allSatisfy({ $0.isASCII && $0.isNumber }) {
      let next = words[(index + 1)..<min(words.count, index + 3)]
      guard next.contains(where: { servingNouns.contains(String($0)) }),
        let number = Int(word), (1...100).contains(number)
      else { continue }
      return number
    }
    return nil
  }

  /// What follows a label at the start of the line (`Serves: 4` → ` 4`), else nil.
  private static func after(_ labels: [String], in line: String) -> Substring? {
    for label in labels where line.hasPrefix(label) {
      let rest = line.dropFirst(label.count)
      guard let first = rest.first, first == ":" || first == " " || first.isNumber else { continue }
      return rest.drop { $0 == ":" || $0 == " " }
    }
    return nil
  }
}

/// Times as pages write them in text: `1 hour 20 minutes`, `45 mins`, `1 hr 5 min`, `PT30M`.
enum DurationText {
  /// Whole minutes for a time read as a number of minutes; nil for none, for an amount no
  /// recipe takes (100 000 minutes and more: a typo, or a page's junk) or one that is no number.
  static func whole(_ total: Double) -> Int? {
    guard total.isFinite, total > -1, total < 100_000 else { return nil }
    let rounded = Int(total.rounded())
    return rounded > 0 ? rounded : nil
  }

  static func minutes(_ text: String) -> Int? {
    if let iso = SchemaOrgRecipe.minutes(MealRules.trimmed(text)) { return iso }
    var total = 0.0
    var number: Double?
    var found = false
    for word in text.lowercased().split(whereSeparator: {
      !$0.isLetter && !$0.isNumber && $0 != "."
    }) {
      if let value = Double(word) {
        number = value
        continue
      }
      // "45min": digits then letters in one word.
      let digits = word.prefix { $0.isNumber || $0 == "." }
      let unit = digits.isEmpty ? word : word.dropFirst(digits.count)
      let value = Double(digits) ?? number
      guard let value else { continue }
      if unit.hasPrefix("h") || unit.hasPrefix("std") || unit.hasPrefix("uur") {
        total += value * 60
        found = true
      } else if unit.hasPrefix("m") {
        total += value
        found = true
      } else if unit.hasPrefix("d") && !unit.hasPrefix("di") {
        total += value * 1440
        found = true
      }
      number = nil
    }
    return found ? whole(total) : nil
  }
}
