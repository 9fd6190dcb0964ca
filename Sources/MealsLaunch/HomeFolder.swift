import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Where `~` is when `HOME` is not set (cron, `env -i`, some service managers): the account's
/// home folder from the password database, as a login shell would have set it.
public enum HomeFolder {
  /// The environment with `HOME` filled in from `accountHome` when it is missing or empty.
  public static func filling(
    _ environment: [String: String], accountHome: () -> String? = HomeFolder.accountHome
  ) -> [String: String] {
    if let home = environment["HOME"], !home.isEmpty { return environment }
    guard let home = accountHome(), home.hasPrefix("/") else { return environment }
    var filled = environment
    filled["HOME"] = home
    return filled
  }

  /// The current user's home folder in the password database, or nil.
  public static func accountHome() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    let home = String(cString: directory)
    return home.isEmpty ? nil : home
  }
}
