/// ncurses colour pairs for `Style.Ink`, made when first drawn and reused when the cap is
/// reached: a pair not drawn in the current frame is not on screen (every frame draws every
/// cell), so changing it changes nothing visible.
struct InkPairs {
  private let first: Int16
  private let cap: Int16
  private var next: Int16
  private var pairs: [Style.Ink: Int16] = [:]
  private var inks: [Int16: Style.Ink] = [:]
  private var lastFrame: [Int16: Int] = [:]
  private var frame = 0

  /// Pairs `first..<cap`; none when `cap <= first` (fewer than 256 colours, or NO_COLOR).
  init(first: Int16, cap: Int16) {
    self.first = first
    self.cap = cap
    next = first
  }

  mutating func startFrame() { frame += 1 }

  /// The pair for `ink`, and whether it must be (re)defined; nil when every pair is on screen.
  mutating func pair(for ink: Style.Ink) -> (Int16, Bool)? {
    if let pair = pairs[ink] {
      lastFrame[pair] = frame
      return (pair, false)
    }
    let pair: Int16
    if next < cap {
      pair = next
      next += 1
    } else {
      guard let oldest = lastFrame.min(by: { $0.value < $1.value }), oldest.value < frame
      else { return nil }
      pair = oldest.key
      if let old = inks[pair] { pairs[old] = nil }
    }
    pairs[ink] = pair
    inks[pair] = ink
    lastFrame[pair] = frame
    return (pair, true)
  }
}
