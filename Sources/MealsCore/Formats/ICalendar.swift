import FoundationEssentials

/// iCalendar (RFC 5545): a plan as all-day events any calendar reads.
///
/// One `VEVENT` per planned meal: `DTSTART;VALUE=DATE` and the day after as `DTEND`, the meal's
/// name as `SUMMARY`, the slot, servings and ingredients as `DESCRIPTION`, and a `UID` made from
/// the entry's own id, so importing the file again updates the events rather than doubling them.
/// Lines end in CRLF and are folded at 75 octets (never inside a UTF-8 character); text is
/// escaped (`\\`, `\;`, `\,`, `\n`).
public enum ICalendar {
  public struct Event: Equatable, Sendable {
    /// Stable across exports: the same entry gives the same UID.
    public var uid: String
    public var date: CivilDate
    public var summary: String
    public var description: String

    public init(uid: String, date: CivilDate, summary: String, description: String) {
      self.uid = uid
      self.date = date
      self.summary = summary
      self.description = description
    }
  }

  /// The whole file; `stamp` is when it was made, in UTC (`20261201T091500Z`).
  public static func calendar(_ events: [Event], stamp: String) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//meals//meal plan//EN", "CALSCALE:GREGORIAN",
    ]
    for event in events {
      lines += [
        "BEGIN:VEVENT",
        "UID:\(escape(event.uid))",
        "DTSTAMP:\(stamp)",
        "DTSTART;VALUE=DATE:\(event.date.compact)",
        "DTEND;VALUE=DATE:\(event.date.adding(days: 1).compact)",
        "SUMMARY:\(escape(event.summary))",
        "DESCRIPTION:\(escape(event.description))",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
      ]
    }
    lines.append("END:VCALENDAR")
    return lines.map(fold).joined(separator: "\r\n") + "\r\n"
  }

  /// `stamp` for a moment (seconds since 1970), in UTC.
  public static func stamp(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.down))
    let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    let inDay = whole - days * 86_400
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return CivilDate(daysSince1970: days).compact
      + "T\(two(inDay / 3600))\(two(inDay / 60 % 60))\(two(inDay % 60))Z"
  }

  /// TEXT escaped: backslash, semicolon, comma, and line breaks as `\n`; other controls dropped.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\\\"
      case ";": escaped += "\\;"
      case ",": escaped += "\\,"
      case "\n", "\r\n", "\r": escaped += "\\n"
      default:
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
          escaped.append(character)
        }
      }
    }
    return escaped
  }

  /// A content line folded at 75 octets: CRLF and a space before each continuation, cut only
  /// between characters.
  static func fold(_ line: String) -> String {
    var folded = ""
    var octets = 0
    for character in line {
      let size = String(character).utf8.count
      // The first line holds 75 octets; continuations 74 after their leading space.
      if octets + size > 75 {
        folded += "\r\n "
        octets = 1
      }
      folded.append(character)
      octets += size
    }
    return folded
  }
}
