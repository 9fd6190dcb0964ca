// libFuzzer target: the terminal key reader on any byte stream, cut into reads anywhere and
// read at any times. Built by `make fuzz` (swiftc -sanitize=fuzzer), not by SwiftPM.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  guard let control = bytes.first else { return 0 }
  // The first byte chooses how the rest is cut into reads and how much time passes.
  let chunk = Int(control & 0x0F) + 1
  let step = UInt64(control >> 4) * 7
  var decoder = KeyDecoder()
  var now: UInt64 = 0
  var index = 1
  var keys = 0
  while index < bytes.count {
    let end = min(bytes.count, index + chunk)
    decoder.feed(bytes[index..<end], now: now)
    index = end
    now += step
    while let key = decoder.next(now: now) {
      check(key)
      keys += 1
    }
  }
  // Once everything has had time to settle, nothing may be left half-read.
  now += 10_000
  while let key = decoder.next(now: now) {
    check(key)
    keys += 1
  }
  precondition(!decoder.hasPendingInput, "bytes left pending after every delay passed")
  precondition(keys <= bytes.count, "more keys than bytes")
  return 0
}

/// No key may carry a control character into the app, except line breaks and tabs in a paste.
private func check(_ key: Key) {
  switch key {
  case .character(let character):
    for scalar in character.unicodeScalars {
      precondition(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "control key")
    }
  case .paste(let text):
    for scalar in text.unicodeScalars where scalar != "\n" && scalar != "\t" {
      precondition(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "control pasted")
    }
  default:
    break
  }
}
