import TerminalUI
import XCTest

/// The bytes terminals send, as the app reads them: every known key, bracketed paste, and
/// unknown sequences read whole and dropped.
final class KeyDecoderTests: XCTestCase {
  /// Feeds `text` (with `\u{1B}` for Esc) at time 0 and reads keys at `at` milliseconds.
  private func keys(_ bytes: [UInt8], at time: UInt64 = 1_000) -> [Key] {
    var decoder = KeyDecoder()
    decoder.feed(bytes, now: 0)
    var keys: [Key] = []
    while let key = decoder.next(now: time) { keys.append(key) }
    return keys
  }

  private func keys(_ text: String, at time: UInt64 = 1_000) -> [Key] {
    keys(Array(text.utf8), at: time)
  }

  func testControlsAndText() {
    XCTAssertEqual(
      keys("\r\t\u{7F}\u{08}\u{13}\u{03}"),
      [.enter, .tab, .backspace, .backspace, .ctrl("s"), .ctrl("c")])
    XCTAssertEqual(
      keys("aé麻🍲"), [.character("a"), .character("é"), .character("麻"), .character("🍲")])
    XCTAssertEqual(keys([0x00, 0x1C, 0x61]), [.character("a")], "NUL and FS are not keys")
  }

  func testTheDeviceAttributesAnswerIsReadWholeAmongKeys() {
    XCTAssertEqual(
      keys("j\u{1B}[?63;1;2;4;6;9;15;22cq"),
      [.character("j"), .terminalAttributes([63, 1, 2, 4, 6, 9, 15, 22]), .character("q")],
      "xterm as a VT340: 4 is sixel")
    XCTAssertEqual(keys("\u{1B}[?1;2c"), [.terminalAttributes([1, 2])])
  }

  func testInvalidUTF8IsDroppedNotTurnedIntoControls() {
    // A stray continuation byte, an overlong NUL (C0 80), an overlong ESC (E0 80 9B), a C1
    // control written in UTF-8 (C2 9B), then a cut-short sequence before "b".
    let bytes: [UInt8] = [0x61, 0x80, 0xC0, 0x80, 0xE0, 0x80, 0x9B, 0xC2, 0x9B, 0xE6, 0x62]
    XCTAssertEqual(keys(bytes), [.character("a"), .character("b")])
  }

  func testCursorAndEditingKeysInEveryDialect() {
    let table: [(String, Key)] = [
      ("\u{1B}[A", .up), ("\u{1B}OA", .up), ("\u{1B}[1;5A", .up), ("\u{1B}[B", .down),
      ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[1;2B", .shiftDown), ("\u{1B}[a", .shiftUp),
      ("\u{1B}[b", .shiftDown), ("\u{1B}[1;5B", .down), ("\u{1B}[1;2C", .right),
      ("\u{1B}[C", .right), ("\u{1B}OD", .left), ("\u{1B}[H", .home), ("\u{1B}OH", .home),
      ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[F", .end), ("\u{1B}OF", .end),
      ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
      ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab),
      ("\u{1B}OP", .function(1)), ("\u{1B}[11~", .function(1)), ("\u{1B}[[A", .function(1)),
      ("\u{1B}[[E", .function(5)), ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)),
      ("\u{1B}[24~", .function(12)), ("\u{1B}[1;2P", .function(1)), ("\u{1B}OM", .enter),
    ]
    for (sequence, key) in table {
      XCTAssertEqual(keys(sequence), [key], sequence.debugDescription)
    }
  }

  func testUnknownSequencesAreSwallowedWhole() {
    // ESC [ 4 ~ is End whatever TERM says; the rest mean nothing here and must not leak out as
    // an Esc (which goes back) followed by characters (which are commands).
    XCTAssertEqual(keys("\u{1B}[4~q"), [.end, .character("q")])
    XCTAssertEqual(keys("\u{1B}[99~d"), [.character("d")])
    XCTAssertEqual(
      keys("\u{1B}[?1;2cd"), [.terminalAttributes([1, 2]), .character("d")],
      "a device-attributes answer is a report for the app, never a key for a screen")
    XCTAssertEqual(keys("\u{1B}[=5ud"), [.character("d")], "a private report")
    XCTAssertEqual(keys("\u{1B}[M !!d"), [.character("d")], "an X10 mouse report")
    XCTAssertEqual(keys("\u{1B}[Id\u{1B}[Od"), [.character("d"), .character("d")], "focus")
    XCTAssertEqual(keys("\u{1B}Oxd"), [.character("8"), .character("d")], "keypad 8")
    XCTAssertEqual(keys("\u{1B}O~d"), [.character("d")])
    XCTAssertEqual(keys("\u{1B}[201~d"), [.character("d")], "a stray paste end")
  }

