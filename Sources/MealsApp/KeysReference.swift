import TerminalUI

/// The key tables as `docs/keys.md` shows them: one table per screen (and mode), in the words of
/// the tables the screens use, so the reference cannot drift from what the keys do.
///
/// `docs/keys.md` holds the prose; each `<!-- keys: ID -->` … `<!-- end keys -->` block in it is
/// the table of one section, written by `fill` (`make keys-doc`) and checked by a test.
public enum KeysReference {
  /// One table: its id in the document, its heading, its lines.
  public struct Section: Sendable {
    public let id: String
    public let title: String
    public let help: [KeyHelp]

    public init(_ id: String, _ title: String, _ help: [KeyHelp]) {
      self.id = id
      self.title = title
      self.help = help
    }
  }

  /// Every section, in the order of the screens a user meets.
  public static var sections: [Section] {
    let moves = ListState.keys.help
    let cook = CookModeScreen.keys.bindings
    return [
      Section("everywhere", "everywhere", moves + Navigator.globalHelp),
      Section("my-meals", "My Meals", MyMealsScreen.keys.help + moves),
      Section(
        "my-meals-filter", "My Meals, typing a filter (`/`)",
        MyMealsScreen.filterKeys.help + ListState.arrowKeys.help + TextField.keys.help),
      Section(
        "my-meals-chips", "My Meals, in the chips (`Tab`)",
        ChipStrip.keys.help + MyMealsScreen.stripKeys.help),
      Section(
        "welcome", "My Meals with no meals yet (the welcome panel)", WelcomePanel.table.help),
      Section("favourites", "Favourites", FavouritesScreen.keys.help + moves),
      Section("browse", "Browse", BrowseScreen.keys.help + moves),
      Section("categories", "Categories", CategoriesScreen.keys.help + moves),
      Section(
        "meal-groups", "Areas, and the meals of a category / area / ingredient",
        MealGroupsScreen.keys(areas: false).help + moves),
      Section(
        "ingredients", "Ingredients (browse)",
        IngredientsScreen.keys.help + IngredientPicker.help),
      Section(
        "meal-detail", "Meal Detail", MealDetailScreen.keys(random: false).help + Pager.keys.help),
      Section(
        "saved-meal", "Meal Detail of a saved meal (v on My Meals)",
        MealDetailScreen.savedKeys.help + Pager.keys.help),
      Section(
        "cook-mode-checklist", "Cook Mode, the ingredient checklist",
        CookModeScreen.checklistKeys.help
          + cook.filter { CookModeScreen.checklistAlso.contains($0.action) }.map(\.help) + moves),
      Section(
        "cook-mode", "Cook Mode, a step",
        cook.filter { $0.action != .tick }.map(\.help) + CookModeScreen.scrollKeys.help),
      Section(
        "cook-mode-timers", "Cook Mode, the timers (`T`)",
        CookModeScreen.timersKeys.help + moves),
      Section("shopping-list", "Shopping List", ShoppingListScreen.keys.help + moves),
      Section("week-plan", "Week Plan (`W` on My Meals)", WeekPlanScreen.keys.help + moves),
      Section("plan-prompt", "Planning or moving a meal (`p`, `m`)", PlanPrompt.keys.help),
      Section(
        "meal-picker", "Choosing a saved meal to plan (`a` on the Week Plan)",
        MealPickerScreen.keys.help + ListState.arrowKeys.help + TextField.keys.help),
      Section(
        "import-link", "Import from a Link",
        ImportLinkScreen.typingKeys.help + ImportLinkScreen.loadingKeys.help
          + ImportLinkScreen.foundKeys.help + Pager.keys.help),
      Section(
        "search", "Search Meals, the field", SearchScreen.fieldKeys.help + TextField.keys.help),
      Section("search-results", "Search Meals, the results", SearchScreen.resultKeys.help + moves),
      Section(
        "meal-editor", "Meal Editor",
        MealEditorScreen.keys.help + [MealEditorScreen.ingredientHelp, MealEditorScreen.digitHelp]
          + moves),
      Section("recently-deleted", "Recently Deleted", RecentlyDeletedScreen.keys.help + moves),
      Section("edit-name", "Edit Name", EditNameScreen.keys.help + TextField.keys.help),
      Section(
        "edit-instructions", "Edit Instructions",
        EditInstructionsScreen.keys.help + TextArea.keys.help),
      Section(
        "add-ingredient", "Add Ingredient",
        AddIngredientScreen.keys.help + IngredientPicker.moves.help),
      Section("ingredient-detail", "Ingredient Detail", Pager.keys.help),
      Section(
        "value-picker", "Category and Area pickers (Meal Editor)",
        ValuePickerScreen.keys.help + ListState.arrowKeys.help),
      Section(
        "prompts", "Questions and one-line fields over a screen",
        ConfirmPrompt.keys.help + TextPrompt.keys.help + AlertPrompt.keys.help),
    ]
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
