import Translation

/// One cooking of a meal: "I made this" on a day, for so many, with a note and a rating.
///
/// Entries name the meal by its uid (the id that travels with its file), so the log follows a
/// meal through the trash and to other machines, and keep its name for when it is gone.
public struct CookLogEntry: Equatable, Hashable, Sendable {
  /// The entry's own id (a UUID): the sync folder's log merges by it.
  public var uid: String
  public var mealUID: String
  /// The meal's name when it was cooked (the book's name, when the meal is still there).
  public var mealName: String
  public var day: CivilDate
  /// For how many it was cooked; nil when not said.
  public var servings: Int?
  public var note: String
  /// 1…5; nil when not rated.
  public var rating: Int?
  /// Seconds since 1970 when it was logged: orders a day's entries.
  public var loggedAt: Double

  public init(
    uid: String, mealUID: String, mealName: String, day: CivilDate, servings: Int? = nil,
    note: String = "", rating: Int? = nil, loggedAt: Double
  ) {
    self.uid = uid
    self.mealUID = mealUID
    self.mealName = mealName
    self.day = day
    self.servings = servings
    self.note = note
    self.rating = rating
    self.loggedAt = loggedAt
  }

  /// The servings a log entry may say (a plan's bounds).
  public static let servingsRange = 1...1000
  /// The ratings a log entry may give (the meal's own stars).
  public static let ratingRange = 1...5
}

/// When a meal was last cooked and how often: what a row and the preview say.
public struct CookedSummary: Equatable, Hashable, Sendable {
  public var lastDay: CivilDate
  public var times: Int

  public init(lastDay: CivilDate, times: Int) {
    self.lastDay = lastDay
    self.times = times
  }

  /// "cooked today", "cooked yesterday", "cooked 3 days ago", "cooked 3 weeks ago", "cooked 4
  /// months ago", "cooked 2 years ago"; a day after today (a date typed ahead) is "cooked on
  /// 2027-01-04".
  public func ago(today: CivilDate) -> String {
    let days = lastDay.days(to: today)
    switch days {
    case ..<0: return tr("cooked on %s").filled(lastDay.description)
    case 0: return tr("cooked today")
    case 1: return tr("cooked yesterday")
    default: return tr("cooked %s ago").filled(Self.span(days: days))
    }
  }

  /// Two days or more as a person says them: `13 days`, `3 weeks`, `4 months`, `2 years`.
  public static func span(days: Int) -> String {
    switch days {
    case ..<14: trn("%d day", "%d days", days)
    case 14..<61: trn("%d week", "%d weeks", days / 7)
    case 61..<730: trn("%d month", "%d months", days / 30)
    default: trn("%d year", "%d years", days / 365)
    }
  }

  /// The same with the count when there is more than one: "cooked 3 weeks ago · 5×".
  public func agoWithCount(today: CivilDate) -> String {
    times > 1 ? "\(ago(today: today)) · \(times)×" : ago(today: today)
  }
}

/// How the book counts cookings in words.
public enum CookedCount {
  /// "1st", "2nd", "3rd", "4th", "11th", "21st", "112th".
  public static func ordinal(_ number: Int) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    // English's four endings; a language gives its own for each (German `.`, French `e`).
    case (_, 11...13): suffix = trc("ordinal ending", "th")
    case (1, _): suffix = trc("ordinal ending", "st")
    case (2, _): suffix = trc("ordinal ending", "nd")
    case (3, _): suffix = trc("ordinal ending", "rd")
    default: suffix = trc("ordinal ending", "th")
    }
    return "\(number)\(suffix)"
  }
}
