import Translation

/// A measure as the user's language writes its decimals (`1,5 kg` in German), for showing
/// only: the meal keeps what it says (`1.5 kg`), and exports and files write it so.
public enum DecimalText {
  /// `text` with each decimal point between two digits written as the language's separator.
  ///
  /// A point before exactly three digits (`1.500 g`) is left as written: in German that is
  /// fifteen hundred grams, and no reader can tell which was meant.
  public static func shown(_ text: String) -> String {
    // Most measures have no point: they cost no lookup in the catalog (a render shows many).
    guard text.contains(".") else { return text }
    let separator = trc("decimal separator", ".")
    guard separator != "." else { return text }
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      guard character == ".", index > 0, isDigit(characters[index - 1]) else {
        result.append(character)
        continue
      }
      let digits = characters[(index + 1)...].prefix { isDigit($0) }.count
      result += digits > 0 && digits != 3 ? separator : "."
    }
    return result
  }

  private static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }
}
