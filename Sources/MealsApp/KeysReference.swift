import TerminalUI

/// Every screen in every mode as a key chain: its tables in the order a key is asked of them
/// (the screen's own first, then the widgets' and shared ones; the navigator's keys start and
/// end every chain), in the words of the tables the screens use.
///
/// One list serves everything that needs the chains: `docs/keys.md` (each `<!-- keys: ID -->` …
/// `<!-- end keys -->` block is one chain's table, written by `fill`, `make keys-doc`, and
/// checked by a test), the tables a config file may change (`ConfigurableKeys`), and the check
/// that refuses a binding something earlier in a chain would take first.
public enum KeysReference {
  /// One link of a chain: a named table (which config lines may change), or help lines only.
  public struct Link {
    public let table: KeyTableInfo?
    /// Read only when the document or a test asks: the config's checks need the tables alone.
    private let helpLines: () -> [KeyHelp]
    /// True where another mode of the screen begins (its own chain) within one section.
    public var startsMode = false

    init(table: KeyTableInfo?, help: @escaping () -> [KeyHelp]) {
      self.table = table
      self.helpLines = help
    }

    init(table: KeyTableInfo?, help: [KeyHelp]) {
      self.init(table: table, help: { help })
    }

    public var help: [KeyHelp] { helpLines() }
  }

  /// One chain: its id in the document, its heading, its links in the order keys are asked.
  public struct Section {
    public let id: String
    public let title: String
    public let links: [Link]
    public var help: [KeyHelp] { links.flatMap(\.help) }

    public init(_ id: String, _ title: String, _ links: [Link]) {
      self.id = id
      self.title = title
      self.links = links
    }

    /// A section of help lines alone (for tests of the document's format).
    public init(_ id: String, _ title: String, _ help: [KeyHelp]) {
      self.init(id, title, [Link(table: nil, help: help)])
    }
  }

  /// A named table as a link (the navigator's, a prompt's).
  static func link<Action>(_ table: KeyTable<Action>) -> Link {
    Link(table: table.name.isEmpty ? nil : table.summaryForConfig, help: { table.help })
  }

  /// A screen's chain in a mode, as it resolves keys.
  ///
  /// Esc's line stands for the navigator's table, listed once under "everywhere".
  static func chain<S: KeyChained>(_ screen: S.Type, _ mode: S.KeyMode) -> [Link] {
    let links = S.keyChain(mode)
    return links.indices.compactMap { index in
      let link = links[index]
      // The keys the links before take: what they shadow is not listed again.
      let help = {
        let taken = links[..<index].reduce(into: Set<Key>()) { $0.formUnion($1.keys) }
        return link.reference(after: taken).filter { $0 != .back && $0 != .cancel }
      }
      // A link of help lines alone is kept when it has any (asked without the keys before).
      let table = link.table
      guard table != nil || !link.reference().isEmpty else { return nil }
      return Link(table: table, help: help)
    }
  }

  /// Several modes of a screen in one section, each a chain of its own.
  static func modes<S: KeyChained>(_ screen: S.Type, _ modes: [S.KeyMode]) -> [Link] {
    modes.enumerated().flatMap { index, mode in
      chain(screen, mode).enumerated().map { position, link in
        index > 0 && position == 0 ? self.mode(link) : link
      }
    }
  }

  /// The first link of another mode of the screen, documented in the same section.
  static func mode(_ link: Link) -> Link {
    var link = link
    link.startsMode = true
    return link
  }

