import TerminalUI
import TestSupport
import XCTest

/// My Meals in every built-in theme: the text, then a letter per cell for how it looks, then
/// what each letter means (as the terminal is asked to show it, 256 colours).
extension ScreenSizesTests {
  func testMyMealsInEveryTheme() throws {
    let size = Size(width: 100, height: 30)
    let app = try stocked(size)
    app.navigator.showError("config:3: a problem, as a config file's would be shown")
    let canvas = app.canvas
    var sections: [String] = []
    for theme in Theme.builtIn {
      sections.append("=== \(theme.name)\n" + Self.styleMap(canvas, theme: theme))
    }
    let text = sections.joined(separator: "\n") + "\n"
    if let difference = try ExpectedFile.difference(
      text, file: "Tests/MealsAppTests/Screens/themes.txt", recordVariable: "MEALS_RECORD_SCREENS")
    {
      XCTFail(difference)
    }
  }

  /// The frame's text, its looks as letters (`.` the terminal's own), and the letters' legend.
  static func styleMap(_ canvas: Canvas, theme: Theme) -> String {
    var letters: [Look: Character] = [Look(): "."]
    var legend: [String] = []
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var rows: [String] = []
    for row in 0..<canvas.size.height {
      var line = ""
      for column in 0..<canvas.size.width {
        let look = theme.resolve(canvas[row, column].style)
        if letters[look] == nil {
          let letter = alphabet[min(legend.count, alphabet.count - 1)]
          letters[look] = letter
          let words = [look.foreground.name, "on", look.background.name] + look.attributes.names
          legend.append("\(letter) = " + words.joined(separator: " "))
        }
        line.append(letters[look] ?? "?")
      }
      rows.append(line)
    }
    return (canvas.lines + ["---"] + rows + ["---"] + legend).joined(separator: "\n")
  }
}
