/// How hard a meal is to make, as the user judges it.
public enum Difficulty: String, CaseIterable, Codable, Sendable {
  case beginner = "Beginner"
  case intermediate = "Intermediate"
  case advanced = "Advanced"

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
