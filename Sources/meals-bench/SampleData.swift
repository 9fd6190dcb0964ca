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
  ]
  static let ingredients = [
    "Chicken", "Garlic", "Onion", "Olive Oil", "Tomatoes", "Butter", "Flour", "Eggs", "Milk",
    "Rice", "Penne", "Beef", "Carrots", "Celery", "Lentils", "Tofu", "Soy Sauce", "Ginger",
    "Chilli",
    "Cumin", "Paprika", "Basil", "Parsley", "Lemon", "Sugar", "Salt", "Pepper", "Cream", "Cheese",
    "Gruyère", "Mushrooms", "Spinach", "Potatoes", "Prawns", "Cod", "Lamb", "Pork", "Beans",
  ]
  static let words = [
    "heat", "the", "oil", "in", "a", "large", "pan", "add", "stir", "until", "soft", "then",
    "simmer", "for", "minutes", "season", "serve", "with", "fresh", "herbs", "and", "bread",
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
      name: name, instructions: instructions, category: "Bench", area: "Nowhere", ingredients: lines
    )
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
