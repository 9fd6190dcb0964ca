/// A QR code drawn with half blocks, two rows of modules to a line of text, for a phone's
/// camera to read off the terminal.
///
/// Dark modules are drawn in black on white whatever the terminal's own colours (a code in
/// light on dark is read by few phones), with a quiet zone of two modules around it.
public enum QRText {
  /// The quiet zone's width in modules (the standard asks for four; two reads on phones and
  /// keeps the code small).
  public static let quietZone = 2

  /// The lines of a `width` × `width` code (`modules` row by row, true for dark); `colour`
  /// wraps each line in black-on-white escape sequences.
  public static func lines(modules: [Bool], width: Int, colour: Bool) -> [String] {
    guard width > 0, modules.count == width * width else { return [] }
    let side = width + 2 * quietZone
    func dark(_ row: Int, _ column: Int) -> Bool {
      let (r, c) = (row - quietZone, column - quietZone)
      guard (0..<width).contains(r), (0..<width).contains(c) else { return false }
      return modules[r * width + c]
    }
    var lines: [String] = []
    var row = 0
    while row < side {
      var line = colour ? "\u{1B}[30;107m" : ""
      for column in 0..<side {
        switch (dark(row, column), row + 1 < side && dark(row + 1, column)) {
        case (true, true): line += "█"
        case (true, false): line += "▀"
        case (false, true): line += "▄"
        case (false, false): line += " "
        }
      }
      if colour { line += "\u{1B}[0m" }
      lines.append(line)
      row += 2
    }
    return lines
  }
}
