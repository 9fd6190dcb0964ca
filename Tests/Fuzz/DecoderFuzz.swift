// libFuzzer target: TheMealDB's JSON, any bytes at all, through every decoder entry point.
// Built by `make fuzz` (swiftc -sanitize=fuzzer), not by SwiftPM.
import Foundation
import MealsCore
import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  if let meals = try? MealDBDecoder.meals(from: data) {
    for meal in meals {
      FuzzCheck.clean(meal.name, singleLine: true)
      FuzzCheck.clean(meal.instructions, singleLine: false)
      precondition(!meal.name.isEmpty, "a meal without a name was kept")
      precondition(meal.ingredients.count <= 20, "more than 20 ingredient slots")
      for line in meal.ingredients {
        FuzzCheck.clean(line.name, singleLine: true)
        FuzzCheck.clean(line.quantity, singleLine: true)
        precondition(!line.name.isEmpty, "an empty ingredient slot was kept")
      }
    }
  }
  if let ingredients = try? MealDBDecoder.ingredients(from: data) {
    let names = ingredients.map { $0.name.lowercased() }
    precondition(Set(names).count == names.count, "duplicate catalogue names were not merged")
    for ingredient in ingredients {
      FuzzCheck.clean(ingredient.name, singleLine: true)
      FuzzCheck.clean(ingredient.description ?? "", singleLine: false)
    }
  }
  _ = try? MealDBDecoder.categories(from: data)
  _ = try? MealDBDecoder.listings(from: data)
  _ = try? MealDBDecoder.names(from: data, key: "strArea")
  return 0
}
