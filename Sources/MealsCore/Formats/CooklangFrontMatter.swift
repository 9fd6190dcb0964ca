/// The YAML front matter the Cooklang spec puts before a recipe (`---` lines around
/// `title: …`, `servings: 4`, `tags: [soup, quick]`), read as flat keys the way `>> key:
/// value` metadata is.
///
/// The subset recipe files use, read leniently: `key: value` (quotes taken off), a list in
/// brackets or as `- item` lines under its key (joined with commas, as `tags` are read), and
/// one level of nested keys (`source:` then `  url: …` is `source.url`). Anything else — a
/// line it cannot read, a list or a quote not closed — is read as well as it can be and said
/// (`line 3: …`), never an error that loses the recipe.
enum CooklangFrontMatter {
  /// The front matter's keys (lower case) and the text after it; no front matter: the text.
  static func split(_ text: String) -> (metadata: [String: String], body: Substring) {
    let read = read(text)
    return (read.metadata, read.body)
  }

  /// The same, with the items of each list as written (a tag may hold a comma or a bracket),
  /// what could not be read as written (`line 2: …`), and how many lines come before the body.
  static func read(_ text: String) -> (
    metadata: [String: String], lists: [String: [String]], body: Substring, problems: [String],
    bodyLine: Int
  ) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first, MealRules.trimmed(String(first)) == "---" else {
      return ([:], [:], text[...], [], 0)
    }
    guard
      let close = lines.dropFirst().firstIndex(where: { MealRules.trimmed(String($0)) == "---" })
    else {
      return (
        [:], [:], text[...],
        ["line 1: the front matter (---) is never closed, so it was read as the recipe's text"], 0
      )
    }
    let (metadata, lists, problems) = read(lines[1..<close])
    let rest = lines[(close + 1)...].joined(separator: "\n")
    return (metadata, lists, rest[...], problems, close + 1)
  }

  private static func read(_ lines: ArraySlice<Substring>) -> (
    [String: String], [String: [String]], [String]
  ) {
    var metadata: [String: String] = [:]
    var lists: [String: [String]] = [:]
    var problems: [String] = []
    var parent: String?
    var items: [String] = []
    func finishList() {
      if let parent, !items.isEmpty {
        metadata[parent] = items.joined(separator: ", ")
        lists[parent] = items
      }
      items = []
    }
    for (offset, raw) in zip(lines.indices, lines) {
      // Lines count from 1, the opening `---` the first.
      let said = { (what: String) in problems.append("line \(offset + 1): \(what)") }
      let line = raw.replacingEvery("\t", with: "  ")
      let trimmed = MealRules.trimmed(line)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let indented = line.first == " "
      // A list under its key, indented or not (YAML allows both).
      if let parent, trimmed.hasPrefix("- ") || trimmed == "-" {
        let item = unquoted(MealRules.trimmed(String(trimmed.dropFirst())))
        if !item.isEmpty { items.append(item) }
        metadata[parent] = nil
        continue
      }
      guard let colon = trimmed.firstIndex(of: ":") else {
        said("“\(trimmed.prefix(40))” is not “key: value”, so it was passed over")
        continue
      }
      let key = MealRules.trimmed(String(trimmed[..<colon])).lowercased()
      let written = MealRules.trimmed(String(trimmed[trimmed.index(after: colon)...]))
      let value = unquoted(written)
      guard !key.isEmpty else {
        said("a value without a key, so it was passed over")
        continue
      }
      if written.hasPrefix("[") && !written.hasSuffix("]") {
        said("the list of “\(key)” is not closed (no ]), so it was read as text: \(written)")
      } else if let quote = written.first, quote == "\"" || quote == "'",
        written.count < 2 || written.last != quote
      {
        said("the quote of “\(key)” is not closed, so it was read as written")
      }
      if indented, let parent {
        // One level of nesting: `source:` then `  url: …`.
        if !value.isEmpty { metadata["\(parent).\(key)"] = value }
        continue
      }
      finishList()
      parent = key
      guard !value.isEmpty else { continue }
      if let flow = flowItems(value) {
        metadata[key] = flow.joined(separator: ", ")
        lists[key] = flow
      } else {
        metadata[key] = value
      }
    }
    finishList()
    return (metadata, lists, problems)
  }

  /// `[soup, "quick, easy", 'it''s']` as its items; nil for a value that is no such list.
  ///
  /// Commas and brackets inside quotes belong to the item.
  private static func flowItems(_ value: String) -> [String]? {
    guard value.hasPrefix("["), value.hasSuffix("]") else { return nil }
    // By scalars: a combining mark after a quote makes one character of the two.
    var items: [String] = []
    var item = String.UnicodeScalarView()
    var quote: Unicode.Scalar?
    var escaping = false
    for scalar in value.unicodeScalars.dropFirst().dropLast() {
      if let open = quote {
        item.append(scalar)
        if escaping {
          escaping = false
        } else if open == "\"" && scalar == "\\" {
          escaping = true
        } else if scalar == open {
          quote = nil
        }
      } else if scalar == "," {
        items.append(String(item))
        item = String.UnicodeScalarView()
      } else {
        if (scalar == "\"" || scalar == "'") && MealRules.isBlank(String(item)) { quote = scalar }
        item.append(scalar)
      }
    }
    items.append(String(item))
    return items.map { unquoted(MealRules.trimmed($0)) }.filter { !$0.isEmpty }
  }

  /// A value without the quotes YAML allows around it: in double quotes `\"`, `\\`, `\n`
  /// and `\t` are escapes; in single quotes `''` is one quote.
  private static func unquoted(_ value: String) -> String {
    // By scalars, as `flowItems` reads them.
    let scalars = value.unicodeScalars
    guard scalars.count >= 2, let first = scalars.first, first == "\"" || first == "'",
      scalars.last == first
    else { return value }
    let inner = String.UnicodeScalarView(scalars.dropFirst().dropLast())
    guard first == "\"" else { return String(inner).replacingEvery("''", with: "'") }
    var out = String.UnicodeScalarView()
    var escaping = false
    for scalar in inner {
      if escaping {
        switch scalar {
        case "n": out.append("\n")
        case "t": out.append("\t")
        default: out.append(scalar)
        }
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

}
