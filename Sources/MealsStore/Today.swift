import FoundationEssentials
import MealsCore

extension CivilDate {
  /// Today where the user is (the system's time zone): the one place a plan meets a clock.
  public static func today(_ now: Date = Date(), calendar: Calendar = .current) -> CivilDate {
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
      ?? CivilDate(daysSince1970: Int(now.timeIntervalSince1970 / 86_400))
  }
}
