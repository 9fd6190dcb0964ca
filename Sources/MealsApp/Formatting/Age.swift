import Translation

/// How long ago something happened, in words a person reads at a glance.
enum Age {
  /// "just now", "5 min ago", "3 h ago", "yesterday", "12 days ago".
  static func describe(_ seconds: Double) -> String {
    let seconds = max(0, seconds)
    switch seconds {
    case ..<60: return tr("just now")
    case ..<3_600: return tr("%d min ago").filled(String(Int(seconds / 60)))
    case ..<86_400: return tr("%d h ago").filled(String(Int(seconds / 3_600)))
    case ..<(2 * 86_400): return tr("yesterday")
    default: return trn("%d day ago", "%d days ago", Int(seconds / 86_400))
    }
  }

  /// "in 30 days", "in 5 h", "tomorrow": how long until something happens (rounded up, so a
  /// meal deleted a minute ago is erased "in 30 days").
  static func until(_ seconds: Double) -> String {
    switch seconds {
    case ..<3_600: return tr("within the hour")
    case ..<86_400: return tr("in %d h").filled(String(Int((seconds / 3_600).rounded(.up))))
    case ..<(2 * 86_400): return tr("tomorrow")
    default: return trn("in %d day", "in %d days", Int((seconds / 86_400).rounded(.up)))
    }
  }
}
