// libFuzzer target: any bytes as a web page, through the HTML reader alone. Built by
// `make fuzz` (swiftc -sanitize=fuzzer), not by SwiftPM.
import Foundation
import MealsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  let page = HTMLDocument(PageText.decode(bytes, contentType: nil))
  // One tree: every node's parent comes before it and lists it among its children.
  for (index, node) in page.nodes.enumerated().dropFirst() {
    precondition(node.parent >= 0 && node.parent < index, "a parent after its child")
    precondition(page.nodes[node.parent].children.contains(index), "a child its parent lost")
    precondition(
      node.name.utf8.allSatisfy { !(0x41...0x5A).contains($0) }, "a tag name not in lower case")
  }
  let text = page.text(of: 0)
  FuzzCheck.folded(text)
  for line in page.lines(of: 0) {
    FuzzCheck.folded(line)
    precondition(!line.isEmpty && !line.contains("\n"), "an empty line or one holding a break")
  }
  return 0
}
