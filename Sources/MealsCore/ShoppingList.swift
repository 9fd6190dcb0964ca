import Translation

/// One ingredient of one meal on the shopping list, with its measure as it was added (scaled
/// to the servings then chosen).
public struct ShoppingItem: Equatable, Sendable {
  public var id: Int64
  public var mealName: String
  public var ingredient: String
  public var measure: String
  public var ticked: Bool
  /// To buy even when the pantry has it (`A` on the list).
  public var buyAnyway: Bool

  public init(
    id: Int64, mealName: String, ingredient: String, measure: String, ticked: Bool,
    buyAnyway: Bool = false
  ) {
    self.id = id
    self.mealName = mealName
    self.ingredient = ingredient
    self.measure = measure
    self.ticked = ticked
    self.buyAnyway = buyAnyway
  }
}

/// A row of the shopping list: one ingredient, its amounts added up, the meals it is for.
public struct ShoppingRow: Equatable, Sendable {
  public var name: String
  /// `700 g`, or amounts that do not add up side by side: `2 cloves, 1 tsp`.
  public var amounts: String
  public var meals: [String]
  /// Ticked when every item of the row is.
  public var ticked: Bool
  public var itemIDs: [Int64]
  /// In the pantry (and not to be bought anyway): shown apart, after what is to buy.
  public var atHome = false
  /// The aisle it is in when the list follows a shop's aisles (`Aisles.other` for none), and
  /// that aisle's place in the shop (`Int.max` for none).
  public var aisle: String?
  public var shelf = Int.max
}

/// Adding up the shopping list: items of one ingredient (whatever its case, accents and
/// number: `egg` and `Eggs`) make one row; amounts of one kind are added, in the unit of the
/// first.
public enum ShoppingList {
  /// An ingredient's name on the list: `of flour` (from `2 cups of flour`) is `flour`.
  static func displayName(_ ingredient: String) -> String {
    let name = MealRules.trimmed(ingredient)
    return name.lowercased().hasPrefix("of ") ? String(name.dropFirst(3)) : name
  }

  /// The rows, unticked first (ticked ones sink), each part in name order; each measure in
  /// `units` before the amounts are added up.
  ///
  /// With a pantry, a row it has (and no item of which is to be bought anyway) is at home,
  /// after the rest. With a shop's `aisles`, each part goes in the shop's order — aisle by
  /// aisle, then as the aisle lists its foods, foods of no aisle last (`Other`).
  public static func rows(
    _ items: [ShoppingItem], units: UnitConversion = .asWritten, pantry: Pantry? = nil,
    aisles: Aisles? = nil
  ) -> [ShoppingRow] {
    var order: [String] = []
    var groups: [String: [ShoppingItem]] = [:]
    for item in items {
      // `of flour` (from `2 cups of flour`) is flour, `Eggs` are egg (as the pantry matches).
      let key = IngredientKey.of(item.ingredient)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(item)
    }
    let rows = order.compactMap { key -> ShoppingRow? in
      guard let items = groups[key], let first = items.first else { return nil }
      var meals: [String] = []
      for item in items where !meals.contains(item.mealName) { meals.append(item.mealName) }
      var row = ShoppingRow(
        name: displayName(first.ingredient),
        amounts: amounts(items.map(\.measure), of: first.ingredient, units: units),
        meals: meals, ticked: items.allSatisfy(\.ticked), itemIDs: items.map(\.id))
      row.atHome =
        (pantry?.has(key: key) ?? false) && !items.contains(where: \.buyAnyway)
      return row
    }
    func place(_ row: ShoppingRow) -> Int { row.atHome ? 2 : row.ticked ? 1 : 0 }
    guard let aisles else {
      return rows.sorted {
        (place($0), TextFolding.key($0.name)) < (place($1), TextFolding.key($1.name))
      }
    }
    let shelved = rows.map { row -> (row: ShoppingRow, place: Aisles.Place, name: String) in
      var row = row
      let found = aisles.place(of: row.name)
      row.aisle = found.map { aisles.aisles[$0.aisle].name } ?? Aisles.other
      row.shelf = found?.aisle ?? Int.max
      return (row, found ?? Aisles.Place(aisle: Int.max, food: 0), TextFolding.key(row.name))
    }
    return shelved.sorted { left, right in
      (place(left.row), left.place, left.name) < (place(right.row), right.place, right.name)
    }.map(\.row)
  }

