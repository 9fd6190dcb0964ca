// libFuzzer target: any bytes as a recipe file in one of the formats meals reads, the format
// given by the FUZZ_FORMAT environment variable (schema.org JSON, Cooklang, Markdown), as
// `meals import` reads a file of that name. Built by `make fuzz` as three targets.
import Foundation
import MealsCore

let fuzzFileName: String = {
  switch ProcessInfo.processInfo.environment["FUZZ_FORMAT"] {
  case "cooklang": return "recipe.cook"
  case "markdown": return "recipe.md"
  default: return "recipe.json"
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormats(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  FuzzCheck.candidates((try? RecipeImport.candidates(from: data, fileName: fuzzFileName)) ?? [])
  return 0
}
