/// Splitting an ingredient written as one line (`2 cups flour`, as recipe sites, exports and
/// people write them) into its quantity and its name: the one reader for pages, exports,
/// Markdown, pasted text and the pantry.
///
/// The quantity is the amount with what measures it — its unit (`3 cloves`, `2 EL`), size
/// (`1 large`), container (`1 (28 ounce) can`, `2 x 400g tins`), equivalent (`10g/½oz`,
/// `1 cup (2 sticks)`) — or a phrase that stands for one (`to taste`, `q.b.`); the name is the
/// food and its notes (`garlic, minced`). Words that only join them (`of`, `de`, `d'`) go. A
/// line with no amount is all name. Both are kept as written.
public enum IngredientLine {
  /// The line split where its quantity ends, losslessly.
  ///
  /// `joined` gives it back, so a page's line reads as the page wrote it. A word that joins
  /// the two (`of`, `de`) ends the quantity; a line whose measure follows its food (`salt to
  /// taste`, `玉ねぎ 1個`) is all name — `reading` finds its food and amount.
  public static func split(_ line: String) -> IngredientMeasurement {
    let text = cleaned(line)
    let whole = IngredientMeasurement(name: text, quantity: "")
    let reader = Reader(Array(text))
    guard let (end, foodStart) = reader.leading(from: 0, wholeLine: false) else { return whole }
    // The connecting word stays with the quantity, an elided one (`d'ail`) with the food.
    var nameStart = foodStart
    while nameStart > end, reader.text[nameStart - 1] != " " { nameStart -= 1 }
    let measurement = reader.measurement(quantity: 0..<nameStart, name: nameStart..<reader.count)
    guard !measurement.name.isEmpty, joined(measurement) == text else { return whole }
    return measurement
  }

  /// Whether a line is only an amount (`40 gr`, `2 EL`, `½`): a cell a page shows beside its
  /// food's, not an ingredient.
  public static func isAmountOnly(_ line: String) -> Bool {
    let text = cleaned(line)
    guard let first = text.first, first.isNumber || "½⅓⅔¼¾⅛".contains(first) else {
      return false
    }
    return Reader(Array(text)).leading(from: 0, wholeLine: true) != nil
  }

  /// What a line measures and what food it is, as the shopping list, the pantry and the units
  /// read it: the quantity without the word joining it to its food (`1 bunch of` · `okra` is
  /// `1 bunch` and `okra`); with no quantity, the name read for one before or after its food
  /// (`salt and pepper to taste` is `to taste` and `salt and pepper`, `Flour: 200 g` is
  /// `200 g` and `Flour`).
  public static func reading(_ measurement: IngredientMeasurement) -> (
    amount: String, food: String
  ) {
    let quantity = MealRules.trimmed(measurement.quantity)
    guard quantity.isEmpty else {
      var words = quantity.split(separator: " ")
      if words.count > 1, let last = words.last,
        IngredientWords.connectors.contains(last.lowercased())
      {
        words.removeLast()
      }
      return (words.joined(separator: " "), withoutElision(MealRules.trimmed(measurement.name)))
    }
    let text = cleaned(measurement.name)
    let reader = Reader(Array(text))
    if let (end, foodStart) = reader.leading(from: 0, wholeLine: false) {
      let found = reader.measurement(quantity: 0..<end, name: foodStart..<reader.count)
      return (found.quantity, found.name)
    }
    if let found = trailingPhrase(text) ?? reader.nameFirst() {
      return (found.quantity, found.name)
    }
    return ("", withoutElision(text))
  }

  /// `d'ail` → `ail`: a food's name without the elided word a split left before it.
  private static func withoutElision(_ text: String) -> String {
    for elision in IngredientWords.elisions where text.lowercased().hasPrefix(elision) {
      let rest = String(text.dropFirst(elision.count))
      return rest.isEmpty ? text : rest
    }
    return text
  }

