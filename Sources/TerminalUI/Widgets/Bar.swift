/// A horizontal meter: eighth-block characters for smooth ends, or `#` and `-` when the
/// terminal's locale is not UTF-8.
public enum Bar {
  /// Partial cells, from one eighth to seven eighths.
  static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The bar's text for `fraction` (0…1) in `width` cells.
  public static func text(_ fraction: Double, width: Int, unicode: Bool = TerminalLocale.usesUTF8)
    -> String
  {
    guard width > 0 else { return "" }
    let clamped = fraction.isFinite ? max(0, min(1, fraction)) : 0
    if !unicode {
      let filled = Int((clamped * Double(width)).rounded())
      return String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    }
    let total = Int((clamped * Double(width * 8)).rounded())
    var text = String(repeating: "█", count: total / 8)
    if total % 8 > 0 { text.append(eighths[total % 8 - 1]) }
    return text + String(repeating: " ", count: max(0, width - (total + 7) / 8))
  }

  /// An indeterminate bar: a block of a quarter of the width moving back and forth.
  public static func moving(phase: Int, width: Int, unicode: Bool = TerminalLocale.usesUTF8)
    -> String
  {
    guard width > 0 else { return "" }
    let block = max(1, width / 4)
    let travel = max(1, width - block)
    let step = phase % (2 * travel)
    let start = step < travel ? step : 2 * travel - step
    let fill: Character = unicode ? "█" : "#"
    let empty: Character = unicode ? " " : "-"
    return String(repeating: empty, count: start) + String(repeating: fill, count: block)
      + String(repeating: empty, count: width - start - block)
  }
}

/// A number on show that glides to a new value over `duration` when the same item's value
/// changes, and jumps at once when another item is shown.
public struct Glide: Equatable, Sendable {
  public static let duration: UInt64 = 150

  /// The item the value belongs to.
  public private(set) var key: String?
  private var from = 0.0
  private var to = 0.0
  private var start: UInt64 = 0

  public init() {}

  /// Shows `value` for item `key`: gliding when it is the same item (and `animated`),
  /// jumping otherwise.
  public mutating func set(_ value: Double, key: String, now: UInt64, animated: Bool) {
    if key == self.key && animated {
      guard value != to else { return }
      from = self.value(at: now)
    } else {
      from = value
      self.key = key
    }
    to = value
    start = now
  }

  public func value(at now: UInt64) -> Double {
    guard now < start + Self.duration, from != to else { return to }
    let progress = Double(now - start) / Double(Self.duration)
    let eased = 1 - (1 - progress) * (1 - progress)  // fast, then settling
    return from + (to - from) * eased
  }

  /// When the next frame of a glide is due (about 60 a second), or nil when still.
  public func nextFrame(after now: UInt64) -> UInt64? {
    guard from != to, now < start + Self.duration else { return nil }
    return now + 16
  }
}
