/// A saved or found meal: what the user keeps in the recipe book.
public struct Meal: Equatable, Sendable {
  /// The database row id; nil for a meal that is not stored yet.
  public var id: Int64?
  /// TheMealDB's id (a string on the wire); unique among stored meals when present.
  public var mealDBID: String?
  public var name: String
  public var instructions: String
  /// The lines of `instructions` that title a part of the recipe (`Barbacoa`, `For the
  /// glaze`) as the recipe writes them: headings over the steps after them, not steps.
  public var sectionTitles: [String]
  public var category: String?
  public var area: String?
  public var tags: [String]
  public var thumbnailURL: String?
  public var sourceURL: String?
  public var videoURL: String?
  /// In the order the recipe lists them; the same ingredient may appear twice.
  public var ingredients: [IngredientMeasurement]
  /// The utensils the steps name, as a .cook file marks them (`#wok{}`), once each in the
  /// order a file marks them (`Cookware.kept`).
  public var cookware: [Cookware]

  // MARK: - The user's own (TheMealDB has none of these)

  public var favourite: Bool
  /// When it became a favourite (seconds since 1970), for the Favourites page's order.
  public var favouritedAt: Double?
  /// 0 (not rated) to 5.
  public var rating: Int
  public var totalMinutes: Int?
  public var difficulty: Difficulty?
  public var servings: Int?
  /// The meal's own photo, as the book holds it (its bytes are read apart, when shown).
  public var photo: PhotoLabel?

  public init(
    id: Int64? = nil,
    mealDBID: String? = nil,
    name: String,
    instructions: String,
    sectionTitles: [String] = [],
    category: String? = nil,
    area: String? = nil,
    tags: [String] = [],
    thumbnailURL: String? = nil,
    sourceURL: String? = nil,
    videoURL: String? = nil,
    ingredients: [IngredientMeasurement] = [],
    cookware: [Cookware] = [],
    favourite: Bool = false,
    favouritedAt: Double? = nil,
    rating: Int = 0,
    totalMinutes: Int? = nil,
    difficulty: Difficulty? = nil,
    servings: Int? = nil,
    photo: PhotoLabel? = nil
  ) {
    self.id = id
    self.mealDBID = mealDBID
    self.name = name
    self.instructions = instructions
    self.sectionTitles = sectionTitles
    self.category = category
    self.area = area
    self.tags = tags
    self.thumbnailURL = thumbnailURL
    self.sourceURL = sourceURL
    self.videoURL = videoURL
    self.ingredients = ingredients
    self.cookware = cookware
    self.favourite = favourite
    self.favouritedAt = favouritedAt
    self.rating = rating
    self.totalMinutes = totalMinutes
    self.difficulty = difficulty
    self.servings = servings
    self.photo = photo
  }

  /// Category and area joined for a one-line description: "Vegetarian · Italian".
  public var kindDescription: String {
    [category, area].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
  }
}

// MARK: - Codable

/// Keys missing from older JSON (drafts kept before the user's fields existed) take defaults.
extension Meal: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, mealDBID, name, instructions, category, area, tags, thumbnailURL, sourceURL
    case videoURL, ingredients, favourite, favouritedAt, rating, totalMinutes, difficulty
    case servings, sectionTitles, photo, cookware
  }

  public init(from decoder: Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try values.decodeIfPresent(Int64.self, forKey: .id),
      mealDBID: try values.decodeIfPresent(String.self, forKey: .mealDBID),
      name: try values.decode(String.self, forKey: .name),
      instructions: try values.decode(String.self, forKey: .instructions),
      sectionTitles: try values.decodeIfPresent([String].self, forKey: .sectionTitles) ?? [],
      category: try values.decodeIfPresent(String.self, forKey: .category),
      area: try values.decodeIfPresent(String.self, forKey: .area),
      tags: try values.decodeIfPresent([String].self, forKey: .tags) ?? [],
      thumbnailURL: try values.decodeIfPresent(String.self, forKey: .thumbnailURL),
      sourceURL: try values.decodeIfPresent(String.self, forKey: .sourceURL),
      videoURL: try values.decodeIfPresent(String.self, forKey: .videoURL),
      ingredients: try values.decodeIfPresent([IngredientMeasurement].self, forKey: .ingredients)
        ?? [],
      cookware: try values.decodeIfPresent([Cookware].self, forKey: .cookware) ?? [],
      favourite: try values.decodeIfPresent(Bool.self, forKey: .favourite) ?? false,
      favouritedAt: try values.decodeIfPresent(Double.self, forKey: .favouritedAt),
      rating: try values.decodeIfPresent(Int.self, forKey: .rating) ?? 0,
      totalMinutes: try values.decodeIfPresent(Int.self, forKey: .totalMinutes),
      difficulty: try values.decodeIfPresent(Difficulty.self, forKey: .difficulty),
      servings: try values.decodeIfPresent(Int.self, forKey: .servings),
      photo: try values.decodeIfPresent(PhotoLabel.self, forKey: .photo))
  }
}
