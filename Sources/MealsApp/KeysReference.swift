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
  }

  /// Every section, in the order of the screens a user meets.
  public static var sections: [Section] {
    [
      Section(
        id: "everywhere", title: "everywhere", help: ListState.keys.help + Navigator.globalHelp),
      Section(
        id: "my-meals", title: "My Meals", help: MyMealsScreen.keys.help + ListState.keys.help),
      Section(
        id: "my-meals-filter", title: "My Meals, typing a filter (`/`)",
        help: MyMealsScreen.filterKeys.help + ListState.arrowKeys.help + TextField.keys.help),
      Section(
        id: "my-meals-chips", title: "My Meals, in the chips (`Tab`)",
        help: ChipStrip.keys.help + MyMealsScreen.stripKeys.help),
      Section(
        id: "welcome", title: "My Meals with no meals yet (the welcome panel)",
        help: WelcomePanel.table.help),
      Section(
        id: "favourites", title: "Favourites",
        help: FavouritesScreen.keys.help + ListState.keys.help),
      Section(id: "browse", title: "Browse", help: BrowseScreen.keys.help + ListState.keys.help),
      Section(
        id: "categories", title: "Categories",
        help: CategoriesScreen.keys.help + ListState.keys.help),
      Section(
        id: "meal-groups", title: "Areas, and the meals of a category / area / ingredient",
        help: MealGroupsScreen.keys(areas: false).help + ListState.keys.help),
      Section(
        id: "ingredients", title: "Ingredients (browse)",
        help: IngredientsScreen.keys.help + IngredientPicker.help),
      Section(
        id: "meal-detail", title: "Meal Detail",
        help: MealDetailScreen.keys(random: false).help + Pager.keys.help),
      Section(
        id: "cook-mode-checklist", title: "Cook Mode, the ingredient checklist",
        help: CookModeScreen.checklistKeys.help
          + CookModeScreen.keys.bindings.filter { CookModeScreen.checklistAlso.contains($0.action) }
          .map(\.help) + ListState.keys.help),
      Section(
        id: "cook-mode", title: "Cook Mode, a step",
        help: CookModeScreen.keys.bindings.filter { $0.action != .tick }.map(\.help)
          + CookModeScreen.scrollKeys.help),
      Section(
        id: "cook-mode-timers", title: "Cook Mode, the timers (`T`)",
        help: CookModeScreen.timersKeys.help + ListState.keys.help),
      Section(
        id: "shopping-list", title: "Shopping List",
        help: ShoppingListScreen.keys.help + ListState.keys.help),
      Section(
        id: "import-link", title: "Import from a Link",
        help: ImportLinkScreen.typingKeys.help + ImportLinkScreen.loadingKeys.help
          + ImportLinkScreen.foundKeys.help + Pager.keys.help),
      Section(
        id: "search", title: "Search Meals, the field",
        help: SearchScreen.fieldKeys.help + TextField.keys.help),
      Section(
        id: "search-results", title: "Search Meals, the results",
        help: SearchScreen.resultKeys.help + ListState.keys.help),
      Section(
        id: "meal-editor", title: "Meal Editor",
        help: MealEditorScreen.keys.help + [
          MealEditorScreen.ingredientHelp, MealEditorScreen.digitHelp,
        ] + ListState.keys.help),
      Section(
        id: "recently-deleted", title: "Recently Deleted",
        help: RecentlyDeletedScreen.keys.help + ListState.keys.help),
      Section(
        id: "edit-name", title: "Edit Name", help: EditNameScreen.keys.help + TextField.keys.help),
      Section(
        id: "edit-instructions", title: "Edit Instructions",
        help: EditInstructionsScreen.keys.help + TextArea.keys.help),
      Section(
        id: "add-ingredient", title: "Add Ingredient",
        help: AddIngredientScreen.keys.help + IngredientPicker.moves.help),
      Section(id: "ingredient-detail", title: "Ingredient Detail", help: Pager.keys.help),
      Section(
        id: "value-picker", title: "Category and Area pickers (Meal Editor)",
        help: ValuePickerScreen.keys.help + ListState.arrowKeys.help),
      Section(
        id: "prompts", title: "Questions and one-line fields over a screen",
        help: ConfirmPrompt.keys.help + TextPrompt.keys.help + AlertPrompt.keys.help),
    ]
  }

  // MARK: - Markdown

  /// The section's table: a heading row, then a row per line, keys in code spans.
  static func table(_ section: Section) -> String {
    var rows = ["| \(section.title) | |", "| --- | --- |"]
    for line in section.help {
      var seen: Set<String> = []
      let keys = line.allKeys.filter { seen.insert($0).inserted }
        .map { "`\($0)`" }.joined(separator: ", ")
      rows.append("| \(escaped(keys)) | \(escaped(line.detail ?? line.text)) |")
    }
    return rows.joined(separator: "\n")
  }

  /// A table cell: a `|` would end it.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
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
