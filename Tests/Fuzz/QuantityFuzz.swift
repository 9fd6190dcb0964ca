// libFuzzer target: any text as a measure and as an ingredient line: parsed, scaled, added
// up, split and joined. Built by `make fuzz`.
import Foundation
import MealsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuantity(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  if let quantity = Quantity(parsing: text) {
    precondition(quantity.amount.low > 0 && quantity.amount.low.isFinite, "a bad amount kept")
    for factor in [0.5, 2, 3, 1_000_000] {
      let scaled = quantity.scaled(by: factor)
      _ = scaled.text
      precondition(scaled.amount.low.isFinite, "scaling overflowed to infinity")
    }
  }
  _ = ShoppingList.amounts([text, text, "2 cups", text])
  // An ingredient line splits into a measure and a name that join back to the same line.
  let line = IngredientLine.cleaned(text)
  let split = IngredientLine.split(text)
  precondition(IngredientLine.joined(split) == line, "a split line does not come back whole")
  let reading = IngredientLine.reading(split)
  precondition(
    reading.amount.count + reading.food.count <= line.count, "a reading longer than its line")
  _ = IngredientKey.of(text)
  if let length = Quantity.measureLength(atStartOf: text) {
    precondition(length > 0 && length <= text.count, "a measure longer than its line")
  }
  return 0
}
