/// A push slides the new screen in from the right; a pop slides it out: drawn from the frame
/// before and the frame after, in a few frames.
struct Slide {
  var from: Canvas
  var pushing: Bool
  var start: UInt64

  /// How long a slide lasts and in how many frames.
  static let duration: UInt64 = 80
  static let frames: UInt64 = 4

  /// When the next frame is due.
  func nextFrame(after now: UInt64) -> UInt64 {
    let step = Self.duration / Self.frames
    return start + ((now - start) / step + 1) * step
  }

  /// The frame at `now` over `target`, or nil once the slide is over (or the window changed).
  func frame(over target: Canvas, now: UInt64) -> Canvas? {
    let progress = Double(now - start) / Double(Self.duration)
    guard progress < 1, from.size == target.size else { return nil }
    return Self.frame(from: from, to: target, progress: progress, pushing: pushing)
  }

  /// One frame: the body rows of the two frames side by side, shifted by `progress`; the
  /// header, status and footer are the new frame's.
  static func frame(from old: Canvas, to new: Canvas, progress: Double, pushing: Bool) -> Canvas {
    var frame = new
    let width = new.size.width
    let shift = max(0, min(width, Int(Double(width) * progress)))
    let body = Navigator.chrome(new.size).body
    for row in body.y..<body.maxY {
      if pushing {
        // The old screen moves left; the new one comes in from the right.
        frame.copy(row: row, from: old, sourceColumn: shift, to: 0, count: width - shift)
        frame.copy(row: row, from: new, sourceColumn: 0, to: width - shift, count: shift)
      } else {
        // The old screen moves right; the one below comes back from the left.
        frame.copy(row: row, from: new, sourceColumn: width - shift, to: 0, count: shift)
        frame.copy(row: row, from: old, sourceColumn: 0, to: shift, count: width - shift)
      }
    }
    frame.cursor = nil
    frame.graphics = []  // pictures come back when the slide ends
    return frame
  }
}
