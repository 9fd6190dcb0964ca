import FoundationEssentials
import MealsStore

#if canImport(Glibc)
  import Glibc
#endif

/// `meals --restore-backup N`: checks the backup, says what it holds, asks, then puts it back.
///
/// Runs before the full-screen app, on plain standard input and output.
public enum RestoreBackup {
  /// Returns the exit status: 0 when restored or declined, 1 when it could not be done.
  public static func run(
    number: Int, options: LaunchOptions, answer: () -> String?, say: (String) -> Void
  ) -> Int32 {
    let path = options.databasePath
    let info: BackupInfo
    do {
      info = try MealStore.inspectBackup(number: number, of: path)
    } catch {
      say("meals: \(error.message)")
      return 1
    }
    let current = (try? MealStore(path: path))?.mealCount
    let made = localMinute(info.madeAt)
    say("Backup \(number): \(info.path)")
    say(
      "  made \(made), \(info.mealCount == 1 ? "1 meal" : "\(info.mealCount) meals"), checked: ok")
    say(
      "Database: \(path)" + (current.map { " (\($0 == 1 ? "1 meal" : "\($0) meals") now)" } ?? ""))
    say("Its current contents will be kept as \(path).before-restore.")
    say("Replace the database with backup \(number)? (y/n)")
    guard let reply = answer()?.trimmingSpaces().lowercased(),
      reply == "y" || reply == "yes"
    else {
      say("Nothing was changed.")
      return 0
    }
    do {
      try MealStore.restoreBackup(number: number, of: path)
    } catch {
      say("meals: \(error.message) Nothing was changed.")
      return 1
    }
    say("Restored backup \(number). Start meals to see it.")
    return 0
  }
}

/// `2026-12-02 16:40` in the system's time zone: when a backup was made.
private func localMinute(_ secondsSince1970: Double) -> String {
  var time = time_t(secondsSince1970)
  var parts = tm()
  guard localtime_r(&time, &parts) != nil else { return "?" }
  func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
  return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    + " \(two(parts.tm_hour)):\(two(parts.tm_min))"
}