  /// `quantity name`, or the name alone.
  public static func joined(_ measurement: IngredientMeasurement) -> String {
    let quantity = MealRules.trimmed(measurement.quantity)
    return quantity.isEmpty ? measurement.name : "\(quantity) \(measurement.name)"
  }

  // MARK: - Reading

  /// The line with its spaces made single and a list's mark (`▢`, `•`, `-`) taken off.
  public static func cleaned(_ line: String) -> String {
    var text = MealRules.trimmed(line)
    while let first = text.first, "▢•◦▪-*·☐□✓✔–".contains(first), text.dropFirst().first == " " {
      text = MealRules.trimmed(String(text.dropFirst(2)))
    }
    return text
  }

  /// `salt and pepper to taste`, `Salt, to taste`: the phrase is the quantity.
  private static func trailingPhrase(_ text: String) -> IngredientMeasurement? {
    let lower = text.lowercased()
    for phrase in IngredientWords.trailing {
      for opening in [", ", " ", " (", ", ("] {
        let closing = opening.hasSuffix("(") ? ")" : ""
        guard lower.hasSuffix(opening + phrase + closing) else { continue }
        let phraseCount = phrase.count
        let nameEnd = text.count - phraseCount - opening.count - closing.count
        let name = MealRules.trimmed(String(text.prefix(nameEnd)))
        guard !name.isEmpty else { continue }
        let quantity = String(text.dropFirst(nameEnd + opening.count).prefix(phraseCount))
        return IngredientMeasurement(name: name, quantity: quantity)
      }
    }
    return nil
  }

  /// A line's characters and the rules that read a quantity out of them.
  struct Reader {
    let text: [Character]
    var count: Int { text.count }

    init(_ text: [Character]) { self.text = text }

    func measurement(quantity: Range<Int>, name: Range<Int>) -> IngredientMeasurement {
      IngredientMeasurement(
        name: MealRules.trimmed(String(text[name])),
        quantity: MealRules.trimmed(String(text[quantity])))
    }

    // MARK: The quantity before the food

    /// Where a quantity read from `start` ends and the food begins, or nil; `wholeLine`: the
    /// quantity must reach the line's end (a measure after the name).
    func leading(from start: Int, wholeLine: Bool) -> (end: Int, name: Int)? {
      guard let end = quantity(from: start) else { return nil }
      let name = foodStart(after: end)
      if wholeLine { return name >= count || afterSpaces(end) >= count ? (end, count) : nil }
      guard name < count else { return nil }
      return (end, name)
    }

    /// The end of the quantity starting at `start`.
    private func quantity(from start: Int) -> Int? {
      var position = start
      // `juice of 1 lemon`: the words before the amount are part of the quantity.
      for prefix in IngredientWords.prefixes {
        if let end = words(prefix, at: position), amount(at: afterSpaces(end)) != nil {
          position = afterSpaces(end)
          break
        }
      }
      if let before = unitBefore(at: position) { return before }
      if let vague = IngredientWords.cjkVague.first(where: { matches($0, at: position) }) {
        return position + vague.count
      }
      if let end = amount(at: position) {
        return measured(after: end)
      }
      if let end = wordNumber(at: position) {
        return measured(after: end, fromWords: true) ?? end
      }
      // No amount: a size or a word for one, then a unit (`small bunch`, `a pinch`, `A few
      // sprigs`), a unit that needs none (`pinch of salt`), a word for some (`etwas`).
      for article in IngredientWords.articles {
        guard let end = words(article.joined(separator: " "), at: position) else { continue }
        if let unit = sizedUnit(at: afterSpaces(end)) { return unit }
        if connector(at: afterSpaces(end)) != nil, article.count == 2 { return end }
      }
      if let size = sizes(at: position), size > position, let unit = unit(at: afterSpaces(size)) {
        return unit
      }
      if let (end, word) = unitWord(at: position), IngredientWords.vagueUnits.contains(word) {
        return end
      }
      for word in IngredientWords.vagueAmounts {
        if let end = words(word, at: position) { return end }
      }
      return nil
    }