  /// Every chain, in the order of the screens a user meets.
  public static var sections: [Section] {
    let moves = link(ListState.keys)
    return [
      Section("everywhere", "everywhere", [moves, link(Navigator.keys)]),
      Section("my-meals", "My Meals", chain(MyMealsScreen.self, .list)),
      Section(
        "my-meals-filter", "My Meals, typing a filter (`/`)", chain(MyMealsScreen.self, .filtering)
      ),
      Section(
        "my-meals-chips", "My Meals, in the chips (`Tab`)", chain(MyMealsScreen.self, .chips)),
      Section(
        "welcome", "My Meals with no meals yet (the welcome panel)",
        chain(MyMealsScreen.self, .welcome)),
      Section("favourites", "Favourites", chain(FavouritesScreen.self, .list)),
      Section(
        "recently-cooked", "Recently Cooked (`R` on My Meals)",
        chain(RecentlyCookedScreen.self, .list)),
      Section("browse", "Browse", chain(BrowseScreen.self, .list)),
      Section("categories", "Categories", chain(CategoriesScreen.self, .list)),
      Section(
        "meal-groups", "Areas, and the meals of a category / area / ingredient",
        chain(MealGroupsScreen.self, .meals)),
      Section(
        "ingredients", "Ingredients (browse)", chain(IngredientsScreen.self, .typing)),
      Section(
        "meal-detail", "Meal Detail", chain(MealDetailScreen.self, .found)),
      Section(
        "saved-meal", "Meal Detail of a saved meal (v on My Meals)",
        chain(MealDetailScreen.self, .saved)),
      Section(
        "meal-history", "A meal's history (`h` on Meal Detail of a saved meal)",
        chain(MealHistoryScreen.self, .list)),
      Section(
        "meal-version", "One version of a meal (Enter in its history)",
        chain(MealVersionScreen.self, .reading)),
      Section(
        "cook-mode-checklist", "Cook Mode, the ingredient checklist",
        chain(CookModeScreen.self, .checklist)),
      Section("cook-mode", "Cook Mode, a step", chain(CookModeScreen.self, .step)),
      Section(
        "cook-mode-timers", "Cook Mode, the timers (`T`)", chain(CookModeScreen.self, .timers)),
      Section("shopping-list", "Shopping List", chain(ShoppingListScreen.self, .list)),
      Section("week-plan", "Week Plan (`W` on My Meals)", chain(WeekPlanScreen.self, .list)),
      Section(
        "week-plan-suggestions", "Week Plan, the suggestions (`s`)",
        [link(WeekPlanScreen.suggestionKeys)]),
      Section("pantry", "Pantry (`H` on My Meals)", chain(PantryScreen.self, .list)),
      Section(
        "can-cook", "What can I cook (`C` on My Meals)", chain(CanCookScreen.self, .list)),
      Section("serve", "Serve to a Phone (`P` on My Meals)", chain(ServeScreen.self, .reading)),
      Section("plan-prompt", "Planning or moving a meal (`p`, `m`)", [link(PlanPrompt.keys)]),
      Section(
        "meal-picker", "Choosing a saved meal to plan (`a` on the Week Plan)",
        chain(MealPickerScreen.self, .typing)),
      Section(
        "import-link", "Import from a Link",
        modes(ImportLinkScreen.self, ImportLinkScreen.KeyMode.allCases)),
      Section(
        "search", "Search Meals, the field", chain(SearchScreen.self, .field)),
      Section(
        "search-results", "Search Meals, the results", chain(SearchScreen.self, .results)),
      Section(
        "meal-editor", "Meal Editor",
        chain(MealEditorScreen.self, .editing)),
      Section(
        "recently-deleted", "Recently Deleted", chain(RecentlyDeletedScreen.self, .list)),
      Section("edit-name", "Edit Name", chain(EditNameScreen.self, .typing)),
      Section(
        "edit-instructions", "Edit Instructions", chain(EditInstructionsScreen.self, .typing)),
      Section(
        "add-ingredient", "Add Ingredient", chain(AddIngredientScreen.self, .typing)),
      Section(
        "ingredient-detail", "Ingredient Detail", chain(IngredientDetailScreen.self, .reading)),
      Section(
        "value-picker", "Category and Area pickers (Meal Editor)",
        chain(ValuePickerScreen.self, .typing)),
      Section(
        "prompts", "Questions and one-line fields over a screen",
        [link(ConfirmPrompt.keys), mode(link(TextPrompt.keys)), mode(link(AlertPrompt.keys))]),
    ]
  }

