/// How long ago something happened, in words a person reads at a glance.
enum Age {
  /// "just now", "5 min ago", "3 h ago", "yesterday", "12 days ago".
  static func describe(_ seconds: Double) -> String {
    let seconds = max(0, seconds)
    switch seconds {
    case ..<60: return "just now"
    case ..<3_600: return "\(Int(seconds / 60)) min ago"
    case ..<86_400: return "\(Int(seconds / 3_600)) h ago"
    case ..<(2 * 86_400): return "yesterday"
    default: return "\(Int(seconds / 86_400)) days ago"
    }
  }

  /// "in 30 days", "in 5 h", "tomorrow": how long until something happens (rounded up, so a
  /// meal deleted a minute ago is erased "in 30 days").
  static func until(_ seconds: Double) -> String {
    switch seconds {
    case ..<3_600: return "within the hour"
    case ..<86_400: return "in \(Int((seconds / 3_600).rounded(.up))) h"
    case ..<(2 * 86_400): return "tomorrow"
    default: return "in \(Int((seconds / 86_400).rounded(.up))) days"
    }
  }
}
