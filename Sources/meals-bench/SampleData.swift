import MealsCore

/// Synthetic meals and ingredients for the benchmark, the same every run.
enum SampleData {
  static let adjectives = [
    "Spicy", "Creamy", "Smoky", "Crispy", "Slow-cooked", "Zesty", "Garlicky", "Roasted", "Sweet",
    "Herby", "Golden", "Rustic", "Tangy", "Fiery", "Velvety", "Café",
  ]
  static let dishes = [
    "Chicken Curry", "Penne Arrabiata", "Beef Stew", "Tofu Stir-fry", "Lentil Soup", "Fish Pie",
    "Mushroom Risotto", "Lamb Tagine", "Pork Ramen", "Veggie Lasagne", "Prawn Paella",
    "Bean Chilli",
    "Apple Crumble", "Chocolate Tart", "Egg Fried Rice", "Mapo Tofu 麻婆豆腐",
    "Kung Pao 宫保鸡丁", "鸡肉 Congee", "Katsu カレー", "김치 Stew", "Mac & Cheese",
    "Shepherd's Pie",
  ]
  static let ingredients = [
    "Chicken", "Garlic", "Onion", "Olive Oil", "Tomatoes", "Butter", "Flour", "Eggs", "Milk",
    "Rice", "Penne", "Beef", "Carrots", "Celery", "Lentils", "Tofu", "Soy Sauce", "Ginger",
    "Chilli",
    "Cumin", "Paprika", "Basil", "Parsley", "Lemon", "Sugar", "Salt", "Pepper", "Cream", "Cheese",
    "Gruyère", "Mushrooms", "Spinach", "Potatoes", "Prawns", "Cod", "Lamb", "Pork", "Beans",
    "鸡肉", "Salt & Pepper",
  ]
  static let words = [
    "heat", "the", "oil", "in", "a", "large", "pan", "add", "stir", "until", "soft", "then",
    "simmer", "for", "minutes", "season", "serve", "with", "fresh", "herbs", "and", "bread",
  ]

  static let categories = [
    "Beef", "Breakfast", "Chicken", "Dessert", "Goat", "Lamb", "Miscellaneous", "Pasta", "Pork",
    "Seafood", "Side", "Starter", "Vegan", "Vegetarian",
  ]
  static let areas = [
    "American", "British", "Canadian", "Chinese", "Croatian", "Dutch", "Egyptian", "Filipino",
    "French", "Greek", "Indian", "Irish", "Italian", "Jamaican", "Japanese", "Kenyan",
    "Malaysian", "Mexican", "Moroccan", "Polish", "Portuguese", "Russian", "Spanish", "Thai",
    "Tunisian",
  ]

  static func meal(_ index: Int) -> Meal {
    let name =
      "\(adjectives[index % adjectives.count]) \(dishes[(index / 16) % dishes.count]) \(index)"
    var instructions = ""
    for step in 0..<50 {
      instructions += words[(index + step * 7) % words.count] + (step % 12 == 11 ? ".\n" : " ")
    }
    let lines = (0..<6).map {
      IngredientMeasurement(
        name: ingredients[(index * 3 + $0 * 5) % ingredients.count], quantity: "\($0 + 1)00g")
    }
    return Meal(
      name: name, instructions: instructions, category: categories[(index / 7) % categories.count],
      area: areas[(index * 13) % areas.count], ingredients: lines, favourite: index % 10 == 0,
      favouritedAt: index % 10 == 0 ? 1_700_000_000 + Double(index) : nil, rating: index % 6,
      totalMinutes: 15 + (index % 12) * 15,
      difficulty: index % 4 == 0 ? nil : Difficulty.allCases[index % 3],
      servings: 1 + index % 8)
  }

  static func catalogue(_ count: Int) -> [Ingredient] {
    (0..<count).map { index in
      Ingredient(
        name: "\(ingredients[index % ingredients.count]) \(index)",
        description: index % 5 == 0
          ? "Described ingredient number \(index).\n\nSecond paragraph." : nil,
        type: index % 3 == 0 ? "Vegetable" : nil,
        mealDBID: "\(index + 1)")
    }
  }
}
