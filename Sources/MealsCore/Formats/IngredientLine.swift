/// Splitting an ingredient written as one line (`2 cups flour`, as recipe sites publish
/// them) into its quantity and its name.
public enum IngredientLine {
  /// The measure at the start (amount, a known unit, an equivalent) and the rest, the name.
  ///
  /// Lossless: `joined` gives the line back as it was (`2 cups of flour` is `2 cups of` and
  /// `flour`, so the ingredient is flour). A line without an amount, or one that would not
  /// come back whole, is all name.
  public static func split(_ line: String) -> IngredientMeasurement {
    let text = MealRules.trimmed(line)
    let whole = IngredientMeasurement(name: text, quantity: "")
    guard let length = Quantity.measureLength(atStartOf: text) else { return whole }
    var quantity = MealRules.trimmed(String(text.prefix(length)))
    var name = MealRules.trimmed(String(text.dropFirst(length)))
    if name.lowercased().hasPrefix("of ") {
      quantity += " " + name.prefix(2)
      name = MealRules.trimmed(String(name.dropFirst(3)))
    }
    let measurement = IngredientMeasurement(name: name, quantity: quantity)
    guard !name.isEmpty, !quantity.isEmpty, joined(measurement) == text else { return whole }
    return measurement
  }

  /// `quantity name`, or the name alone.
  public static func joined(_ measurement: IngredientMeasurement) -> String {
    let quantity = MealRules.trimmed(measurement.quantity)
    return quantity.isEmpty ? measurement.name : "\(quantity) \(measurement.name)"
  }
}
