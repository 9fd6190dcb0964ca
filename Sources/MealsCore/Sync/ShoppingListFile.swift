import TextSafety

/// The shopping list as CookCLI keeps it in a recipe folder: `.shopping-list` (what to buy,
/// grouped under the recipe each item is for) and `.shopping-checked` (an append-only log of
/// ticks, `+ name` and `- name`, the last line for a name winning, names in any case).
///
/// ```
/// ./Beef/Beef Stew
///   beef{1%kg}
///   onions{2}
/// -- meal: Pad Thai
/// rice noodles{200%g}
/// ```
/// A meal with a file in the folder is a recipe reference (`./` and its path without
/// `.cook`), its items indented under it; any other meal's items are free lines after a
/// `-- meal:` comment (a comment to other readers, the group's name to meals).
public enum ShoppingListFile {
  /// One item as the file holds it.
  public struct Item: Equatable, Hashable, Sendable {
    /// The recipe's path in the folder (`Beef/Beef Stew.cook`), when the item is under one.
    public var recipe: String?
    /// The meal's name when it has no recipe in the folder.
    public var meal: String?
    public var name: String
    public var quantity: String

    public init(recipe: String?, meal: String?, name: String, quantity: String) {
      self.recipe = recipe
      self.meal = meal
      self.name = name
      self.quantity = quantity
    }
  }

  // MARK: - .shopping-list

  public static func render(_ items: [Item]) -> String {
    var lines: [String] = []
    var group: (String?, String?)?
    for item in items where !safe(item.name).isEmpty {
      let meal = item.recipe == nil ? safe(item.meal ?? "") : nil
      if group.map({ $0.0 != item.recipe || $0.1 != meal }) ?? true {
        if let recipe = item.recipe {
          let path = recipe.hasSuffix(".cook") ? String(recipe.dropLast(5)) : recipe
          lines.append("./" + safe(path))
        } else if let meal, !meal.isEmpty || (group?.1.map { !$0.isEmpty } ?? false) {
          // A free item of no meal needs a line only after a named group.
          lines.append(meal.isEmpty ? "-- meal:" : "-- meal: " + meal)
        }
        group = (item.recipe, meal)
      }
      let quantity = amount(item.quantity)
      let line = safe(item.name) + (quantity.isEmpty ? "" : "{\(quantity)}")
      lines.append(item.recipe == nil ? line : "  " + line)
    }
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  /// The items of a `.shopping-list`, read leniently: CRLF, tabs, block comments, any
  /// indentation (an indented line belongs to the recipe above it).
  public static func parse(_ text: String) -> [Item] {
    var items: [Item] = []
    var recipe: String?
    var meal: String?
    for raw in Cooklang.withoutBlockComments(text.replacingCRLF()).split(separator: "\n") {
      let line = raw.replacingEvery("\t", with: "  ")
      let indented = line.first == " "
      var content = MealRules.trimmed(line)
      // Prefixes by scalars: a combining mark after them joins their last character.
      if content.unicodeScalars.starts(with: "-- meal:".unicodeScalars) {
        meal = safe(String(content.unicodeScalars.dropFirst(8)))
        recipe = nil
        continue
      }
      if let comment = content.firstRange(ofText: "--") {
        content = MealRules.trimmed(String(content[..<comment.lowerBound]))
      }
      guard !content.isEmpty else { continue }
      if content.unicodeScalars.starts(with: "./".unicodeScalars) {
        var path = String(content.unicodeScalars.dropFirst(2))
        // A multiplier (`{2}`) scales what CookCLI lists; the items under it are ours.
        let scalars = path.unicodeScalars
        if scalars.last == "}", let brace = scalars.lastIndex(of: "{") {
          path = String(scalars[..<brace])
        }
        recipe = safe(path) + ".cook"
        meal = nil
        continue
      }
      if !indented && recipe != nil { recipe = nil }
      var name = content
      var quantity = ""
      // Braces by scalars: a combining mark after one joins it to the next character.
      let scalars = content.unicodeScalars
      if scalars.last == "}", let brace = scalars.lastIndex(of: "{") {
        name = MealRules.trimmed(String(scalars[..<brace]))
        quantity = MealRules.trimmed(
          String(scalars[scalars.index(after: brace)..<scalars.index(before: scalars.endIndex)])
            .replacingEvery("%", with: " "))
      }
      // Control characters are not part of a name (a file is not trusted).
      name = safe(name)
      guard !name.isEmpty else { continue }
      items.append(
        Item(recipe: recipe, meal: recipe == nil ? meal : nil, name: name, quantity: safe(quantity))
      )
    }
    return items
  }

  // MARK: - .shopping-checked

  /// The ticks the log ends with, by name in lower case.
  public static func checked(_ log: String) -> [String: Bool] {
    var state: [String: Bool] = [:]
    for raw in log.replacingCRLF().split(separator: "\n") {
      let line = MealRules.trimmed(String(raw))
      if line.hasPrefix("+ ") {
        let name = MealRules.trimmed(String(line.dropFirst(2)))
        if !name.isEmpty { state[name.lowercased()] = true }
      } else if line.hasPrefix("- ") {
        let name = MealRules.trimmed(String(line.dropFirst(2)))
        if !name.isEmpty { state[name.lowercased()] = false }
      }
    }
    return state
  }

  /// A log line: `+ flour` ticks, `- flour` unticks.
  public static func logLine(_ name: String, ticked: Bool) -> String {
    (ticked ? "+ " : "- ") + safe(name)
  }

  // MARK: - Helpers

  /// A name or path as one line the reader takes back whole: no braces, no comment marks.
  static func safe(_ text: String) -> String {
    var out = TextSanitizer.singleLine(text).replacingEvery("{", with: "(").replacingEvery(
      "}", with: ")")
    while out.contains("--") { out = out.replacingEvery("--", with: "-") }
    out = MealRules.trimmed(out.replacingEvery("[-", with: "[ -"))
    // Trimmed first: a name that would start a line as a recipe reference does not.
    if out.unicodeScalars.starts(with: "./".unicodeScalars) {
      out = ". /" + String(out.unicodeScalars.dropFirst(2))
    }
    return out
  }

  /// `1 kg` as `1%kg` (an amount and a one-word unit, as recipes write them), anything else
  /// as written.
  static func amount(_ quantity: String) -> String {
    let written = safe(quantity)
    let parts = written.split(separator: " ")
    guard parts.count == 2, parts[0].first?.isNumber == true,
      parts[0].allSatisfy({ $0.isNumber || "/.,-".contains($0) }),
      parts[1].allSatisfy(\.isLetter)
    else { return written.replacingEvery("%", with: " ") }
    return "\(parts[0])%\(parts[1])"
  }
}
