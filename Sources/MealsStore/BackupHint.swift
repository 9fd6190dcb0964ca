import FoundationEssentials
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// What a message about a damaged database adds: the backups beside it and the command that
/// puts one back, so the user is never left with only "damaged".
public enum BackupHint {
  /// ` Backups beside it: 1 (made 2026-12-04 09:12), 2 (…). To put one back: meals --db
  /// PATH --restore-backup 1` — empty when there is none.
  public static func text(for path: String) -> String {
    var made: [String] = []
    var newest: Int?
    for number in 1...MealStore.backupCount {
      var info = stat()
      guard stat(MealStore.backupPath(of: path, number: number), &info) == 0 else { continue }
      made.append(
        tr("%1$s (made %2$s)").filled(String(number), minute(Double(info.st_mtim.tv_sec))))
      newest = newest ?? number
    }
    guard let newest else { return "" }
    return tr(" Backups beside it: %1$s. To put one back: %2$s").filled(
      made.joined(separator: ", "), "meals --db \(Shell.quoted(path)) --restore-backup \(newest)")
  }

  /// `2026-12-02 16:40` in the system's time zone.
  public static func minute(_ secondsSince1970: Double) -> String {
    guard let parts = local(secondsSince1970) else { return "?" }
    return day(parts) + " \(two(parts.tm_hour)):\(two(parts.tm_min))"
  }

  /// `2026-12-02` in the system's time zone.
  public static func day(_ secondsSince1970: Double) -> String {
    local(secondsSince1970).map(day) ?? "unknown-date"
  }

  private static func local(_ secondsSince1970: Double) -> tm? {
    var time = time_t(secondsSince1970)
    var parts = tm()
    return localtime_r(&time, &parts) == nil ? nil : parts
  }

  private static func day(_ parts: tm) -> String {
    "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
  }

  private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// A path as a shell reads it back: bare when it is plain, else in single quotes.
enum Shell {
  static func quoted(_ text: String) -> String {
    let plain = text.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || "/._-+,:@%".utf8.contains(byte)
    }
    if plain && !text.isEmpty { return text }
    var quoted = "'"
    for character in text {
      quoted += character == "'" ? "'\\''" : String(character)
    }
    return quoted + "'"
  }
}