  func testSGRMouseReportsBecomeMouseEvents() {
    XCTAssertEqual(
      keys("\u{1B}[<0;10;5M\u{1B}[<0;10;5m"),
      [
        .mouse(MouseEvent(.press(button: 0), row: 4, column: 9)),
        .mouse(MouseEvent(.release, row: 4, column: 9)),
      ])
    XCTAssertEqual(
      keys("\u{1B}[<64;1;1M\u{1B}[<65;300;80M"),
      [
        .mouse(MouseEvent(.wheelUp, row: 0, column: 0)),
        .mouse(MouseEvent(.wheelDown, row: 79, column: 299)),
      ],
      "SGR coordinates past 223 columns")
    XCTAssertEqual(
      keys("\u{1B}[<2;3;4M"), [.mouse(MouseEvent(.press(button: 2), row: 3, column: 2))])
    XCTAssertEqual(
      keys("\u{1B}[<0;0;4M\u{1B}[<0;1Md"), [.character("d")], "bad reports are dropped")
  }

  func testALoneEscWaitsForTheRestThenCounts() {
    var decoder = KeyDecoder()
    decoder.feed([0x1B], now: 100)
    XCTAssertNil(decoder.next(now: 110), "maybe a sequence is coming")
    XCTAssertEqual(decoder.deadline, 100 + KeyDecoder.defaultEscapeDelay)
    XCTAssertEqual(decoder.next(now: 125), .escape)
    XCTAssertNil(decoder.deadline)

    decoder.feed([0x1B], now: 200)
    XCTAssertNil(decoder.next(now: 210))
    decoder.feed(Array("[4~".utf8), now: 215)
    XCTAssertEqual(decoder.next(now: 215), .end, "a sequence split across reads is whole")
  }

  /// Over a jittery link an arrow's bytes come 40 ms apart: with the default wait they read as
  /// Esc, then `[A` typed; with `set escape-delay = 100` they are the arrow.
  func testALongerEscapeDelayKeepsASplitSequenceWhole() {
    var quick = KeyDecoder()
    quick.feed([0x1B], now: 0)
    XCTAssertEqual(quick.next(now: 40), .escape, "25 ms: the Esc went alone")
    quick.feed(Array("[A".utf8), now: 40)
    XCTAssertEqual(quick.next(now: 40), .character("["))

    var patient = KeyDecoder(escapeDelay: 100)
    patient.feed([0x1B], now: 0)
    XCTAssertNil(patient.next(now: 40), "still waiting for the rest")
    patient.feed(Array("[A".utf8), now: 40)
    XCTAssertEqual(patient.next(now: 40), .up)
    patient.feed([0x1B], now: 200)
    XCTAssertEqual(patient.next(now: 300), .escape, "a lone Esc after 100 ms")
  }

  func testEscThenALetterTypedQuicklyIsTwoKeys() {
    XCTAssertEqual(keys("\u{1B}q"), [.escape, .character("q")])
    XCTAssertEqual(keys("\u{1B}d\u{1B}\u{1B}"), [.escape, .character("d"), .escape, .escape])
    XCTAssertEqual(keys("\u{1B}\r"), [.escape, .enter])
  }

  func testAnUnfinishedSequenceIsDroppedAfterItsDelay() {
    var decoder = KeyDecoder()
    decoder.feed(Array("\u{1B}[20".utf8), now: 0)
    XCTAssertNil(decoder.next(now: 100))
    XCTAssertNil(decoder.next(now: KeyDecoder.sequenceDelay), "dropped, not Esc + text")
    decoder.feed(Array("x".utf8), now: 300)
    XCTAssertEqual(decoder.next(now: 300), .character("x"))
  }

  func testBracketedPasteIsOneTextKey() {
    let paste = "\u{1B}[200~dd q\r\nsecond\u{1B}[31mline\u{7}\u{1B}[201~j"
    XCTAssertEqual(keys(paste), [.paste("dd q\nsecondline"), .character("j")])
  }

  func testAPasteSplitAnywhereAcrossReadsComesOutWhole() {
    let bytes = Array("\u{1B}[200~héllo\nwörld\u{1B}[201~".utf8)
    for cut in 1..<bytes.count {
      var decoder = KeyDecoder()
      decoder.feed(bytes[..<cut], now: 0)
      var got: [Key] = []
      while let key = decoder.next(now: 1) { got.append(key) }
      decoder.feed(bytes[cut...], now: 2)
      while let key = decoder.next(now: 3) { got.append(key) }
      XCTAssertEqual(got, [.paste("héllo\nwörld")], "cut at \(cut)")
    }
  }

  func testAPasteThatNeverEndsEndsAfterASecondOfSilence() {
    var decoder = KeyDecoder()
    decoder.feed(Array("\u{1B}[200~abc".utf8), now: 0)
    XCTAssertNil(decoder.next(now: 500))
    XCTAssertEqual(decoder.next(now: KeyDecoder.pasteIdle), .paste("abc"))
  }

  func testAMegabytePasteDecodesInOnePass() {
    let line = String(repeating: "x", count: 99) + "\n"
    let body = String(repeating: line, count: 10_000)
    var decoder = KeyDecoder()
    let bytes = Array(("\u{1B}[200~" + body + "\u{1B}[201~").utf8)
    for start in stride(from: 0, to: bytes.count, by: 65_536) {
      decoder.feed(bytes[start..<min(bytes.count, start + 65_536)], now: 0)
      if start + 65_536 < bytes.count { XCTAssertNil(decoder.next(now: 0)) }
    }
    XCTAssertEqual(decoder.next(now: 0), .paste(body))
  }
}
