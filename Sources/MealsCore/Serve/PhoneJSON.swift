import FoundationEssentials

/// The phone server's JSON answers (docs/serve.md), written from the book's values.
public enum PhoneJSON {
  /// `{"total": N, "more": false, "meals": [{"id", "name", "summary", "fields", "favourite",
  /// "photo"}]}` (`more`: there are more than `total`, counted up to
  /// `PhonePages.countLimit`; `fields`: time, rating and favourite as the book's rows show
  /// them; `photo`: whether it has one of its own, at `/photo/ID`).
  public static func meals(
    _ meals: [MealSummary], total: Int, more: Bool = false, withPhotos: Set<Int64> = []
  ) -> JSONText {
    .object([
      ("total", .integer(Int64(total))),
      ("more", .bool(more)),
      // What the book page says of them, in the page's language.
      ("said", .string(PhonePages.countText(shown: meals.count, total: total, more: more))),
      (
        "meals",
        .array(
          meals.map {
            .object([
              ("id", .integer($0.id)), ("name", .string($0.name)), ("summary", .string($0.summary)),
              ("fields", .string($0.fieldParts().joined(separator: " · "))),
              ("favourite", .bool($0.favourite)), ("photo", .bool(withPhotos.contains($0.id))),
            ])
          })
      ),
    ])
  }

  /// A meal for `servings`: its quantities scaled, its steps as Cook Mode splits them (its
  /// notes apart).
  public static func meal(
    _ meal: Meal, id: Int64, servings: Servings, lines: [IngredientMeasurement]
  ) -> JSONText {
    let method = CookMethod(of: meal)
    return .compactObject([
      ("id", .integer(id)),
      ("name", .string(meal.name)),
      ("servings", .integer(Int64(servings.current))),
      ("writtenFor", .integer(Int64(servings.base))),
      ("category", .optional(meal.category)),
      ("area", .optional(meal.area)),
      ("totalMinutes", meal.totalMinutes.map { .integer(Int64($0)) } ?? .null),
      ("favourite", .bool(meal.favourite)),
      (
        "ingredients",
        .array(
          lines.map {
            .compactObject([
              ("name", .string($0.name)), ("measure", .string($0.quantity)),
              ("group", $0.group.isEmpty ? .null : .string($0.group)),
            ])
          })
      ),
      (
        "cookware",
        meal.cookware.isEmpty ? .null : .array(meal.cookware.map { .string($0.label) })
      ),
      (
        "steps",
        .array(
          method.steps.map {
            .compactObject([("text", .string($0.text)), ("section", .optional($0.section))])
          })
      ),
      ("notes", method.notes.isEmpty ? .null : .array(method.notes.map { .string($0) })),
    ])
  }

  /// `{"week": "2026-W49", "days": [{"date", "entries": [...]}]}`.
  public static func plan(monday: CivilDate, entries: [PlanEntry]) -> JSONText {
    .object([
      ("week", .string(monday.isoWeekName)),
      (
        "days",
        .array(
          (0..<7).map { offset in
            let day = monday.adding(days: offset)
            return .object([
              ("date", .string(day.description)),
              (
                "entries",
                .array(
                  entries.filter { $0.day == day }.map {
                    .object([
                      ("id", .integer($0.id)), ("slot", .string($0.slot.rawValue)),
                      ("mealID", .integer($0.mealID)), ("name", .string($0.mealName)),
                      ("servings", .integer(Int64($0.servings))), ("note", .string($0.note)),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }

  /// One shopping item.
  public static func item(_ item: ShoppingItem) -> JSONText {
    .object([
      ("id", .integer(item.id)), ("ingredient", .string(item.ingredient)),
      ("measure", .string(item.measure)), ("ticked", .bool(item.ticked)),
      ("meal", .string(item.mealName)),
    ])
  }

  /// `{"error": "…"}`: what went wrong, in words.
  public static func error(_ message: String) -> JSONText {
    .object([("error", .string(message))])
  }

  /// The `ticked` of a tick's body (`{"ticked": true}`), or nil when it is not that.
  public static func ticked(fromBody body: [UInt8]) -> Bool? {
    tick(fromBody: body)?.ticked
  }

  /// `POST /api/cooked/ID`'s body: `{}`, or the servings cooked for and when (ms since 1970,
  /// for a tap that waited on the phone); nil for a body that is none of these.
  public static func cooked(fromBody body: [UInt8]) -> (servings: Int?, at: Double?)? {
    guard body.count <= 1_024 else { return nil }
    guard !body.isEmpty else { return (nil, nil) }
    guard let value = shallowValue(body), value.object != nil else { return nil }
    let servings = value["servings"]?.number.flatMap { number -> Int? in
      guard number.isFinite, number == number.rounded(), number >= 1, number <= 1000 else {
        return nil
      }
      return Int(number)
    }
    if value["servings"] != nil && servings == nil { return nil }
    let at = value["at"]?.number.flatMap { $0.isFinite && $0 > 0 ? $0 / 1_000 : nil }
    return (servings, at)
  }

  /// The deepest a request's body may nest: the phone's are one object of numbers.
  static let deepestBody = 3

  /// A request's body as JSON, nested at most `deepestBody` deep; nil else.
  ///
  /// The parser stops at the limit, so a body of 500 brackets never takes it 500 calls deep
  /// on a connection's thread, whose stack is small (meals serve's 512 KB).
  static func shallowValue(_ body: [UInt8]) -> JSONValue? {
    try? JSONParser.parse(body, deepest: deepestBody)
  }

  /// `{"ticked": true, "at": 1796490000000}`: the tick, and when it was made (milliseconds
  /// since 1970, the phone's clock set by the server's) when the phone says so — a tick that
  /// waited while meals could not be reached.
  public static func tick(fromBody body: [UInt8]) -> (ticked: Bool, at: Double?)? {
    guard !body.isEmpty, body.count <= 1_024, let value = shallowValue(body),
      let ticked = value["ticked"]?.bool
    else { return nil }
    let at = value["at"]?.number.flatMap { $0.isFinite && $0 > 0 ? $0 / 1_000 : nil }
    return (ticked, at)
  }
}
