/// A saved or found meal: what the user keeps in the recipe book.
public struct Meal: Equatable, Codable, Sendable {
  /// The database row id; nil for a meal that is not stored yet.
  public var id: Int64?
  /// TheMealDB's id (a string on the wire); unique among stored meals when present.
  public var mealDBID: String?
  public var name: String
  public var instructions: String
  public var category: String?
  public var area: String?
  public var tags: [String]
  public var thumbnailURL: String?
  public var sourceURL: String?
  public var videoURL: String?
  /// In the order the recipe lists them; the same ingredient may appear twice.
  public var ingredients: [IngredientMeasurement]

  public init(
    id: Int64? = nil,
    mealDBID: String? = nil,
    name: String,
    instructions: String,
    category: String? = nil,
    area: String? = nil,
    tags: [String] = [],
    thumbnailURL: String? = nil,
    sourceURL: String? = nil,
    videoURL: String? = nil,
    ingredients: [IngredientMeasurement] = []
  ) {
    self.id = id
    self.mealDBID = mealDBID
    self.name = name
    self.instructions = instructions
    self.category = category
    self.area = area
    self.tags = tags
    self.thumbnailURL = thumbnailURL
    self.sourceURL = sourceURL
    self.videoURL = videoURL
    self.ingredients = ingredients
  }

  /// Category and area joined for a one-line description: "Vegetarian · Italian".
  public var kindDescription: String {
    [category, area].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
  }
}