  /// Measures of `ingredient` in `units`, added up: `1 cup` and `250 ml` of milk are
  /// `490 ml` in metric; `≈` before the sum when a part became a weight from a volume (or
  /// back).
  public static func amounts(_ measures: [String], of ingredient: String, units: UnitConversion)
    -> String
  {
    guard units.system != .asWritten else { return amounts(measures) }
    var approximate = false
    let converted = measures.map { measure -> String in
      guard let quantity = Quantity(parsing: MealRules.trimmed(measure)),
        let converted = units.quantity(quantity, of: ingredient)
      else { return measure }
      approximate = approximate || converted.approximate
      return converted.quantity.text
    }
    let sum = amounts(converted)
    return approximate && !sum.isEmpty ? "≈ " + sum : sum
  }

  /// Measures added up: amounts of one kind together, the rest as written, once each.
  ///
  /// Weights, volumes, or one unknown unit (`cloves`) make a kind. A sum of units is shown in
  /// the unit a cook would write (`MeasureUnit.forSum`); a single amount stays as written.
  public static func amounts(_ measures: [String]) -> String {
    struct Sum {
      var quantity: Quantity
      var count = 1
      /// Grams or millilitres, for sums of units.
      var low: Double
      var high: Double
      var units: [MeasureUnit]
    }
    var sums: [(key: String, sum: Sum)] = []
    var written: [String] = []
    for measure in measures {
      let text = MealRules.trimmed(measure)
      guard !text.isEmpty else { continue }
      guard let quantity = Quantity(parsing: text) else {
        if !written.contains(where: { $0.lowercased() == text.lowercased() }) {
          written.append(text)
        }
        continue
      }
      let key =
        quantity.unit.map { "\($0.kind)" }
        ?? "\(quantity.prefix.lowercased())|\(MealRules.trimmed(quantity.rest).lowercased())"
      let base = quantity.unit?.base ?? 1
      let low = quantity.amount.low * base
      let high = (quantity.amount.high ?? quantity.amount.low) * base
      if let index = sums.firstIndex(where: { $0.key == key }) {
        sums[index].sum.count += 1
        sums[index].sum.low += low
        sums[index].sum.high += high
        if let unit = quantity.unit { sums[index].sum.units.append(unit) }
      } else {
        var plain = quantity
        plain.equivalent = nil
        sums.append(
          (key, Sum(quantity: plain, low: low, high: high, units: quantity.unit.map { [$0] } ?? []))
        )
      }
    }
    let added = sums.map { entry -> String in
      let sum = entry.sum
      var quantity = sum.quantity
      guard sum.count > 1 else { return MealRules.trimmed(quantity.text) }
      let unit = MeasureUnit.forSum(of: sum.units, baseAmount: sum.low) ?? quantity.unit
      let base = unit?.base ?? 1
      quantity.unit = unit
      quantity.amount = Quantity.Amount(sum.low / base, sum.high > sum.low ? sum.high / base : nil)
      if unit != nil { quantity.rest = "" }
      return MealRules.trimmed(quantity.text)
    }
    return (added + written).joined(separator: ", ")
  }

  /// The heading over `row` in a list in a shop's order (nil in none, or within a part): its
  /// aisle over the first row to buy in it, `Ticked` over the ticked, `At home` over the rows
  /// the pantry has.
  public static func heading(over row: ShoppingRow, after previous: ShoppingRow?) -> String? {
    guard let aisle = row.aisle else { return nil }
    if row.atHome { return previous?.atHome == true ? nil : tr("At home") }
    if row.ticked { return previous?.ticked == true ? nil : tr("Ticked") }
    return aisle == previous?.aisle && previous?.ticked == false ? nil : Aisles.shown(aisle)
  }

  /// The list as Markdown checkboxes: `- [ ] 700 g Flour (Pancakes, Bread)`; in a shop's
  /// order, each aisle a heading over its rows (`## Produce`), the ticked ones last in it.
  public static func markdown(_ rows: [ShoppingRow]) -> String {
    var text = "# " + tr("Shopping list") + "\n\n"
    var aisle: String?
    let shelved = rows.enumerated().sorted {
      ($0.element.shelf, $0.offset) < ($1.element.shelf, $1.offset)
    }
    for row in shelved.map(\.element) where !row.atHome {
      if let shelf = row.aisle, shelf != aisle {
        text += (aisle == nil ? "" : "\n") + "## \(Aisles.shown(shelf))\n\n"
        aisle = shelf
      }
      let amounts = row.amounts.isEmpty ? "" : row.amounts + " "
      text +=
        "- [\(row.ticked ? "x" : " ")] \(amounts)\(row.name) (\(row.meals.joined(separator: ", ")))\n"
    }
    return text
  }
}
