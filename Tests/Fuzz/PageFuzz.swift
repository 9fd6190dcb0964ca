// libFuzzer target: any bytes as a recipe page, through every source the reader takes a
// recipe from (JSON-LD, microdata, RDFa, plugins' markup, headings and lists, OpenGraph).
// Built by `make fuzz`.
import Foundation
import MealsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  let found = try? RecipeImport.candidates(
    from: data, fileName: "page.html", contentType: "text/html",
    address: "https://example.org/recipes/stew")
  FuzzCheck.candidates(found ?? [])
  return 0
}
