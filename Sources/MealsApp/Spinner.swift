/// The frames of the "busy" indicator and how fast they turn.
enum Spinner {
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let interval: UInt64 = 100

  static func frame(at time: UInt64) -> String {
    frames[Int((time / interval) % UInt64(frames.count))]
  }
}
