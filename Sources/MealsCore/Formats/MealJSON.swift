import FoundationEssentials
import Translation

/// Our own JSON format, version 1 (docs/formats.md): every field of a meal, so that export
/// then import gives the same meals back.
public enum MealJSON {
  public static let formatName = "meals"
  public static let version = 1

  // MARK: - Writing

  /// `{"format": "meals", "version": 1, "meals": [...]}`.
  public static func document(_ meals: [Meal]) -> String {
    JSONText.object([
      ("format", .string(formatName)), ("version", .integer(Int64(version))),
      ("meals", .array(meals.map { object($0) })),
    ]).serialized() + "\n"
  }

  /// One meal; fields without a value are left out, ids of this database are not written.
  ///
  /// With `photoData` (an export), its own photo's bytes travel in base64 under `photo.data`.
  /// `withReadings` (`meals show --json`): each ingredient's `amount` and `food` as the
  /// shopping list and the pantry read them (`IngredientLine.reading`) beside what is stored.
  public static func object(_ meal: Meal, photoData: [UInt8]? = nil, withReadings: Bool = false)
    -> JSONText
  {
    JSONText.compactObject([
      ("name", .string(meal.name)),
      ("mealDBID", .optional(meal.mealDBID)),
      ("category", .optional(meal.category)),
      ("area", .optional(meal.area)),
      ("tags", meal.tags.isEmpty ? .null : .array(meal.tags.map(JSONText.string))),
      (
        "ingredients",
        .array(
          meal.ingredients.map { line in
            let reading = withReadings ? IngredientLine.reading(line) : nil
            return .object(
              [("name", .string(line.name)), ("quantity", .string(line.quantity))]
                + (line.group.isEmpty ? [] : [("group", .string(line.group))])
                + (reading.map { [("amount", .string($0.amount)), ("food", .string($0.food))] }
                  ?? []))
          })
      ),
      (
        "cookware",
        meal.cookware.isEmpty
          ? .null
          : .array(
            meal.cookware.map {
              .object(
                [("name", .string($0.name))]
                  + ($0.quantity.isEmpty ? [] : [("quantity", .string($0.quantity))]))
            })
      ),
      ("instructions", .string(meal.instructions)),
      (
        "sectionTitles",
        meal.sectionTitles.isEmpty ? .null : .array(meal.sectionTitles.map(JSONText.string))
      ),
      ("thumbnailURL", .optional(meal.thumbnailURL)),
      ("sourceURL", .optional(meal.sourceURL)),
      ("videoURL", .optional(meal.videoURL)),
      ("favourite", meal.favourite ? .bool(true) : .null),
      ("favouritedAt", meal.favourite ? meal.favouritedAt.map(JSONText.number) ?? .null : .null),
      ("rating", meal.rating > 0 ? .integer(Int64(meal.rating)) : .null),
      ("totalMinutes", meal.totalMinutes.map { .integer(Int64($0)) } ?? .null),
      ("difficulty", .optional(meal.difficulty?.rawValue)),
      ("servings", meal.servings.map { .integer(Int64($0)) } ?? .null),
      (
        "photo",
        meal.photo.map {
          .object(
            [("type", .string($0.type)), ("bytes", .integer(Int64($0.bytes)))]
              + (photoData.map { [("data", .string(Data($0).base64EncodedString()))] } ?? []))
        } ?? .null
      ),
    ])
  }

  // MARK: - Reading

  /// True for a value in our format: the envelope, one meal object, or an array of them.
  public static func recognises(_ value: JSONValue) -> Bool {
    if let object = value.object {
      if object["format"]?.string == formatName { return true }
      return object["@type"] == nil && object["@context"] == nil && object["name"]?.string != nil
        && (object["instructions"]?.string != nil || object["ingredients"]?.array != nil)
    }
    if let first = value.array?.first { return recognises(first) }
    return false
  }

