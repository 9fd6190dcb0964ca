import Translation

/// How hard a meal is to make, as the user judges it.
public enum Difficulty: String, CaseIterable, Codable, Sendable {
  case beginner = "Beginner"
  case intermediate = "Intermediate"
  case advanced = "Advanced"

  /// `Beginner`, in the user's language (the raw value is what files and the book keep).
  public var label: String {
    switch self {
    case .beginner: trc("difficulty", "Beginner")
    case .intermediate: trc("difficulty", "Intermediate")
    case .advanced: trc("difficulty", "Advanced")
    }
  }

  /// The next one when cycling with Enter: none → Beginner → Intermediate → Advanced → none.
  public static func next(after current: Difficulty?) -> Difficulty? {
    switch current {
    case nil: .beginner
    case .beginner: .intermediate
    case .intermediate: .advanced
    case .advanced: nil
    }
  }
}
