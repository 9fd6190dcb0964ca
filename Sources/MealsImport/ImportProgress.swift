import Files
import FoundationEssentials
import TextSafety

#if canImport(Glibc)
  import Glibc
#endif

/// The line on standard error while an export is imported: shown once the import has taken a
/// second, on a terminal only, redrawn at most ten times a second.
public final class ImportProgress {
  private let write: (String) -> Void
  private let start = ProcessClock.seconds()
  private var lastDrawn = 0.0
  private var drawn = false
  private let label: String
  /// The recipe files the export holds (a file may hold more than one recipe: then the count
  /// done is what shows past it).
  var found = 0

  /// Nil when standard error is not a terminal (a script's log gets no bar).
  public init?(
    label: String, write: @escaping (String) -> Void, isTerminal: Bool = isatty(2) == 1
  ) {
    guard isTerminal else { return nil }
    self.label = label
    self.write = write
  }

  func show(done: Int, name: String) {
    let now = ProcessClock.seconds()
    guard now - start >= 1, now - lastDrawn >= 0.1 else { return }
    lastDrawn = now
    drawn = true
    let line =
      "\(label): \(done) \(done == 1 ? "meal" : "meals") — \(TextSanitizer.singleLine(name))"
    write("\r\u{1B}[K" + Self.fitting(line, columns: Self.columns()))
  }

  /// The terminal's width (standard error's), 80 when it does not say.
  private static func columns() -> Int {
    var size = winsize()
    guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// The line cut to fewer cells than the terminal has (so it never wraps and `\r` clears it),
  /// wide characters counted as two.
  static func fitting(_ line: String, columns: Int) -> String {
    var cells = 0
    var kept = ""
    for scalar in line.unicodeScalars {
      cells += cellWidth(scalar)
      if cells >= columns { break }
      kept.unicodeScalars.append(scalar)
    }
    return kept
  }

  /// A scalar's cells: 0 for a combining mark, 2 for an emoji or an East Asian wide character.
  private static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if scalar.properties.generalCategory == .nonspacingMark || value == 0x200D { return 0 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD,
    ]
    return scalar.properties.isEmojiPresentation || wide.contains(where: { $0.contains(value) })
      ? 2 : 1
  }

  /// Clears the line, if one was drawn.
  public func finish() {
    if drawn { write("\r\u{1B}[K") }
  }
}