    /// What may follow an amount: a multiplied measure (`x 400g`), a size in brackets, a can's
    /// size (`28-ounce can`), size words, a unit and what measures it further.
    private func measured(after amountEnd: Int, fromWords: Bool = false) -> Int? {
      // Japanese and Chinese counters right after the number: `1個`, `500克`.
      if amountEnd < count, IngredientWords.counters.contains(text[amountEnd]) {
        return amountEnd + 1
      }
      if let long = IngredientWords.longCounters.first(where: { matches($0, at: amountEnd) }) {
        return amountEnd + long.count
      }
      var position = amountEnd
      var next = afterSpaces(position)
      // `2 x 400g tins`, `1 x 7g sachet`.
      if next < count, text[next] == "x" || text[next] == "×",
        next + 1 < count, text[next + 1] == " " || text[next + 1].isNumber,
        let inner = amount(at: afterSpaces(next + 1))
      {
        var end = inner
        if let unit = unit(at: afterSpaces(inner)) { end = unit }
        if let container = container(at: afterSpaces(end)) { end = container }
        return end
      }
      // `1 (28 ounce) can`, `6 (6 ounce) salmon fillets`.
      var bracketed = false
      if let close = bracket(at: next) {
        position = close
        next = afterSpaces(position)
        bracketed = true
      } else if let size = canSize(at: next), let container = container(at: afterSpaces(size)) {
        // `1 14-ounce can`, `one 28-ounce can`.
        return container
      }
      let sized = bracketed ? nil : sizes(at: next)
      let unitStart = sized.map(afterSpaces) ?? next
      guard let unitEnd = unit(at: unitStart) else {
        if let sized, sized > next { return sized }
        if bracketed { return position }
        // `1zwiebel`: the number written onto its food.
        if !fromWords, amountEnd < count, text[amountEnd].isLetter { return amountEnd }
        return fromWords ? nil : amountEnd
      }
      position = unitEnd
      let isMeasure = measureUnit(from: unitStart, to: unitEnd)
      // `1 cup plus 2 tablespoons`, `1/3 cup + 2 tablespoons`.
      if let plus = words("plus", at: afterSpaces(position))
        ?? words("+", at: afterSpaces(position)),
        let more = amount(at: afterSpaces(plus)), let moreUnit = unit(at: afterSpaces(more))
      {
        position = moreUnit
      }
      // `10g/½oz`, `1kg/2lb 4oz`, `300ml/½ pint`.
      if position < count, text[position] == "/", let other = amount(at: position + 1),
        let otherUnit = unit(at: afterSpaces(other))
      {
        position = otherUnit
        if let more = amount(at: afterSpaces(position)), let ounces = unit(at: more),
          ounces > more
        {
          position = ounces
        }
      }
      // `1 cup (2 sticks)`, `2 cans (15 oz each)`.
      if let close = bracket(at: afterSpaces(position)) { position = close }
      // `400g tin`, `2cm piece`.
      if isMeasure, let container = container(at: afterSpaces(position)) { position = container }
      return position
    }

    /// Where the food starts after a quantity: past spaces, `of`/`de`, an elided `d'`.
    private func foodStart(after end: Int) -> Int {
      var position = afterSpaces(end)
      if let joined = connector(at: position), afterSpaces(joined) < count {
        position = afterSpaces(joined)
      }
      for elision in IngredientWords.elisions
      where matches(elision, at: position, ignoringCase: true) {
        if position + elision.count < count { position += elision.count }
        break
      }
      return position
    }

    // MARK: The measure after the food

    /// `Flour: 200 g`, `Butter - 50g`, `玉ねぎ 1個`: a name, then a quantity to the line's end.
    func nameFirst() -> IngredientMeasurement? {
      for (index, character) in text.enumerated() where character == " " && index > 0 {
        guard let (end, _) = leading(from: index + 1, wholeLine: true), end > index + 1 else {
          continue
        }
        var nameEnd = index
        while nameEnd > 0, " :-–,".contains(text[nameEnd - 1]) { nameEnd -= 1 }
        guard nameEnd > 0 else { continue }
        return measurement(quantity: (index + 1)..<end, name: 0..<nameEnd)
      }
      return nil
    }

