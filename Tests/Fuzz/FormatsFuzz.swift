// libFuzzer target: any bytes as a recipe file in one of the formats meals reads, the format
// given by the FUZZ_FORMAT environment variable (schema.org JSON, Cooklang, Markdown), as
// `meals import` reads a file of that name (a .cook file's meal also written and read back);
// or (`syncfiles`) as the sync folder's own files —
// a shopping list, its tick log, a week's menu, a hand-written file given its meals-id — each
// read, written and read again to the same. Built by `make fuzz` as four targets.
import Foundation
import MealsCore

let fuzzFileName: String = {
  switch ProcessInfo.processInfo.environment["FUZZ_FORMAT"] {
  case "cooklang": return "recipe.cook"
  case "markdown": return "recipe.md"
  default: return "recipe.json"
  }
}()

let fuzzSyncFiles = ProcessInfo.processInfo.environment["FUZZ_FORMAT"] == "syncfiles"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormats(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  if fuzzSyncFiles {
    fuzzSyncFolderFiles(String(decoding: data, as: UTF8.self))
    return 0
  }
  let candidates = (try? RecipeImport.candidates(from: data, fileName: fuzzFileName)) ?? []
  FuzzCheck.candidates(candidates)
  if fuzzFileName.hasSuffix(".cook") {
    for meal in candidates.compactMap(\.meal) { fuzzCooklangRoundTrip(meal) }
  }
  return 0
}

/// A meal read from a .cook file, written as meals writes it, reads back to the same file
/// (the sync folder rewrites nothing that did not change), ingredients marked in its steps or
/// listed.
func fuzzCooklangRoundTrip(_ meal: Meal) {
  let written = Cooklang.render(meal)
  guard let back = Cooklang.meal(from: written, fileName: "recipe.cook").meal else {
    preconditionFailure("a file meals wrote reads as no meal")
  }
  precondition(back.ingredients == meal.ingredients, "the ingredients read back otherwise")
  precondition(back.cookware == meal.cookware, "the cookware reads back otherwise")
  precondition(Cooklang.render(back) == written, "a file meals wrote writes back otherwise")
}

/// The sync folder's files: what is written from what was read reads back the same.
func fuzzSyncFolderFiles(_ text: String) {
  let items = ShoppingListFile.parse(text)
  let written = ShoppingListFile.render(items)
  precondition(
    ShoppingListFile.render(ShoppingListFile.parse(written)) == written,
    "a shopping list written from what was read reads back otherwise")
  for (name, _) in ShoppingListFile.checked(text) {
    precondition(name == name.lowercased() && !name.isEmpty, "a tick's name")
  }
  let monday = CivilDate(year: 2026, month: 11, day: 30) ?? CivilDate(daysSince1970: 0)
  let entries = MenuFile.parse(text, week: monday)
  let menu = MenuFile.render(week: monday, entries)
  precondition(
    MenuFile.render(week: monday, MenuFile.parse(menu, week: monday)) == menu,
    "a menu written from what was read reads back otherwise")
  let id = "0f8c2b1e-3a4d-4c5b-9e6f-7a8b9c0d1e2f"
  if Cooklang.syncID(in: text) == nil {
    let given = Cooklang.addingSyncID(id, to: text)
    precondition(Cooklang.syncID(in: given) == id, "a meals-id added is not read back")
  }
}
