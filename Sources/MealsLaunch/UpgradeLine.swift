import Files
import FoundationEssentials
import MealsCore
import MealsStore

#if canImport(Glibc)
  import Glibc
#endif

/// The line that shows an upgrade of the database on standard error, before the full-screen
/// app starts: a bar and a percentage redrawn in place on a terminal (a line per part when
/// standard error is a file), then how long it took.
public final class UpgradeLine {
  private let path: String
  private let isTerminal: Bool
  private var lastStep: Int?

  public init(path: String, isTerminal: Bool) {
    self.path = path
    self.isTerminal = isTerminal
  }

  public func show(_ progress: UpgradeProgress) {
    var text = Self.text(progress, path: path)
    if isTerminal && progress.fraction < 1, let width = Self.terminalWidth() {
      text = Self.fitted(progress, path: path, width: width)
    }
    if progress.fraction >= 1 {
      write((isTerminal ? "\r\u{1B}[K" : "") + text + "\n")
    } else if isTerminal {
      write("\r\u{1B}[K" + text)
    } else if progress.step != lastStep {
      write(text + "\n")
    }
    lastStep = progress.step
  }

  /// `meals: upgrading PATH (schema 1 → 8), once: [█████░░░░░░░░░░░] 31 % · 2 s`.
  public static func text(_ progress: UpgradeProgress, path: String) -> String {
    let head = "meals: upgrading \(path) (schema \(progress.from) → \(progress.to)), once"
    let seconds = Int(progress.seconds)
    guard progress.fraction < 1 else {
      return head + ": done in \(NumberText.fixed(progress.seconds, places: 1)) s."
    }
    let width = 16
    let filled = min(width, Int(progress.fraction * Double(width)))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    return head + ": [\(bar)] \(Int(progress.fraction * 100)) % · \(seconds) s"
  }

  /// The line within `width` columns, so `\r` redraws it in place (a line that wraps leaves
  /// a copy on each redraw): the path shortened from its start, else without the path, else
  /// the bar alone, else the percentage.
  public static func fitted(_ progress: UpgradeProgress, path: String, width: Int) -> String {
    let full = text(progress, path: path)
    guard cells(full) >= width else { return full }
    let room = width - 1 - cells(text(progress, path: "…"))
    if room >= 8 {
      var tail = ""
      for character in path.reversed() {
        if cells(tail) + cells(String(character)) > room { break }
        tail.insert(character, at: tail.startIndex)
      }
      return text(progress, path: "…" + tail)
    }
    let bar = String(full[(full.lastIndex(of: "[") ?? full.startIndex)...])
    let percent = "\(Int(progress.fraction * 100)) %"
    let shorter = [
      "meals: upgrading, once: " + bar, bar, percent + " · \(Int(progress.seconds)) s", percent,
    ]
    return shorter.first { cells($0) < width } ?? ""
  }

  /// Columns a text takes at most: one for Latin and other narrow scripts and for the bar's
  /// blocks, arrows and dots, two for the rest (wide or not: a shorter line is no harm).
  public static func cells(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      let narrow = scalar.value < 0x1100 || (0x2000..<0x2E80).contains(scalar.value)
      return total + (narrow ? 1 : 2)
    }
  }

  /// Standard error's terminal's width, nil when it is not known.
  private static func terminalWidth() -> Int? {
    var size = winsize()
    guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  private func write(_ text: String) {
    _ = writeFully(Array(text.utf8), to: 2)
  }
}
