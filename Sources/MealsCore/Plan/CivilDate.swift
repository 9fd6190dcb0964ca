import FoundationEssentials
import Translation

/// A day on the calendar (year, month, day), with no time and no time zone: a plan is for a
/// day, so arithmetic on days can never be moved by a change of clocks (DST) or a zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// The date, or nil when there is no such day (31 April, 29 February 2027).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.days(inMonth: month, of: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` after 1970-01-01 (negative before it).
  public init(daysSince1970 days: Int) {
    // Howard Hinnant's civil_from_days: eras of 400 years, March-based years.
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01.
  public var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  public static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  public static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  // MARK: - Arithmetic

  public func adding(days: Int) -> CivilDate { CivilDate(daysSince1970: daysSince1970 + days) }

  /// Days from `self` to `other` (negative when `other` is earlier).
  public func days(to other: CivilDate) -> Int { other.daysSince1970 - daysSince1970 }

  /// ISO 8601's day of the week: 1 Monday … 7 Sunday (1970-01-01 was a Thursday).
  public var weekday: Int { ((daysSince1970 % 7 + 7) % 7 + 3) % 7 + 1 }

  /// The Monday that starts this date's week.
  public var monday: CivilDate { adding(days: 1 - weekday) }

  /// The day that starts this date's week as the user's language counts weeks: Monday, or
  /// Sunday where calendars start with it (Japan, Brazil: the catalog's
  /// `first day of the week` message says `sunday`).
  public var weekStart: CivilDate {
    Self.weekStartsOnSunday ? adding(days: -(weekday % 7)) : monday
  }

  /// Whether the user's language starts the week on Sunday.
  public static var weekStartsOnSunday: Bool {
    trc("first day of the week: monday or sunday", "monday") == "sunday"
  }

  /// ISO 8601's week: its year and its number, 1…53.
  ///
  /// A week belongs to the year of its Thursday, so around New Year the year may be the one
  /// before or after the date's.
  public var isoWeek: (year: Int, week: Int) {
    let thursday = adding(days: 4 - weekday)
    let firstOfYear = CivilDate(daysSince1970: thursday.daysSince1970 - thursday.dayOfYear + 1)
    return (thursday.year, firstOfYear.days(to: thursday) / 7 + 1)
  }

  /// 1 for 1 January.
  public var dayOfYear: Int {
    (1..<month).reduce(day) { $0 + Self.days(inMonth: $1, of: year) }
  }

  /// The Monday of ISO week `week` of `year`, or nil when that year has no such week.
  public static func mondayOf(isoWeek week: Int, year: Int) -> CivilDate? {
    guard let fourthOfJanuary = CivilDate(year: year, month: 1, day: 4), week >= 1 else {
      return nil
    }
    // 4 January is always in week 1.
    let monday = fourthOfJanuary.monday.adding(days: (week - 1) * 7)
    return monday.isoWeek == (year, week) ? monday : nil
  }

  // MARK: - Text

  static let weekdayNames = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  /// `2026-12-01`.
  public var description: String {
    "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
  }

  /// `Tue 1 Dec`: a day in a week's list, in the user's language (`Di. 1. Dez.`).
  public var short: String {
    trc("date: weekday, day, month", "%1$s %2$d %3$s").filled(
      weekdayShort, String(day), monthShort)
  }

  /// `1 Dec` (`1. Dez.`, `12月1日`).
  public var dayAndMonth: String {
    trc("date: day, month", "%1$d %2$s").filled(String(day), monthShort)
  }

  /// `Tue`, in the user's language.
  public var weekdayShort: String {
    switch weekday {
    case 1: trc("weekday", "Mon")
    case 2: trc("weekday", "Tue")
    case 3: trc("weekday", "Wed")
    case 4: trc("weekday", "Thu")
    case 5: trc("weekday", "Fri")
    case 6: trc("weekday", "Sat")
    default: trc("weekday", "Sun")
    }
  }

  /// `Dec`, in the user's language.
  public var monthShort: String {
    switch month {
    case 1: trc("month", "Jan")
    case 2: trc("month", "Feb")
    case 3: trc("month", "Mar")
    case 4: trc("month", "Apr")
    case 5: trc("month", "May")
    case 6: trc("month", "Jun")
    case 7: trc("month", "Jul")
    case 8: trc("month", "Aug")
    case 9: trc("month", "Sep")
    case 10: trc("month", "Oct")
    case 11: trc("month", "Nov")
    default: trc("month", "Dec")
    }
  }

  /// `20261201`: iCalendar's DATE.
  public var compact: String {
    Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2)
  }

  /// `2026-W49`.
  public var isoWeekName: String {
    let (year, week) = isoWeek
    return "\(Self.padded(year, 4))-W\(Self.padded(week, 2))"
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// A date as a user writes one, or nil (impossible dates too: `2026-02-30`).
  ///
  /// `YYYY-MM-DD`, `today`, `tomorrow`, or a weekday's name (`friday`, `fri`: the next one,
  /// today when it is today, as `date -d friday` says).
  public static func parse(_ text: String, today: CivilDate) -> CivilDate? {
    let word = text.trimmingSpaces().lowercased()
    switch word {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    default: break
    }
    if word.count >= 3,
      let index = weekdayNames.firstIndex(where: {
        $0 == word || $0.hasPrefix(word) && word.count == 3
      })
    {
      return today.adding(days: (index + 1 - today.weekday + 7) % 7)
    }
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }

  /// A day already past as a user writes one (when a meal was cooked), or nil.
  ///
  /// `today`, `yesterday`, `YYYY-MM-DD`, or a weekday's name: the last one (today when it is
  /// today), as "on Friday" means in a diary. A day still to come is nil.
  public static func parsePast(_ text: String, today: CivilDate) -> CivilDate? {
    let word = text.trimmingSpaces().lowercased()
    if word == "yesterday" { return today.adding(days: -1) }
    guard word != "tomorrow", let date = parse(word, today: today) else { return nil }
    // `parse` gives a weekday's next one: a week earlier is its last.
    if weekdayNames.contains(where: { $0.hasPrefix(word) }), date > today {
      return date.adding(days: -7)
    }
    return date > today ? nil : date
  }

  /// The Monday of a week written `YYYY-Www` (`2026-W49`), or nil.
  public static func parseWeek(_ text: String) -> CivilDate? {
    let parts = text.trimmingSpaces().uppercased().split(separator: "-")
    guard parts.count == 2, parts[0].count == 4, parts[1].count == 3, parts[1].hasPrefix("W"),
      let year = Int(parts[0]), let week = Int(parts[1].dropFirst()),
      parts[1].dropFirst().allSatisfy(\.isASCII)
    else { return nil }
    return mondayOf(isoWeek: week, year: year)
  }
}
