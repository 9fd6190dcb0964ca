import FoundationEssentials
import TextSafety
import Translation

/// Why a TheMealDB answer could not be read.
public enum MealDBDecodingError: Error, Equatable, Sendable {
  /// The body is not JSON at all (an HTML error page, a truncated body, …).
  case notJSON
  /// JSON, but not the shape TheMealDB sends; the text says what was expected.
  case wrongShape(String)

  public var message: String {
    switch self {
    case .notJSON: tr("TheMealDB sent something that is not JSON.")
    case .wrongShape(let expected):
      tr("TheMealDB's answer has an unexpected shape (%s).").filled(expected)
    }
  }
}

/// A meal as `filter.php` lists it: only a name, a thumbnail and an id.
public struct MealListing: Equatable, Sendable {
  public var mealDBID: String
  public var name: String
  public var thumbnailURL: String?

  public init(mealDBID: String, name: String, thumbnailURL: String? = nil) {
    self.mealDBID = mealDBID
    self.name = name
    self.thumbnailURL = thumbnailURL
  }
}

/// A category from `categories.php`.
public struct MealCategory: Equatable, Sendable {
  public var mealDBID: String?
  public var name: String
  public var thumbnailURL: String?
  public var description: String?
}

/// Maps TheMealDB JSON to the model, following every quirk in the real data.
///
/// `{"meals":null}` is empty; ids may be strings or numbers; the 20 ingredient slots hold null,
/// "" or " " in any mix; unknown keys are ignored and known ones may be missing; all text is
/// sanitised here, once, at the boundary.
public enum MealDBDecoder {
  // MARK: - Endpoints

  /// `search.php`, `lookup.php`, `random.php`: full meals.
  public static func meals(from data: Data) throws(MealDBDecodingError) -> [Meal] {
    try entries(in: data, key: "meals").compactMap(meal(from:))
  }

  /// `filter.php`: partial meals (name, thumbnail, id).
  public static func listings(from data: Data) throws(MealDBDecodingError) -> [MealListing] {
    try entries(in: data, key: "meals").compactMap { entry in
      guard let id = string(entry["idMeal"]), let name = line(entry["strMeal"]) else { return nil }
      return MealListing(mealDBID: id, name: name, thumbnailURL: line(entry["strMealThumb"]))
    }
  }

  /// `list.php?i=list`: the ingredient catalogue, duplicate names merged (case-insensitive).
  public static func ingredients(from data: Data) throws(MealDBDecodingError) -> [Ingredient] {
    let raw = try entries(in: data, key: "meals").compactMap { entry -> Ingredient? in
      guard let name = line(entry["strIngredient"]) else { return nil }
      return Ingredient(
        name: name,
        description: text(entry["strDescription"]),
        type: line(entry["strType"]),
        mealDBID: string(entry["idIngredient"])
      )
    }
    return mergingDuplicates(raw)
  }

  /// `categories.php`.
  public static func categories(from data: Data) throws(MealDBDecodingError) -> [MealCategory] {
    try entries(in: data, key: "categories").compactMap { entry in
      guard let name = line(entry["strCategory"]) else { return nil }
      return MealCategory(
        mealDBID: string(entry["idCategory"]),
        name: name,
        thumbnailURL: line(entry["strCategoryThumb"]),
        description: text(entry["strCategoryDescription"])
      )
    }
  }

  /// `list.php?c=list` (key `strCategory`) and `list.php?a=list` (key `strArea`).
  public static func names(from data: Data, key: String) throws(MealDBDecodingError) -> [String] {
    try entries(in: data, key: "meals").compactMap { line($0[key]) }
  }

  /// Keeps the first of each case-insensitively equal name, filling its missing fields.
  public static func mergingDuplicates(_ ingredients: [Ingredient]) -> [Ingredient] {
    var merged: [Ingredient] = []
    var indexByKey: [String: Int] = [:]
    merged.reserveCapacity(ingredients.count)
    for ingredient in ingredients {
      let key = ingredient.name.lowercased()
      if let index = indexByKey[key] {
        if !merged[index].hasDescription && ingredient.hasDescription {
          merged[index].description = ingredient.description
        }
        if merged[index].type == nil { merged[index].type = ingredient.type }
      } else {
        indexByKey[key] = merged.count
        merged.append(ingredient)
      }
    }
    return merged
  }

  // MARK: - One meal

  /// "strIngredient1"…"strIngredient20" with their "strMeasureN", built once.
  private static let slotKeys = (1...20).map { ("strIngredient\($0)", "strMeasure\($0)") }

  static func meal(from entry: [String: JSONValue]) -> Meal? {
    guard let name = line(entry["strMeal"]) else { return nil }
    var ingredients: [IngredientMeasurement] = []
    for (ingredientKey, measureKey) in slotKeys {
      guard let ingredient = line(entry[ingredientKey]) else { continue }
      let quantity = line(entry[measureKey]) ?? ""
      ingredients.append(IngredientMeasurement(name: ingredient, quantity: quantity))
    }
    let tags = (line(entry["strTags"]) ?? "")
      .split(separator: ",")
      .map { MealRules.trimmed(String($0)) }
      .filter { !$0.isEmpty }
    return Meal(
      mealDBID: string(entry["idMeal"]),
      name: name,
      instructions: text(entry["strInstructions"]) ?? "",
      category: line(entry["strCategory"]),
      area: line(entry["strArea"]),
      tags: tags,
      thumbnailURL: line(entry["strMealThumb"]),
      sourceURL: line(entry["strSource"]),
      videoURL: line(entry["strYoutube"]),
      ingredients: ingredients
    )
  }

  // MARK: - Values

  /// The array under `key`; null (TheMealDB's "no match") is empty.
  private static func entries(
    in data: Data,
    key: String
  ) throws(MealDBDecodingError) -> [[String: JSONValue]] {
    let object: JSONValue
    do {
      object = try JSONParser.parse(Array(data))
    } catch {
      throw .notJSON
    }
    guard let top = object.object else {
      throw .wrongShape("an object with \"\(key)\"")
    }
    guard let value = top[key] else { throw .wrongShape("no \"\(key)\" key") }
    if value == .null { return [] }
    guard let array = value.array else {
      throw .wrongShape("\"\(key)\" is not a list")
    }
    return array.compactMap(\.object)
  }

  /// An id: a string, or a number written as one.
  private static func string(_ value: JSONValue?) -> String? {
    if let text = value?.string {
      let trimmed = MealRules.trimmed(TextSanitizer.singleLine(text))
      return trimmed.isEmpty ? nil : trimmed
    }
    if let number = JSONParser.numberText(value) { return number }
    return nil
  }

  /// A one-line value, trimmed; nil when missing, null, or only spaces.
  private static func line(_ value: JSONValue?) -> String? {
    guard let text = value?.string else { return nil }
    let trimmed = MealRules.trimmed(TextSanitizer.singleLine(text))
    return trimmed.isEmpty ? nil : trimmed
  }

  /// A multi-line value with `\n` line breaks; nil when missing, null, or only spaces.
  private static func text(_ value: JSONValue?) -> String? {
    guard let text = value?.string else { return nil }
    let cleaned = TextSanitizer.clean(text)
    return MealRules.isBlank(cleaned) ? nil : MealRules.trimmed(cleaned)
  }
}