    // MARK: Numbers

    /// An amount: a number or a range of two (`2-3`, `2 to 3`, `2 bis 3`).
    func amount(at start: Int) -> Int? {
      guard let low = number(at: start) else { return nil }
      var look = afterSpaces(low)
      if look < count, "-–—".contains(text[look]) {
        look = afterSpaces(look + 1)
      } else if let word = ["to", "or", "bis", "à", "a", "tot", "till", "do", "-"].lazy.compactMap({
        self.words($0, at: look)
      }).first, low < look {
        look = afterSpaces(word)
      } else {
        return low
      }
      return number(at: look) ?? low
    }

    /// One number: `1`, `1.5`, `0,5`, `1/2`, `½`, `1 1/2`, `1½`; never zero alone (`00 flour`).
    func number(at start: Int) -> Int? {
      guard start < count else { return nil }
      if Quantity.vulgarFractions[text[start]] != nil { return start + 1 }
      var index = start
      while index < count, isDigit(text[index]) { index += 1 }
      guard index > start, index - start <= 9 else { return nil }
      let digits = text[start..<index]
      // A decimal or a fraction.
      if index + 1 < count, ".,/⁄".contains(text[index]), isDigit(text[index + 1]) {
        var end = index + 1
        while end < count, isDigit(text[end]) { end += 1 }
        return end
      }
      guard digits.contains(where: { $0 != "0" }) else { return nil }
      // A mixed number: `1½`, `1 ½`, `1-½`, `1 1/2`.
      if index < count, Quantity.vulgarFractions[text[index]] != nil { return index + 1 }
      if index + 1 < count, text[index] == " " || text[index] == "-",
        Quantity.vulgarFractions[text[index + 1]] != nil
      {
        return index + 2
      }
      if index + 1 < count, text[index] == " " {
        var end = index + 1
        while end < count, isDigit(text[end]) { end += 1 }
        if end > index + 1, end + 1 < count, "/⁄".contains(text[end]), isDigit(text[end + 1]) {
          end += 1
          while end < count, isDigit(text[end]) { end += 1 }
          return end
        }
      }
      return index
    }

    /// `two`, `one`, `half`: a number in words.
    private func wordNumber(at start: Int) -> Int? {
      guard let (end, word) = token(at: start), IngredientWords.numbers.contains(word) else {
        return nil
      }
      return end
    }

    private func isDigit(_ character: Character) -> Bool {
      character.isASCII && character.isNumber
    }

    // MARK: Words

    /// The next word (to a space, `/`, `,`, `(` or `)`), lower case, and its end.
    private func token(at start: Int) -> (Int, String)? {
      var end = start
      while end < count, !" /,()".contains(text[end]) { end += 1 }
      guard end > start else { return nil }
      return (end, String(text[start..<end]).lowercased())
    }

    /// A unit (one to four words, a full stop allowed after it) starting at `start`, right
    /// after a number too (`100g`, `9fl oz`): its end and its spelling.
    private func unitWord(at start: Int) -> (Int, String)? {
      var ends: [(Int, String)] = []
      var position = start
      for _ in 0..<IngredientWords.longestUnit {
        guard let (end, word) = token(at: position) else { break }
        let spelling = (ends.last.map { $0.1 + " " } ?? "") + word
        ends.append((end, spelling))
        guard end < count, text[end] == " " else { break }
        position = end + 1
      }
      for (end, spelling) in ends.reversed() {
        let bare = spelling.hasSuffix(".") ? String(spelling.dropLast()) : spelling
        guard IngredientWords.units.contains(bare) else { continue }
        // `tablespoon(s)`, `pincée(s)`: the plural's mark is the unit's.
        for mark in ["(s)", "(es)", "(n)", "(en)", "(e)"] where matches(mark, at: end) {
          return (end + mark.count, bare)
        }
        return (end, bare)
      }
      return nil
    }

