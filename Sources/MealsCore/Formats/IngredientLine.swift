/// Splitting an ingredient written as one line (`2 cups flour`, as recipe sites publish
/// them) into its quantity and its name.
public enum IngredientLine {
  /// The measure at the start (amount, a known unit, an equivalent) and the rest, the name.
  ///
  /// A line without an amount is all name.
  public static func split(_ line: String) -> IngredientMeasurement {
    let text = MealRules.trimmed(line)
    guard let length = Quantity.measureLength(atStartOf: text) else {
      return IngredientMeasurement(name: text, quantity: "")
    }
    let quantity = MealRules.trimmed(String(text.prefix(length)))
    var name = Substring(text.dropFirst(length))
    while let first = name.first, first == " " || first == "," { name = name.dropFirst() }
    if name.lowercased().hasPrefix("of ") { name = name.dropFirst(3) }
    guard !name.isEmpty else { return IngredientMeasurement(name: text, quantity: "") }
    return IngredientMeasurement(name: MealRules.trimmed(String(name)), quantity: quantity)
  }

  /// `quantity name`, or the name alone.
  public static func joined(_ measurement: IngredientMeasurement) -> String {
    let quantity = MealRules.trimmed(measurement.quantity)
    return quantity.isEmpty ? measurement.name : "\(quantity) \(measurement.name)"
  }
}