  /// The tables a config file may change, each once.
  ///
  /// The screens' in the order a user meets them, then the parts many screens share; their
  /// built-in keys, so made once.
  static let tables: [KeyTableInfo] = {
    // A table whose chains ask it for some actions only appears whole somewhere: keep that.
    let infos = sections.flatMap(\.links).compactMap(\.table)
    var seen: Set<String> = []
    let all = infos.filter { seen.insert($0.name).inserted }.map { first in
      infos.filter { $0.name == first.name }.max { $0.actions.count < $1.actions.count } ?? first
    }
    let shared = ["list", "pager", "chips", "text-field", "text-area"]
    return all.filter { !shared.contains($0.name) }
      + shared.compactMap { name in all.first { $0.name == name } }
  }()

  /// Every chain's tables (a section's modes are chains of their own), with the section's
  /// title: made once, for the check of each `bind` line.
  static let chains: [(title: String, tables: [KeyTableInfo])] = sections.flatMap { section in
    var chains: [[KeyTableInfo]] = []
    for link in section.links {
      if chains.isEmpty || link.startsMode { chains.append([]) }
      if let info = link.table { chains[chains.count - 1].append(info) }
    }
    return chains.map { (section.title, $0) }
  }

  /// What takes `key` before `table` in every chain that has the table, so a binding there
  /// could never be reached.
  ///
  /// The first such table's name, its action, and the chain; nil when some chain would reach
  /// it. `takes` says what a table does with a key, with the config's changes so far.
  static func shadow(
    of key: Key, in table: String, takes: (KeyTableInfo, Key) -> String?
  ) -> (table: String, action: String, chain: String)? {
    var first: (table: String, action: String, chain: String)?
    for (title, chain) in chains {
      guard let index = chain.firstIndex(where: { $0.name == table }) else { continue }
      var taker: (table: String, action: String, chain: String)?
      for earlier in chain[..<index] where earlier.name != table && taker == nil {
        taker = takes(earlier, key).map { (earlier.name, $0, title) }
      }
      guard let taker else { return nil }  // reached here
      first = first ?? taker
    }
    return first
  }

  // MARK: - Markdown

  /// The section's table: a heading row, then a row per line, keys in code spans, and the
  /// screen and action a config file's `bind` line names (docs/config.md).
  static func table(_ section: Section) -> String {
    var rows = ["| \(section.title) | | `bind` |", "| --- | --- | --- |"]
    for line in section.help {
      var seen: Set<String> = []
      let keys = line.allKeys.filter { seen.insert($0).inserted }
        .map { "`\($0)`" }.joined(separator: ", ")
      let bind = line.bindAs.map { "`\($0)`" } ?? ""
      rows.append("| \(escaped(keys)) | \(escaped(line.detail ?? line.text)) | \(bind) |")
    }
    return rows.joined(separator: "\n")
  }

  /// A table cell: a `|` would end it.
  private static func escaped(_ text: String) -> String {
    text.replacingEvery("|", with: "\\|")
  }

  static let start = "<!-- keys: "
  static let end = "<!-- end keys -->"

  /// `document` with every block's table written again from the code; unknown ids are kept as
  /// they are (and reported by `missing`).
  public static func fill(_ document: String) -> String {
    let byID = Dictionary(sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var output: [Substring] = []
    var skipping = false
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
      if skipping {
        if line == end {
          skipping = false
          output.append(line)
        }
        continue
      }
      output.append(line)
      if line.hasPrefix(start), line.hasSuffix(" -->") {
        let id = line.dropFirst(start.count).dropLast(4)
        if let section = byID[String(id)] {
          output.append(Substring(table(section)))
          skipping = true
        }
      }
    }
    return output.joined(separator: "\n")
  }

  /// The sections the document has no block for.
  public static func missing(in document: String) -> [String] {
    sections.map(\.id).filter { !document.contains(start + $0 + " -->") }
  }
}
