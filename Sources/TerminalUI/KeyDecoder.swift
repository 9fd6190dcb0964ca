import TextSafety

/// Turns the bytes a terminal sends into keys, whatever the terminal description says.
///
/// Knows UTF-8 text, control keys, the CSI and SS3 sequences of xterm, rxvt, the Linux console
/// and tmux/screen, and bracketed paste (mode 2004). A sequence it does not know is read whole
/// and dropped, never split into Esc plus characters; a lone Esc becomes `.escape` once
/// `escapeDelay` passes with nothing after it, and Esc before any byte that cannot begin a
/// sequence is Esc at once. Pure and byte-driven, so it can be fuzzed.
public struct KeyDecoder: Sendable {
  /// How long a lone Esc waits for the rest of a sequence, unless told otherwise (`set
  /// escape-delay`: over a jittery ssh link an arrow's bytes can come 40 ms apart).
  public static let defaultEscapeDelay: UInt64 = 25
  /// How long a lone Esc waits here.
  public let escapeDelay: UInt64
  /// How long a sequence already under way (or a split UTF-8 character) waits for its end.
  public static let sequenceDelay: UInt64 = 250
  /// A paste whose end marker never comes ends after this much silence.
  public static let pasteIdle: UInt64 = 1_000

  private var buffer: [UInt8] = []
  private var position = 0
  /// Bytes of a paste under way (after `ESC [ 200 ~`), until `ESC [ 201 ~`.
  private var paste: [UInt8]?
  /// When the last bytes arrived, in monotonic milliseconds.
  private var lastInput: UInt64 = 0

  public init(escapeDelay: UInt64 = KeyDecoder.defaultEscapeDelay) {
    self.escapeDelay = escapeDelay
  }

  /// Adds bytes read from the terminal at time `now`.
  public mutating func feed(_ bytes: some Sequence<UInt8>, now: UInt64) {
    if position > 4096 && position * 2 > buffer.count {
      buffer.removeFirst(position)
      position = 0
    }
    buffer.append(contentsOf: bytes)
    lastInput = now
  }

  /// True when bytes wait for more (an Esc, a sequence, a paste) or for the next call.
  public var hasPendingInput: Bool { position < buffer.count || paste != nil }

  /// When an unfinished sequence at the front should be settled, if one is waiting.
  public var deadline: UInt64? {
    if paste != nil { return lastInput + Self.pasteIdle }
    guard position < buffer.count else { return nil }
    return lastInput
      + (buffer[position] == 0x1B && buffer.count - position == 1
        ? escapeDelay : Self.sequenceDelay)
  }

  /// The next complete key, or nil when none is ready yet.
  public mutating func next(now: UInt64) -> Key? {
    while true {
      if paste != nil {
        guard let text = continuePaste(now: now) else { return nil }
        return .paste(text)
      }
      guard position < buffer.count else { return nil }
      switch step(now: now) {
      case .key(let key): return key
      case .skipped: continue
      case .incomplete: return nil
      }
    }
  }

  // MARK: - One step

  private enum Step {
    case key(Key)
    /// Bytes consumed with no key (an unknown sequence, a paste start, invalid UTF-8).
    case skipped
    /// The bytes so far may begin something longer: wait for more (or the deadline).
    case incomplete
  }

  private mutating func step(now: UInt64) -> Step {
    let byte = buffer[position]
    if byte == 0x1B { return escape(now: now) }
    if byte < 0x80 {
      position += 1
      return Self.controlOrASCII(byte).map(Step.key) ?? .skipped
    }
    return utf8Character(now: now)
  }

