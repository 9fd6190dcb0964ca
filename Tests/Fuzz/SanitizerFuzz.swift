// libFuzzer target: the text sanitiser on any UTF-8 (and invalid UTF-8, repaired by Swift).
// Built by `make fuzz` (swiftc -sanitize=fuzzer), not by SwiftPM.
import MealsCore
import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitizer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  let clean = TextSanitizer.clean(text)
  FuzzCheck.clean(clean, singleLine: false)
  precondition(TextSanitizer.clean(clean) == clean, "cleaning twice changes the text")
  let line = TextSanitizer.singleLine(text)
  FuzzCheck.clean(line, singleLine: true)
  precondition(TextSanitizer.singleLine(line) == line, "singleLine twice changes the text")
  _ = TextFolding.key(clean)
  _ = MealRules.trimmed(clean)
  return 0
}
