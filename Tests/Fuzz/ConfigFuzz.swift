// libFuzzer target: any text as a config file, and any text as a value written back into
// one. Built by `make fuzz`.
import Foundation
import MealsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  let file = ConfigFile.parse(text)
  // Every line is a statement, a problem, or nothing (blank, a comment); never two of them.
  let lineCount = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).count
  let numbers = file.lines.map(\.number) + file.problems.map(\.line)
  precondition(Set(numbers).count == numbers.count, "a line both read and refused")
  precondition(numbers.allSatisfy { (1...lineCount).contains($0) }, "a line number out of range")
  // Whatever the words, `meals config` writes them so they read back the same.
  let line = "set db = " + ConfigWords.written(text)
  precondition(
    ConfigFile.parse(line).lines.map(\.statement) == [.set(name: "db", value: text)],
    "a written value does not read back")
  return 0
}
