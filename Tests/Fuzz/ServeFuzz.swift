// libFuzzer target: any bytes as a request to the kitchen server (method, path, body, one per
// line) and as the book's text on its pages: routed or refused, never a path outside its
// routes, and every text escaped (no markup of the book's in any page). Built by `make fuzz`.
import Foundation
import MealsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServe(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  let text = String(decoding: bytes, as: UTF8.self)
  let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
  let method = parts.count > 0 ? String(parts[0]) : ""
  let path = parts.count > 1 ? String(parts[1]) : ""
  let body = parts.count > 2 ? Array(parts[2].utf8) : []

  // MARK: Routes
  if case .success(let route) = PhoneRoute.resolve(method: method, path: path) {
    precondition(path.hasPrefix("/"), "a route for a path without its slash")
    precondition(!path.contains(".."), "a route for a path that climbs")
    precondition(["GET", "HEAD", "POST"].contains(method), "a route for another method")
    if case .apiTick = route { precondition(method == "POST", "a tick without POST") }
  }
  if let ticked = PhoneJSON.ticked(fromBody: body) {
    precondition(body.count <= 1_024, "a tick read from a body over its limit")
    _ = ticked
  }

  // MARK: Token
  if let token = PairingToken(text: text) {
    precondition(token.matches(token.text), "a token that does not match itself")
  }
  precondition(!PairingToken.generate().matches(text) || text.utf8.count == 32, "a token matched")

  // MARK: Escaping
  let escaped = HTMLEscaping.escaped(text)
  for character in ["<", ">", "\"", "'"] {
    precondition(!escaped.contains(character), "\(character) left in escaped text")
  }
  let query = HTMLEscaping.queryValue(text)
  precondition(query.utf8.allSatisfy { $0 < 0x80 && $0 != 0x20 && $0 != 0x26 }, "a raw byte")

  // MARK: Pages: the book's text never becomes markup
  var meal = Meal(
    name: text, instructions: text,
    ingredients: [IngredientMeasurement(name: text, quantity: text, group: text)])
  meal.sourceURL = text
  meal.thumbnailURL = text
  meal.category = text
  let servings = Servings(for: meal, servings: 3)
  let lines = servings.lines(of: meal)
  let pages = [
    PhonePages.book(
      meals: [MealSummary(id: 1, name: text, summary: text)], total: 1, query: text,
      favouritesOnly: false, categories: [text], category: text),
    PhonePages.meal(meal, id: 1, servings: servings, lines: lines, hasPhoto: false),
    PhonePages.cook(meal, id: 1, servings: servings, lines: lines),
    PhonePages.shopping(
      ShoppingList.rows([
        ShoppingItem(id: 1, mealName: text, ingredient: text, measure: text, ticked: false),
        ShoppingItem(id: 2, mealName: text, ingredient: text, measure: "2 cups", ticked: true),
      ])),
    PhonePages.trust(authorityFingerprint: text),
    PhonePages.message(title: text, text: text),
  ]
  for page in pages {
    precondition(page.components(separatedBy: "<script").count == 2, "a script of the book's")
    precondition(!page.lowercased().contains("href=\"javascript:"), "a javascript: link")
  }
  _ = PhoneJSON.meal(meal, id: 1, servings: servings, lines: lines).serialized(pretty: false)
  return 0
}
