import Files
import FoundationEssentials
import MealsCore
import MealsStore

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
    let text = Self.text(progress, path: path)
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

  private func write(_ text: String) {
    _ = writeFully(Array(text.utf8), to: 2)
  }
}