  /// The meals of a parsed document; a meal that cannot be read is a problem with its place.
  public static func meals(from value: JSONValue) throws(FormatError) -> [ImportCandidate] {
    var list: [JSONValue]
    if let object = value.object, object["format"] != nil {
      guard object["format"]?.string == formatName else {
        throw FormatError(tr("the \"format\" is not \"%s\".").filled(formatName))
      }
      let found = object["version"]?.int ?? 0
      guard found >= 1 else { throw FormatError(tr("the \"version\" is missing or not a number.")) }
      guard found <= version else {
        throw FormatError(
          tr("it is format version %1$s, from a newer meals; this one reads version %2$s.").filled(
            String(found), String(version)))
      }
      guard let array = object["meals"]?.array else {
        throw FormatError(tr("\"meals\" is missing or not a list."))
      }
      list = array
    } else if let array = value.array {
      list = array
    } else {
      list = [value]
    }
    return list.enumerated().map { index, entry in
      let place = tr("meal %d").filled(String(index + 1))
      guard let object = entry.object else {
        return ImportCandidate(place: place, problem: tr("not a JSON object"))
      }
      switch meal(from: object) {
      case .success(let meal):
        var candidate = ImportCandidate(place: place, meal: meal)
        candidate.photo = object["photo"]?["data"]?.string.flatMap(MealPhoto.init(base64:))
        return candidate
      case .failure(let problem): return ImportCandidate(place: place, problem: problem.message)
      }
    }
  }

  static func meal(from object: [String: JSONValue]) -> Result<Meal, FormatError> {
    func text(_ key: String) -> String? { object[key]?.string }
    func int(_ key: String) -> Int? {
      // A fraction is cut to its whole part, as a count is read.
      guard let number = JSONParser.number(object[key]), abs(number) < 1e15 else { return nil }
      return Int(number)
    }
    guard let name = text("name") else { return .failure(FormatError(tr("no \"name\""))) }
    var ingredients: [IngredientMeasurement] = []
    for entry in object["ingredients"]?.array ?? [] {
      guard let ingredient = entry["name"]?.string else {
        return .failure(FormatError(tr("%s: an ingredient without a \"name\"").filled(name)))
      }
      ingredients.append(
        IngredientMeasurement(
          name: ingredient, quantity: entry["quantity"]?.string ?? "",
          group: entry["group"]?.string.map(MealRules.trimmed) ?? ""))
    }
    var difficulty: Difficulty?
    if let raw = text("difficulty") {
      guard let known = Difficulty(rawValue: raw) else {
        return .failure(
          FormatError(
            tr("%1$s: difficulty “%2$s” is not Beginner, Intermediate or Advanced").filled(
              name, raw)))
      }
      difficulty = known
    }
    let favourite = object["favourite"]?.bool ?? false
    return .success(
      Meal(
        mealDBID: text("mealDBID") ?? int("mealDBID").map(String.init),
        name: name,
        instructions: text("instructions") ?? "",
        sectionTitles: (object["sectionTitles"]?.array ?? []).compactMap(\.string),
        category: text("category"),
        area: text("area"),
        tags: (object["tags"]?.array ?? []).compactMap(\.string),
        thumbnailURL: text("thumbnailURL"),
        sourceURL: text("sourceURL"),
        videoURL: text("videoURL"),
        ingredients: ingredients,
        cookware: (object["cookware"]?.array ?? []).compactMap { item in
          guard let name = item["name"]?.string, !MealRules.isBlank(name) else { return nil }
          return Cookware(name: name, quantity: item["quantity"]?.string ?? "")
        },
        favourite: favourite,
        favouritedAt: favourite ? JSONParser.number(object["favouritedAt"]) : nil,
        rating: min(5, max(0, int("rating") ?? 0)),
        totalMinutes: int("totalMinutes").flatMap { $0 > 0 ? $0 : nil },
        difficulty: difficulty,
        servings: int("servings").flatMap { $0 > 0 ? $0 : nil }))
  }
}
