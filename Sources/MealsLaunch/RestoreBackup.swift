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
    let damage = MealStore.damage(at: path)
    let current = damage == nil ? (try? MealStore(path: path))?.mealCount : nil
    let made = BackupHint.minute(info.madeAt)
    say("Backup \(number): \(info.path)")
    say(
      "  made \(made), \(info.mealCount == 1 ? "1 meal" : "\(info.mealCount) meals"), checked: ok")
    if let damage {
      say("Database: \(path) (damaged: \(damage))")
      say(
        "The damaged file will be kept aside as \(MealStore.damagedPath(of: path)), never deleted.")
    } else {
      say(
        "Database: \(path)"
          + (current.map { " (\($0 == 1 ? "1 meal" : "\($0) meals") now)" } ?? ""))
      say("Its current contents will be kept as \(path).before-restore.")
    }
    say("Replace the database with backup \(number)? (y/n)")
    guard let reply = answer()?.trimmingSpaces().lowercased(),
      reply == "y" || reply == "yes"
    else {
      say("Nothing was changed.")
      return 0
    }
    let kept: String
    do {
      kept = try MealStore.restoreBackup(number: number, of: path)
    } catch {
      say("meals: \(error.message) Nothing was changed.")
      return 1
    }
    say("Restored backup \(number). What was there is kept as \(kept). Start meals to see it.")
    return 0
  }
}
