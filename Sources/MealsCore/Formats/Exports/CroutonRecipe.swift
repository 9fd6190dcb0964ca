/// Crouton's recipe (`.crumb` JSON): `name`, `ingredients` as objects with a quantity and its
/// type (`SECTION`: a group's title), `steps` (some of them section titles), `serves`,
/// minutes, `images` in base64.
enum CroutonRecipe {
  /// True for a Crouton recipe object: a name with steps as objects.
  static func recognises(_ object: [String: JSONValue]) -> Bool {
    object["name"]?.string != nil && object["steps"]?.array != nil
      && object["uuid"] != nil && object["instructions"] == nil
  }

  static func recipe(from object: [String: JSONValue]) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields.name = ExportText.line(object["name"])
    // An entry whose quantity is of type `SECTION` titles the group the entries after it make.
    var group = ""
    recipe.fields.supplies = ordered(object["ingredients"]?.array ?? []).compactMap { entry in
      guard let name = ExportText.line(entry["ingredient"]?["name"] ?? entry["name"]) else {
        return nil
      }
      if entry["quantity"]?["quantityType"]?.string?.uppercased() == "SECTION" {
        group = name
        return nil
      }
      var measurement = IngredientMeasurement(name: name, quantity: quantity(entry["quantity"]))
      measurement.group = group
      return measurement
    }
    recipe.fields.steps = ordered(object["steps"]?.array ?? []).compactMap { step in
      guard let text = ExportText.line(step["step"]) else { return nil }
      return RecipeStep(text, isTitle: step["isSection"]?.bool ?? false)
    }
    recipe.fields.servings = object["serves"]?.int.flatMap { $0 > 0 ? $0 : nil }
    let prep = ExportText.minutes(object["duration"])
    let cook = ExportText.minutes(object["cookingDuration"])
    recipe.fields.prepTime = prep
    recipe.fields.cookTime = cook
    recipe.fields.tags = ExportText.names(object["tags"])
    recipe.fields.url = ExportText.address(object["webLink"]?.string)
    recipe.notes = [object["notes"]?.string].compactMap { $0 }
    if let source = ExportText.line(object["sourceName"]) {
      recipe.notes.append("Source: \(source)")
    }
    recipe.photo =
      object["images"]?.array?.lazy.compactMap { $0.string }
      .compactMap(MealPhoto.init(base64:)).first
    recipe.origin = object["uuid"]?.string.map { "crouton:\($0)" }
    return recipe
  }

  /// Entries by their `order`, where they give one.
  private static func ordered(_ list: [JSONValue]) -> [JSONValue] {
    list.enumerated().sorted {
      ($0.element["order"]?.int ?? $0.offset, $0.offset) < (
        $1.element["order"]?.int ?? $1.offset, $1.offset
      )
    }.map(\.element)
  }

  /// `{"amount": 2, "quantityType": "CUP"}` as `2 cups`; items (`ITEM`) as the number alone.
  private static func quantity(_ value: JSONValue?) -> String {
    guard let value, let number = value["amount"]?.number else { return "" }
    let amount = ExportText.amount(number)
    let type = value["quantityType"]?.string?.lowercased() ?? ""
    let units: [String: (String, String)] = [
      "cup": ("cup", "cups"), "tablespoon": ("tbsp", "tbsp"), "teaspoon": ("tsp", "tsp"),
      "grams": ("g", "g"), "kgs": ("kg", "kg"), "ounce": ("oz", "oz"), "pound": ("lb", "lb"),
      "mills": ("ml", "ml"), "litres": ("l", "l"), "can": ("can", "cans"),
      "bunch": ("bunch", "bunches"), "packet": ("packet", "packets"), "pinch": ("pinch", "pinches"),
      "fluid_ounce": ("fl oz", "fl oz"), "pint": ("pint", "pints"), "quart": ("quart", "quarts"),
    ]
    guard let unit = units[type] else { return amount }
    return "\(amount) \(amount == "1" ? unit.0 : unit.1)"
  }
}
