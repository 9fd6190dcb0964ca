// Writes to a database in a loop until it is killed: the crash-safety tests SIGKILL it at
// random moments and then check that the file is healthy and every change is all-or-nothing.
//
//   meals-stress import PATH   replace a 20 000-entry ingredient catalogue, generation after generation
//   meals-stress commit PATH   commit a 20-ingredient draft of one meal, generation after generation
//   meals-stress migrate PATH  open (and so back up and migrate) an older database, then exit
import Foundation
import MealsCore
import MealsStore

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["import", "commit", "migrate"].contains(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: meals-stress import|commit|migrate PATH\n".utf8))
  exit(2)
}

if arguments[1] == "migrate" {
  say("opening")
  do {
    let store = try MealStore(path: arguments[2])
    say("migrated to \(store.schemaVersion)")
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("meals-stress: \(error.message)\n".utf8))
    exit(1)
  }
}

do {
  let store = try MealStore(path: arguments[2])
  var generation = 0
  if arguments[1] == "import" {
    while true {
      generation += 1
      try store.replaceCatalogue(
        (0..<20_000).map {
          Ingredient(
            name: "G\(generation) ingredient \($0)", description: "generation \(generation)")
        })
      say("committed \(generation)")
    }
  } else {
    let id = try store.createMeal(name: "G0", instructions: "generation 0")
    while true {
      generation += 1
      var draft = try store.editableCopy(of: id)
      draft.name = "G\(generation)"
      draft.instructions = "generation \(generation)"
      draft.meal.ingredients = (0..<20).map {
        IngredientMeasurement(name: "Item \($0)", quantity: "G\(generation)")
      }
      try store.commit(draft)
      say("committed \(generation)")
    }
  }
} catch {
  FileHandle.standardError.write(Data("meals-stress: \(error)\n".utf8))
  exit(1)
}
