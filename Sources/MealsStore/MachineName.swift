import FoundationEssentials
import MealsCore
import TextSafety

#if canImport(Glibc)
  import Glibc
#endif

/// This machine's name, as the versions a book keeps beside others say it (`Stew (edited on
/// laptop, …)`, `Stew (put back on laptop)`), so two machines never name two versions alike.
public enum MachineName {
  /// `MEALS_SYNC_MACHINE` when set (two machines that share a host name, `debian` or
  /// `localhost`, are told apart so), else the host name's first label (`laptop.home.lan` →
  /// `laptop`), else `another machine`.
  public static func here() -> String {
    if let named = ProcessInfo.processInfo.environment["MEALS_SYNC_MACHINE"],
      !MealRules.isBlank(named)
    {
      return TextSanitizer.singleLine(MealRules.trimmed(named))
    }
    var bytes = [CChar](repeating: 0, count: 256)
    let host =
      gethostname(&bytes, bytes.count - 1) == 0
      ? String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : ""
    let short = host.split(separator: ".").first.map(String.init) ?? ""
    return short.isEmpty ? "another machine" : short
  }
}
