import MealsCore
import TerminalUI
import Translation

/// The Meal Editor's form as a value: its lines under their headings, its selectable items,
/// and which lines each item owns.
///
/// Built once per change of the draft or of the width, and read by keys, clicks and frames
/// alike, so they can never disagree about what a row is.
struct MealEditorForm {
  typealias Item = MealEditorScreen.Item
  typealias Detail = MealEditorScreen.Detail

  /// One drawn line: a section heading, or a line belonging to item `item`.
  enum Line {
    case heading(String)
    /// The title of a group of the ingredients, above its first line.
    case group(String)
    case text(item: Int, String, Style)
    case ingredient(item: Int, IngredientMeasurement)
    case field(item: Int, label: String, value: String, Style)
    case blank

    /// The item the line belongs to; none for headings and gaps.
    var item: Int? {
      switch self {
      case .text(let item, _, _), .ingredient(let item, _), .field(let item, _, _, _): item
      case .heading, .group, .blank: nil
      }
    }
  }

  /// How many lines of the instructions the form shows.
  static let instructionPreviewRows = 4

  /// The selectable items, in order: Name, Instructions, the ingredients, `+ Add ingredient`,
  /// then the details (the user's own notes, after the recipe itself).
  private(set) var items: [Item] = []
  private(set) var lines: [Line] = []
  /// The lines of each item (an item's lines are together).
  private(set) var itemLines: [Range<Int>] = []
  /// The width the instructions were wrapped to.
  let width: Int

  init(draft: MealDraft, width: Int) {
    self.width = width
    heading(tr("Name"))
    let name = MealRules.trimmed(draft.name)
    add(
      .name,
      [
        .text(
          item: 0, name.isEmpty ? tr("(no name yet — Enter to add one)") : name,
          name.isEmpty ? .muted : .plain)
      ])
    lines.append(.blank)
    heading(tr("Instructions"))
    let instructions =
      MealRules.isBlank(draft.instructions)
      ? [Line.text(item: 1, tr("(no instructions yet — Enter to write them)"), .muted)]
      : Self.previewRows(of: draft.instructions, width: width, rows: Self.instructionPreviewRows)
        .map { Line.text(item: 1, $0, .plain) }
    // The cookware the steps name (marked in a .cook file): it follows the steps' words.
    let cookware =
      draft.meal.cookware.isEmpty
      ? []
      : [
        Line.text(
          item: 1,
          TextWidth.truncate(
            tr("Cookware: %s").filled(Cookware.line(draft.meal.cookware)), to: width),
          .muted)
      ]
    add(.instructions, instructions + cookware)
    lines.append(.blank)
    heading(tr("Ingredients (%d)").filled(String(draft.ingredients.count)))
    for (index, measurement) in draft.ingredients.enumerated() {
      let previous = index > 0 ? draft.ingredients[index - 1].group : ""
      if !measurement.group.isEmpty, measurement.group != previous || index == 0 {
        lines.append(.group(measurement.group))
      } else if measurement.group.isEmpty, !previous.isEmpty {
        // Lines in no group after a group's: a gap says the group ended.
        lines.append(.blank)
      }
      add(.ingredient(index), [.ingredient(item: items.count, measurement)])
    }
    add(.addIngredient, [.text(item: items.count, tr("+ Add ingredient"), .accent)])
    lines.append(.blank)
    heading(tr("Details"))
    for detail in Detail.allCases {
      let (value, style) = detail.describe(in: draft.meal)
      add(.detail(detail), [.field(item: items.count, label: detail.label, value: value, style)])
    }
  }

  private mutating func heading(_ text: String) { lines.append(.heading(text)) }

  private mutating func add(_ item: Item, _ owned: [Line]) {
    items.append(item)
    itemLines.append(lines.count..<lines.count + owned.count)
    lines += owned
  }

  // MARK: - Reading

  /// The item at `index` (clamped into the form).
  func item(at index: Int) -> Item { items[max(0, min(index, items.count - 1))] }

  /// Where `item` is among the items.
  func index(of item: Item) -> Int? { items.firstIndex(of: item) }

  /// The first line to show so that item `selection` and the line above it (its heading, or
  /// the item before) are in view: the lists' one way of scrolling, over the form's lines.
  func top(from top: Int, selection: Int, height: Int) -> Int {
    guard itemLines.indices.contains(selection) else { return top }
    let owned = itemLines[selection]
    return ListState.top(
      from: top, showing: max(0, owned.lowerBound - 1)..<owned.upperBound, height: height,
      count: lines.count)
  }

  /// The first rows of the wrapped instructions, the last ending in "…" when there is more.
  static func previewRows(of text: String, width: Int, rows: Int) -> [String] {
    var preview: [String] = []
    var remaining = Substring(text)
    while preview.count <= rows, !remaining.isEmpty {
      let lineEnd = remaining.firstIndex(of: "\n") ?? remaining.endIndex
      let line = remaining[..<lineEnd]
      remaining = lineEnd < remaining.endIndex ? remaining[remaining.index(after: lineEnd)...] : ""
      if MealRules.isBlank(String(line)) { continue }
      preview += TextWrap.wrap(String(line), width: width)
    }
    if preview.count > rows {
      preview = Array(preview.prefix(rows))
      preview[rows - 1] = TextWidth.truncate(preview[rows - 1] + " …", to: width)
      if !preview[rows - 1].hasSuffix("…") { preview[rows - 1] += "…" }
    }
    return preview
  }
}

// MARK: - Details rows

extension MealEditorScreen.Detail {
  /// How a details row reads for `meal`, and its style.
  func describe(in meal: Meal) -> (String, Style) {
    let unset = ("—", Style.muted)
    switch self {
    case .favourite:
      return meal.favourite ? (tr("★ yes"), .accent) : (tr("no — f makes it one"), .muted)
    case .category: return meal.category.map { ($0, .plain) } ?? unset
    case .area: return meal.area.map { ($0, .plain) } ?? unset
    case .tags: return meal.tags.isEmpty ? unset : (meal.tags.joined(separator: ", "), .plain)
    case .servings: return meal.servings.map { ("\($0)", .plain) } ?? unset
    case .totalTime:
      return meal.totalMinutes.map { (MealFields.describeMinutes($0), .plain) } ?? unset
    case .difficulty:
      return meal.difficulty.map { ($0.label, .plain) } ?? (tr("— Enter or 1–3 sets it"), .muted)
    case .rating:
      return meal.rating > 0
        ? (MealFields.stars(meal.rating), .accent) : (tr("— Enter or 1–5 rates it"), .muted)
    }
  }
}