  /// The key for one ASCII byte: Enter, Tab, Backspace, Ctrl-letter or a character.
  static func controlOrASCII(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x08, 0x7F: .backspace
    case 0x01...0x1A: .ctrl(Character(Unicode.Scalar(byte + 0x60)))
    case 0x00, 0x1B...0x1F: nil
    default: .character(Character(Unicode.Scalar(byte)))
    }
  }

  // MARK: - UTF-8

  private mutating func utf8Character(now: UInt64) -> Step {
    let lead = buffer[position]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default:
      position += 1  // a stray continuation byte or an invalid lead
      return .skipped
    }
    var scalar = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
      guard position + offset < buffer.count else {
        if now >= lastInput + Self.sequenceDelay {
          position += offset
          return .skipped
        }
        return .incomplete
      }
      let byte = buffer[position + offset]
      guard byte & 0xC0 == 0x80 else {
        position += offset  // cut short: drop what was read, decode from this byte on
        return .skipped
      }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    position += length
    // Overlong forms (which could smuggle in a control), surrogates and C1 controls are dropped.
    let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard scalar >= smallest, let value = Unicode.Scalar(scalar), !(0x80...0x9F).contains(scalar)
    else {
      return .skipped
    }
    return .key(.character(Character(value)))
  }

  // MARK: - Escape sequences

  private mutating func escape(now: UInt64) -> Step {
    let available = buffer.count - position
    guard available >= 2 else {
      if now >= lastInput + escapeDelay {
        position += 1
        return .key(.escape)
      }
      return .incomplete
    }
    switch buffer[position + 1] {
    case UInt8(ascii: "["):
      return controlSequence(now: now)
    case UInt8(ascii: "O"):
      guard available >= 3 else {
        if now >= lastInput + escapeDelay {
          position += 1  // Esc, then a capital O typed on its own
          return .key(.escape)
        }
        return .incomplete
      }
      let final = buffer[position + 2]
      position += 3
      return Self.ss3Key(final).map(Step.key) ?? .skipped
    default:
      // Only `[` and `O` begin a sequence: Esc then a key typed quickly (Esc, q) is two keys,
      // as a fast typist means it; Alt chords have no meaning here.
      position += 1
      return .key(.escape)
    }
  }

  /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), then a final byte (0x40–0x7E).
  private mutating func controlSequence(now: UInt64) -> Step {
    var index = position + 2
    while index < buffer.count, (0x30...0x3F).contains(buffer[index]) { index += 1 }
    let parametersEnd = index
    while index < buffer.count, (0x20...0x2F).contains(buffer[index]) { index += 1 }
    guard index < buffer.count else {
      if now >= lastInput + Self.sequenceDelay {
        position = buffer.count  // never finished: drop it whole
        return .skipped
      }
      return .incomplete
    }
    let final = buffer[index]
    guard (0x40...0x7E).contains(final) else {
      position = index  // broken off by a control or another Esc: drop the part before it
      return .skipped
    }
    let parameters = buffer[(position + 2)..<parametersEnd]
    // Two forms carry bytes after the final one: X10 mouse (`ESC [ M` + 3) and the Linux
    // console's F1–F5 (`ESC [ [ A`…`E`).
    let trailing =
      parameters.isEmpty && final == UInt8(ascii: "M")
      ? 3
      : parameters.isEmpty && final == UInt8(ascii: "[") ? 1 : 0
    guard index + trailing < buffer.count else {
      if now >= lastInput + Self.sequenceDelay {
        position = buffer.count
        return .skipped
      }
      return .incomplete
    }
    position = index + 1 + trailing
    if trailing == 1 {
      let letter = buffer[index + 1]
      return (0x41...0x45).contains(letter) ? .key(.function(Int(letter) - 0x40)) : .skipped
    }
    if trailing == 3 { return .skipped }  // mouse reports are not enabled
    let numbers = Self.numbers(in: parameters)
    if final == UInt8(ascii: "~") && numbers.first == 200 {
      paste = []
      return .skipped
    }
    return Self.csiKey(final: final, numbers: numbers, private: parameters.first)
      .map(Step.key) ?? .skipped
  }

  /// The numbers of `1;5` style parameters; an empty one counts as 0.
  private static func numbers(in parameters: ArraySlice<UInt8>) -> [Int] {
    var result: [Int] = []
    var current = 0
    for byte in parameters {
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
        result.append(current)
        current = 0
      } else if (0x30...0x39).contains(byte) {
        current = min(current * 10 + Int(byte - 0x30), 100_000)
      }
    }
    result.append(current)
    return result
  }

  private static func csiKey(final: UInt8, numbers: [Int], private marker: UInt8?) -> Key? {
    if marker == UInt8(ascii: "?"), final == UInt8(ascii: "c") {
      return .terminalAttributes(numbers)
    }
    if marker == nil, final == UInt8(ascii: "t") {
      return .windowReport(numbers)
    }
    if marker == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      return MouseEvent.sgr(numbers, released: final == UInt8(ascii: "m")).map(Key.mouse)
    }
    // `=` `>` `?` (and other `<`) mark private reports, such as device attributes: not keys.
    if let marker, (0x3C...0x3F).contains(marker) { return nil }
    // xterm's modifier parameter: `1;2A` is Shift-↑ (other modifiers read as the plain key).
    let shifted = numbers.count > 1 && numbers[1] == 2
    switch final {
    case UInt8(ascii: "A"): return shifted ? .shiftUp : .up
    case UInt8(ascii: "B"): return shifted ? .shiftDown : .down
    case UInt8(ascii: "a"): return .shiftUp  // rxvt
    case UInt8(ascii: "b"): return .shiftDown
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "P"): return .function(1)
    case UInt8(ascii: "Q"): return .function(2)
    case UInt8(ascii: "R"): return numbers.count > 1 && numbers[0] == 1 ? .function(3) : nil
    case UInt8(ascii: "S"): return .function(4)
    case UInt8(ascii: "~"): return tildeKey(numbers.first ?? 0)
    default: return nil
    }
  }

  /// `ESC [ n ~` keys (vt220, xterm, rxvt, the Linux console).
  private static func tildeKey(_ number: Int) -> Key? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23, 24: .function(number - 12)
    default: nil
    }
  }

  /// `ESC O x`: cursor and function keys in application mode, and the keypad.
  private static func ss3Key(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    case UInt8(ascii: "M"): .enter
    case UInt8(ascii: "p")...UInt8(ascii: "y"): .character(Character(Unicode.Scalar(final - 0x40)))
    case UInt8(ascii: "k"): .character("+")
    case UInt8(ascii: "m"): .character("-")
    case UInt8(ascii: "j"): .character("*")
    case UInt8(ascii: "o"): .character("/")
    case UInt8(ascii: "n"): .character(".")
    default: nil
    }
  }

  // MARK: - Paste

  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 201 ~

  /// Moves paste bytes out of the buffer; the text once the end marker (or silence) comes.
  private mutating func continuePaste(now: UInt64) -> String? {
    if let end = Self.find(Self.pasteEnd, in: buffer, from: position) {
      paste?.append(contentsOf: buffer[position..<end])
      position = end + Self.pasteEnd.count
      return finishPaste()
    }
    // Keep a possible start of the end marker in the buffer for the next read.
    let keep = min(buffer.count - position, Self.pasteEnd.count - 1)
    paste?.append(contentsOf: buffer[position..<(buffer.count - keep)])
    position = buffer.count - keep
    if now >= lastInput + Self.pasteIdle {
      paste?.append(contentsOf: buffer[position...])
      position = buffer.count
      return finishPaste()
    }
    return nil
  }

  private mutating func finishPaste() -> String {
    let bytes = paste ?? []
    paste = nil
    return TextSanitizer.clean(String(decoding: bytes, as: UTF8.self))
  }

  /// The index where `needle` starts in `haystack` at or after `start`.
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, haystack.count - start >= needle.count else { return nil }
    var index = start
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
