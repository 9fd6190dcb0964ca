/// The frames of the "busy" indicator and how fast they turn.
enum Spinner {
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let interval: UInt64 = 100

  static func frame(at time: UInt64) -> String {
    frames[Int((time / interval) % UInt64(frames.count))]
  }
}

/// A spinner that turns while something loads, driven by the loop's deadlines.
struct SpinnerState {
  private(set) var frame = 0
  /// When the next frame is due; nil when stopped.
  private(set) var nextFrame: UInt64?

  mutating func start(at now: UInt64) {
    nextFrame = now + Spinner.interval
  }

  mutating func stop() { nextFrame = nil }

  /// Turns one frame when due; true when the frame changed.
  mutating func tick(now: UInt64) -> Bool {
    guard let due = nextFrame, now >= due else { return false }
    frame += 1
    nextFrame = now + Spinner.interval
    return true
  }

  var symbol: String { Spinner.frames[frame % Spinner.frames.count] }
}
