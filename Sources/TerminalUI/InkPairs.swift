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

/// The xterm 256-colour palette, and the nearest of a terminal's first 8 or 16 colours for a
/// terminal that has no more (pictures then keep their broad colours instead of going blank).
enum Palette {
  /// The colour of palette index `index`, as xterm defines it.
  static func rgb(_ index: UInt8) -> (Int, Int, Int) {
    let basic = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
      (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
      (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    switch index {
    case 0..<16: return basic[Int(index)]
    case 16..<232:
      let levels = [0, 95, 135, 175, 215, 255]
      let cube = Int(index) - 16
      return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    default:
      let grey = 8 + (Int(index) - 232) * 10
      return (grey, grey, grey)
    }
  }

  /// The nearest of the first `count` (8 or 16) colours to palette index `index`.
  static func nearest(_ index: UInt8, among count: Int) -> UInt8 {
    let (r, g, b) = rgb(index)
    return nearest(red: r, green: g, blue: b, among: min(16, count))
  }

  /// The nearest of the first `count` palette colours to an RGB colour; with 256, the fixed
  /// cube and greys only (terminals let users change the first 16).
  static func nearest(red r: Int, green g: Int, blue b: Int, among count: Int) -> UInt8 {
    var best: UInt8 = 0
    var bestDistance = Int.max
    for candidate in UInt8(count >= 256 ? 16 : 0)...UInt8(clamping: max(1, count) - 1) {
      let (cr, cg, cb) = rgb(candidate)
      let distance = (r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)
      if distance < bestDistance {
        bestDistance = distance
        best = candidate
      }
    }
    return best
  }
}
