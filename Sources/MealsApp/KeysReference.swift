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

  /// The first link of another mode of the screen, documented in the same section.
  static func mode(_ link: Link) -> Link {
    var link = link
    link.startsMode = true
    return link
  }

  /// What the reference lists, in the order a user meets it: each screen says where its
  /// modes go (`DocumentedScreen`), a prompt its section.
  static var documented: [any KeysDocumented.Type] {
    [
      MyMealsScreen.self, FavouritesScreen.self, RecentlyCookedScreen.self, BrowseScreen.self,
      CategoriesScreen.self, MealGroupsScreen.self, IngredientsScreen.self, MealDetailScreen.self,
      MealHistoryScreen.self, MealVersionScreen.self, CookModeScreen.self, ShoppingListScreen.self,
      WeekPlanScreen.self, PantryScreen.self, CanCookScreen.self, ServeScreen.self,
      PlanPrompt.self, MealPickerScreen.self, ImportLinkScreen.self, SearchScreen.self,
      MealEditorScreen.self, RecentlyDeletedScreen.self, EditNameScreen.self,
      EditInstructionsScreen.self, AddIngredientScreen.self, IngredientDetailScreen.self,
      ValuePickerScreen.self,
    ]
  }

  /// Every chain: the navigator's keys everywhere, each screen's and prompt's sections, then
  /// the questions and fields over any screen.
  public static var sections: [Section] {
    [Section("everywhere", "everywhere", [link(ListState.keys), link(Navigator.keys)])]
      + documented.flatMap { $0.keySections }
      + [
        Section(
          "prompts", "Questions and one-line fields over a screen",
          [link(ConfirmPrompt.keys), mode(link(TextPrompt.keys)), mode(link(AlertPrompt.keys))])
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