    private func unit(at start: Int) -> Int? { unitWord(at: start)?.0 }

    /// Size words then a unit (`large handful`), or a unit (`pinch`).
    private func sizedUnit(at start: Int) -> Int? {
      if let size = sizes(at: start), size > start, let unit = unit(at: afterSpaces(size)) {
        return unit
      }
      return unit(at: start)
    }

    /// Whether the unit between two places is a weight, volume or length (a container may
    /// follow it: `400g tin`).
    private func measureUnit(from start: Int, to end: Int) -> Bool {
      let word = String(text[start..<end]).lowercased()
      let bare = word.hasSuffix(".") ? String(word.dropLast()) : word
      return MeasureUnit(spelling: bare) != nil
        || ["cm", "mm", "inch", "in", "cl", "dl"].contains(bare)
    }

    /// Up to two size words (`1 extra large`, `thumb-sized`): their end.
    private func sizes(at start: Int) -> Int? {
      var position = start
      var end: Int?
      for _ in 0..<2 {
        guard let (wordEnd, word) = token(at: position),
          IngredientWords.sizes.contains(word) || word.hasSuffix("-sized")
            || word.hasSuffix("-size")
        else { break }
        end = wordEnd
        position = afterSpaces(wordEnd)
      }
      return end
    }

    /// A container word (`can`, `Dose`), its end.
    private func container(at start: Int) -> Int? {
      guard let (end, word) = token(at: start) else { return nil }
      let bare = word.hasSuffix(".") ? String(word.dropLast()) : word
      return IngredientWords.containers.contains(bare) ? end : nil
    }

    /// A can's size before the can: `28-ounce`, `14 oz`, `400g`.
    private func canSize(at start: Int) -> Int? {
      guard let end = number(at: start) else { return nil }
      var position = end
      if position < count, text[position] == "-" { position += 1 }
      return unit(at: afterSpaces(position))
    }

    /// A bracket starting with a number or `about` (`(28 ounce)`, `(about 2 cups)`): its end.
    private func bracket(at start: Int) -> Int? {
      guard start + 1 < count, text[start] == "(" else { return nil }
      let inside = afterSpaces(start + 1)
      guard
        number(at: inside) != nil || words("about", at: inside) != nil
          || words("approx.", at: inside) != nil || words("ca.", at: inside) != nil,
        let close = text[start...].firstIndex(of: ")")
      else { return nil }
      return close + 1
    }

    /// `of`, `de`, `di`…: its end.
    private func connector(at start: Int) -> Int? {
      guard let (end, word) = token(at: start), IngredientWords.connectors.contains(word),
        end < count, text[end] == " "
      else { return nil }
      return end
    }

    /// A unit written before its number (`大さじ1`, `カップ1/2`): the end of the number.
    private func unitBefore(at start: Int) -> Int? {
      for unit in IngredientWords.unitsBefore where matches(unit, at: start) {
        return amount(at: start + unit.count)
      }
      return nil
    }

    /// The end of `phrase` (its words, case ignored) at `start` when it is there as words.
    private func words(_ phrase: String, at start: Int) -> Int? {
      guard matches(phrase, at: start, ignoringCase: true) else { return nil }
      let end = start + phrase.count
      guard end == count || " ,/(".contains(text[end]) || text[end].isNumber else { return nil }
      return end
    }

    private func matches(_ phrase: String, at start: Int, ignoringCase: Bool = false) -> Bool {
      let characters = Array(phrase)
      guard start + characters.count <= count else { return false }
      for (offset, character) in characters.enumerated() {
        let here = text[start + offset]
        if here == character { continue }
        guard ignoringCase, here.lowercased() == character.lowercased() else { return false }
      }
      return true
    }

    private func afterSpaces(_ start: Int) -> Int {
      var index = start
      while index < count, text[index] == " " { index += 1 }
      return index
    }
  }
}
