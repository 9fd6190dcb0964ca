import MealsCore
import XCTest

/// The plan as iCalendar, read back by a strict reader of our own (RFC 5545's lines, folding
/// and escaping).
final class ICalendarTests: XCTestCase {
  /// Content lines, unfolded, checking on the way that every physical line ends in CRLF and
  /// holds at most 75 octets.
  private func unfolded(_ text: String) -> [String] {
    XCTAssertTrue(text.hasSuffix("\r\n"))
    var lines: [String] = []
    for physical in text.components(separatedBy: "\r\n").dropLast() {
      XCTAssertFalse(physical.contains("\n") || physical.contains("\r"), physical)
      XCTAssertLessThanOrEqual(physical.utf8.count, 75, physical)
      if physical.hasPrefix(" "), !lines.isEmpty {
        lines[lines.count - 1] += physical.dropFirst()
      } else {
        lines.append(physical)
      }
    }
    return lines
  }

  /// A TEXT value's escapes undone; nil for an escape RFC 5545 does not have.
  private func unescaped(_ value: Substring) -> String? {
    var text = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case "\\", ";", ",": text.append(character)
        case "n", "N": text.append("\n")
        default: return nil
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == ";" || character == "," {
        return nil  // must have been escaped
      } else {
        text.append(character)
      }
    }
    return escaping ? nil : text
  }

  func testLongNamesWithCommasAreFoldedEscapedAndReadBackWhole() throws {
    let name =
      "Grandma's chicken, leek & mushroom pie; with a buttery crust — ½ recipe 鸡肉派 🥧 "
      + String(repeating: "très long ", count: 8)
    let day = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 31))
    let description = "dinner · serves 4\nchicken, 500 g\nleeks; 2\\3"
    let text = ICalendar.calendar(
      [ICalendar.Event(uid: "entry-7@meals", date: day, summary: name, description: description)],
      stamp: ICalendar.stamp(1_764_581_700))
    let lines = unfolded(text)
    XCTAssertEqual(lines.first, "BEGIN:VCALENDAR")
    XCTAssertEqual(lines.last, "END:VCALENDAR")
    var fields: [String: Substring] = [:]
    for line in lines {
      let colon = try XCTUnwrap(line.firstIndex(of: ":"), line)
      fields[String(line[..<colon])] = line[line.index(after: colon)...]
    }
    XCTAssertEqual(fields["DTSTART;VALUE=DATE"], "20261231")
    XCTAssertEqual(fields["DTEND;VALUE=DATE"], "20270101", "the day after, over the year's end")
    XCTAssertEqual(fields["DTSTAMP"], "20251201T093500Z")
    XCTAssertEqual(fields["UID"], "entry-7@meals")
    XCTAssertEqual(fields["SUMMARY"].flatMap(unescaped), name)
    XCTAssertEqual(fields["DESCRIPTION"].flatMap(unescaped), description)
    XCTAssertTrue(text.contains("\r\n "), "the long lines were folded")
  }

  func testTheSameEntriesGiveTheSameEventsAndControlsAreDropped() throws {
    let day = try XCTUnwrap(CivilDate(year: 2027, month: 1, day: 4))
    let event = ICalendar.Event(
      uid: "entry-1@meals", date: day, summary: "Soup\u{7}\u{1B}[31m", description: "")
    let first = ICalendar.calendar([event], stamp: "20270101T000000Z")
    XCTAssertEqual(first, ICalendar.calendar([event], stamp: "20270101T000000Z"))
    XCTAssertTrue(unfolded(first).contains("SUMMARY:Soup[31m"), first)
    XCTAssertEqual(ICalendar.stamp(0), "19700101T000000Z")
  }
}
