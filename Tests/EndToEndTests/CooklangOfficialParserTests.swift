import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

/// meals' Cooklang beside the official parser's (cooklang-rs, through PyPI's cooklang-bindings
/// in the tests' own virtual environment, `.build/venv`, which `make test` makes).
///
/// Files written here with the quirks hand-written recipes have are imported with `meals
/// import` and read with `meals show --json`; the official parser reads the same files. And
/// what `meals export --format cooklang` writes, the official parser reads with the
/// ingredients and quantities meals shows.
final class CooklangOfficialParserTests: XCTestCase {
  /// Sources as people write them: front matter, names with digits or an emoji, one-word
  /// timers, sections, comments, escapes, CRLF and a byte-order mark.
  static let sources: [String: String] = [
    "Pancakes.cook": """
    ---
    title: Pancakes
    servings: 4
    tags: [breakfast, quick]
    ---
    Whisk @eggs{3} and @milk{250%ml} in a #bowl{}.

    Add @flour{125%g} and a pinch of @salt.

    Fry for ~{2%minutes} on each side. -- not read
    """,
    "Peppers.cook": """
    Crush @5peppers and @🧂, fry in the #7-inch pan{ } with @00 flour{200%g}.
    Let it ~rest, then serve.
    """,
    "Pizza.cook": """
    = Dough
    Mix @flour{500%g} with @water{300%ml}.

    = Topping
    Spread @tomato sauce{200%g} and bake for ~{12%minutes}.
    """,
    "Escapes.cook":
      "Recipe \\#1: write to a\\@b.com -- a comment\nBoil @water{1%l} [- for the pasta -] and add @pasta{200%g}.\n",
    "Toast.cook": "\u{FEFF}>> servings: 2\r\nSlice @bread{2%slices}\r\nand toast them.\r\n",
    "Salsa.cook": """
    Fry @red onion{1}(finely chopped) in @oil{}(olive), add @salt(to taste).
    Stir in @tomatoes{400%g}(tinned \\) drained) (not fresh) and @chilli{1}().
    """,
    "Wok.cook": """
    Heat the #wok{} until it smokes, then the #big pot{2}.
    Tip into a #bowl{}(warmed) and wipe the #wok. -- the wok again
    """,
  ]

  private var python: String {
    PackagePaths.root.appendingPathComponent(".build/venv/bin/python").path
  }

  private func official(_ files: [String]) throws -> [String: [String: Any]] {
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw XCTSkip(
        "The official Cooklang parser's virtual environment (.build/venv) is not there: `make test` makes it."
      )
    }
    let script = PackagePaths.root.appendingPathComponent("Tests/Cooklang/official.py").path
    let (status, output, errors) = try runProcess([python, script] + files)
    XCTAssertEqual(status, 0, errors)
    let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8))
    return try XCTUnwrap(parsed as? [String: [String: Any]], output)
  }

  private func meals(_ arguments: [String]) throws -> String {
    let (status, output, errors) = try runProcess([Products.meals] + arguments)
    XCTAssertEqual(status, 0, errors)
    return output
  }

  /// Text with each run of white space as one space.
  private func folded(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A quantity compared as written, spaces aside (`250 ml` and `250ml`).
  private func plain(_ quantity: String) -> String {
    quantity.filter { !$0.isWhitespace }.lowercased()
  }

  /// The .cook `file` meal 1 of `database` was written to, read into another book, writes
  /// back the same.
  private func assertWritesBackTheSame(
    _ file: String, from database: String, in folder: TemporaryFolder,
    line: UInt = #line
  ) throws {
    let again = folder.url.appendingPathComponent("again.sqlite").path
    _ = try meals(["--db", again, "import", file])
    XCTAssertEqual(
      try meals(["--db", again, "export", "--format", "cooklang", "1"]),
      try meals(["--db", database, "export", "--format", "cooklang", "1"]),
      "the file read into another book writes back the same", line: line)
  }

  func testMealsReadsCooklangAsTheOfficialParserDoes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var files: [String] = []
    for (name, text) in Self.sources.sorted(by: { $0.key < $1.key }) {
      let file = folder.url.appendingPathComponent(name).path
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    let theirs = try official(files)
    for (index, file) in files.enumerated() {
      let database = folder.url.appendingPathComponent("book\(index).sqlite").path
      _ = try meals(["--db", database, "import", file])
      let shown = try meals(["--db", database, "show", "--json", "1"])
      let ours = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any], shown)
      let their = try XCTUnwrap(theirs[file], file)
      let name = (file as NSString).lastPathComponent
      // Ingredients: a second mention without a quantity refers back to the first, in both.
      var expected: [[String]] = []
      for pair in their["ingredients"] as? [[String]] ?? [] where pair.count == 2 {
        if pair[1].isEmpty && expected.contains(where: { $0[0] == pair[0] }) { continue }
        expected.append([pair[0], plain(pair[1])])
      }
      let got = (ours["ingredients"] as? [[String: String]] ?? []).map {
        [$0["name"] ?? "", plain($0["quantity"] ?? "")]
      }
      XCTAssertEqual(got, expected, "ingredients of \(name)")
      // Cookware: a second mark refers to the first; the bindings keep no note for it.
      var utensils: [String] = []
      for pair in their["cookware"] as? [[String]] ?? [] where pair.count == 2 {
        let entry = pair[1].isEmpty ? pair[0] : "\(pair[0]) \(plain(pair[1]))"
        if !utensils.contains(where: { $0.hasPrefix(pair[0]) }) { utensils.append(entry) }
      }
      let cookware = (ours["cookware"] as? [[String: String]] ?? []).map { item in
        let name = (item["name"] ?? "").replacingOccurrences(
          of: #" \([^()]*\)$"#, with: "", options: .regularExpression)
        return item["quantity"].map { "\(name) \(plain($0))" } ?? name
      }
      XCTAssertEqual(cookware, utensils, "cookware of \(name)")
      // Steps: meals keeps a section's title as a line of its own.
      let sections = Set(their["sections"] as? [String] ?? [])
      let steps = (ours["instructions"] as? String ?? "").split(separator: "\n").map(String.init)
        .filter { !sections.contains($0) }
      // Compared with their spaces folded (a comment cut from a line leaves one behind).
      XCTAssertEqual(
        steps.map(folded), (their["steps"] as? [String] ?? []).map(folded), "steps of \(name)")
      if let title = their["title"] as? String {
        XCTAssertEqual(ours["name"] as? String, title, "title of \(name)")
      }
      if let servings = their["servings"] as? Int {
        XCTAssertEqual(ours["servings"] as? Int, servings, "servings of \(name)")
      }
    }
  }

  /// What meals writes, the official parser reads with the same ingredients and quantities,
  /// and with the text of each instruction (escapes and all).
  func testWhatMealsWritesTheOfficialParserReadsAlike() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let database = folder.url.appendingPathComponent("book.sqlite").path
    let json = folder.url.appendingPathComponent("meals.json").path
    try """
    {"format": "meals", "version": 1, "meals": [
      {"name": "Carbonara", "instructions": "Boil the pasta.\\nRecipe #1 from a@b.com: stir -- fast.",
       "ingredients": [{"name": "spaghetti", "quantity": "200 g"},
                       {"name": "milk", "quantity": "1 1/2 cups"},
                       {"name": "eggs", "quantity": "2"}, {"name": "pepper", "quantity": ""}]}
    ]}
    """.write(toFile: json, atomically: true, encoding: .utf8)
    _ = try meals(["--db", database, "import", json])
    let file = folder.url.appendingPathComponent("Carbonara.cook").path
    _ = try meals(["--db", database, "export", "--format", "cooklang", "--output", file, "1"])
    let their = try XCTUnwrap(try official([file])[file])
    XCTAssertEqual(
      (their["ingredients"] as? [[String]] ?? []).map { [$0[0], plain($0[1])] },
      [["spaghetti", "200g"], ["milk", "11/2cups"], ["eggs", "2"], ["pepper", ""]])
    XCTAssertEqual(
      their["units"] as? [String], ["g", "cups", "", ""], "the unit apart from the amount")
    let steps = their["steps"] as? [String] ?? []
    XCTAssertTrue(steps.contains("Boil the pasta."), "\(steps)")
    XCTAssertTrue(steps.contains("Recipe #1 from a@b.com: stir -- fast."), "\(steps)")
  }

  /// A meal's ingredients in groups: written as sections the official parser reads (every line
  /// an ingredient, salt in both groups), and read back by meals into the same groups.
  func testGroupsOfIngredientsAreSectionsTheOfficialParserReads() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let json = folder.url.appendingPathComponent("meals.json").path
    try """
    {"format": "meals", "version": 1, "meals": [
      {"name": "Pie", "instructions": "Make the pastry.\\nFill and bake.",
       "ingredients": [{"name": "flour", "quantity": "250 g", "group": "For the pastry"},
                       {"name": "salt", "quantity": "", "group": "For the pastry"},
                       {"name": "apples", "quantity": "6", "group": "Filling"},
                       {"name": "salt", "quantity": "", "group": "Filling"}]}
    ]}
    """.write(toFile: json, atomically: true, encoding: .utf8)
    let database = folder.url.appendingPathComponent("book.sqlite").path
    _ = try meals(["--db", database, "import", json])
    let file = folder.url.appendingPathComponent("Pie.cook").path
    _ = try meals(["--db", database, "export", "--format", "cooklang", "--output", file, "1"])
    let their = try XCTUnwrap(try official([file])[file])
    XCTAssertNil(their["error"])
    XCTAssertEqual(
      (their["ingredients"] as? [[String]] ?? []).map(\.[0]), ["flour", "salt", "apples", "salt"])
    XCTAssertEqual(
      their["sections"] as? [String],
      ["Ingredients: For the pastry", "Ingredients: Filling", "Method"])
    let again = folder.url.appendingPathComponent("again.sqlite").path
    _ = try meals(["--db", again, "import", file])
    let shown = try meals(["--db", again, "show", "--json", "1"])
    let ours = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any], shown)
    XCTAssertEqual(
      (ours["ingredients"] as? [[String: String]] ?? []).map {
        "\($0["group"] ?? "")/\($0["name"] ?? "")"
      },
      ["For the pastry/flour", "For the pastry/salt", "Filling/apples", "Filling/salt"])
    XCTAssertEqual(ours["instructions"] as? String, "Make the pastry.\nFill and bake.")
  }

  /// A meal whose steps name its ingredients is written as Cooklang is written by hand: the
  /// official parser reads the steps meals shows, no list of ingredients among them, and the
  /// ingredients in meals' order with their units.
  func testIngredientsTheStepsNameAreMarkedWhereTheyAreNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let json = folder.url.appendingPathComponent("meals.json").path
    try """
    {"format": "meals", "version": 1, "meals": [
      {"name": "Shakshuka", "instructions": "Soften the onion in the olive oil.\\nAdd the tomatoes and the paprika; simmer 10 minutes.\\nCrack in the eggs and cover until set.",
       "ingredients": [{"name": "onion", "quantity": "1"},
                       {"name": "olive oil", "quantity": "2 tbsp"},
                       {"name": "tomatoes", "quantity": "400 g"},
                       {"name": "paprika", "quantity": "1 tsp"},
                       {"name": "eggs", "quantity": "4"}]}
    ]}
    """.write(toFile: json, atomically: true, encoding: .utf8)
    let database = folder.url.appendingPathComponent("book.sqlite").path
    _ = try meals(["--db", database, "import", json])
    let file = folder.url.appendingPathComponent("Shakshuka.cook").path
    _ = try meals(["--db", database, "export", "--format", "cooklang", "--output", file, "1"])
    let written = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertFalse(written.contains("= Ingredients"), written)
    let their = try XCTUnwrap(try official([file])[file])
    XCTAssertEqual(
      their["steps"] as? [String],
      [
        "Soften the onion in the olive oil.",
        "Add the tomatoes and the paprika; simmer 10 minutes.",
        "Crack in the eggs and cover until set.",
      ])
    XCTAssertEqual(
      (their["ingredients"] as? [[String]] ?? []).map { "\($0[0]) \(plain($0[1]))" },
      ["onion 1", "olive oil 2tbsp", "tomatoes 400g", "paprika 1tsp", "eggs 4"])
    XCTAssertEqual(their["units"] as? [String], ["", "tbsp", "g", "tsp", ""])
    try assertWritesBackTheSame(file, from: database, in: folder)
  }

  /// An ingredient's note in brackets (`onion (finely chopped)`) is Cooklang's note after its
  /// mark, `@onion{1}(finely chopped)`: the official parser reads the name and the note apart,
  /// the steps' text without it, and meals reads the same meal back, whether the steps name
  /// the ingredients or they are listed.
  func testAnIngredientsNoteIsCooklangsNote() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let json = folder.url.appendingPathComponent("meals.json").path
    try """
    {"format": "meals", "version": 1, "meals": [
      {"name": "Salsa", "instructions": "Fry the red onion in the oil.\\nAdd the tomatoes and salt.",
       "ingredients": [{"name": "red onion (finely chopped)", "quantity": "1"},
                       {"name": "oil (olive or sunflower)", "quantity": "2 tbsp"},
                       {"name": "tomatoes (drained)", "quantity": "400 g"},
                       {"name": "salt (to taste)", "quantity": ""}]},
      {"name": "Slaw", "instructions": "Toss everything together.",
       "ingredients": [{"name": "cabbage (shredded)", "quantity": "1/2"},
                       {"name": "mayonnaise (see note (below))", "quantity": "3 tbsp"},
                       {"name": "carrot (grated", "quantity": "1"},
                       {"name": "tomatoes (tinned) (drained)", "quantity": "200 g"}]}
    ]}
    """.write(toFile: json, atomically: true, encoding: .utf8)
    let database = folder.url.appendingPathComponent("book.sqlite").path
    _ = try meals(["--db", database, "import", json])
    for (id, name) in [(1, "Salsa"), (2, "Slaw")] {
      let file = folder.url.appendingPathComponent("\(name).cook").path
      _ = try meals(["--db", database, "export", "--format", "cooklang", "--output", file, "\(id)"])
      let their = try XCTUnwrap(try official([file])[file])
      let shown = try meals(["--db", database, "show", "--json", "\(id)"])
      let ours = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any], shown)
      XCTAssertEqual(
        (their["ingredients"] as? [[String]] ?? []).map { [$0[0], plain($0[1])] },
        (ours["ingredients"] as? [[String: String]] ?? []).map {
          [$0["name"] ?? "", plain($0["quantity"] ?? "")]
        }, name)
      let again = folder.url.appendingPathComponent("again\(id).sqlite").path
      _ = try meals(["--db", again, "import", file])
      XCTAssertEqual(
        try meals(["--db", again, "show", "--json", "1"]).replacingOccurrences(
          of: "\"id\": 1,", with: "\"id\": \(id),"), shown, "\(name) read back")
    }
    let salsa = try String(
      contentsOf: folder.url.appendingPathComponent("Salsa.cook"), encoding: .utf8)
    XCTAssertTrue(
      salsa.contains("Fry the @red onion{1}(finely chopped) in the @oil{2%tbsp}"), salsa)
    XCTAssertEqual(
      try XCTUnwrap(
        try official([folder.url.appendingPathComponent("Salsa.cook").path]).first?
          .value["steps"] as? [String]),
      ["Fry the red onion in the oil.", "Add the tomatoes and salt."])
  }

  /// A time a step gives (`20 minutes`, `30-40 minutes`) is written as Cooklang's timer: the
  /// official parser counts the timers Cook Mode shows, and reads the steps' text unchanged.
  func testTimesInTheStepsAreTimers() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let json = folder.url.appendingPathComponent("meals.json").path
    try """
    {"format": "meals", "version": 1, "meals": [
      {"name": "Stock", "instructions": "Simmer the bones for 20 minutes, skimming.\\nStrain, then reduce 30-40 minutes.\\nCool for 1 hr 30 mins, or a minute in ice.\\n> Keeps 3 days.",
       "ingredients": [{"name": "bones", "quantity": "1 kg"}]}
    ]}
    """.write(toFile: json, atomically: true, encoding: .utf8)
    let database = folder.url.appendingPathComponent("book.sqlite").path
    _ = try meals(["--db", database, "import", json])
    let file = folder.url.appendingPathComponent("Stock.cook").path
    _ = try meals(["--db", database, "export", "--format", "cooklang", "--output", file, "1"])
    let written = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertTrue(written.contains("for ~{20%minutes}, skimming."), written)
    XCTAssertTrue(written.contains("\n> Keeps 3 days.\n"), "a note is no step: \(written)")
    let their = try XCTUnwrap(try official([file])[file])
    XCTAssertEqual(their["timers"] as? [String], ["20 minutes", "30-40 minutes"])
    XCTAssertEqual(
      Array((their["steps"] as? [String] ?? []).suffix(3)),
      [
        "Simmer the bones for 20 minutes, skimming.", "Strain, then reduce 30-40 minutes.",
        "Cool for 1 hr 30 mins, or a minute in ice.",
      ])
    try assertWritesBackTheSame(file, from: database, in: folder)
  }

  /// Cookware marked by hand (`#wok{}`, `#big pot{2}`, `#bowl{}(warmed)`) is kept by the book:
  /// shown, and written again where the steps name it when the book writes the file, so the
  /// official parser reads the same cookware and steps in what meals writes.
  func testCookwareMarkedByHandIsWrittenAgain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.url.appendingPathComponent("Wok Noodles.cook").path
    try """
    Heat the #wok{} until it smokes. Add @oil{2%tbsp}.

    Toss the @noodles{200%g} in the wok, then tip into a #large bowl{}(warmed).

    Wash the #big pot{2} and the #wok for 5 minutes.
    """.write(toFile: source, atomically: true, encoding: .utf8)
    let database = folder.url.appendingPathComponent("book.sqlite").path
    _ = try meals(["--db", database, "import", source])
    XCTAssertTrue(
      try meals(["--db", database, "show", "1"]).contains(
        "Cookware\n  wok, large bowl (warmed), big pot (2)\n"))
    let file = folder.url.appendingPathComponent("written.cook").path
    _ = try meals(["--db", database, "export", "--format", "cooklang", "--output", file, "1"])
    let written = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertTrue(
      written.contains("Heat the #wok{} until it smokes. Add @oil{2%tbsp}.\n"), written)
    XCTAssertTrue(written.contains("tip into a #large bowl{}(warmed)."), written)
    XCTAssertTrue(written.contains("Wash the #big pot{2} and the wok for ~{5%minutes}."), written)
    let theirs = try official([source, file])
    let original = try XCTUnwrap(theirs[source])
    let again = try XCTUnwrap(theirs[file])
    XCTAssertEqual(
      (again["cookware"] as? [[String]])?.map { $0.joined(separator: "|") },
      ["wok|", "large bowl|", "big pot|2"])
    XCTAssertEqual(again["steps"] as? [String], original["steps"] as? [String])
    try assertWritesBackTheSame(file, from: database, in: folder)
  }

  // MARK: - Every real meal

  /// A number, a fraction or a mixed number first, then the rest.
  private static let leadingAmount = try? NSRegularExpression(
    pattern: #"^(\d+ \d+/\d+|\d+/\d+|\d+(?:\.\d+)?)\s*(.*)$"#)

  /// An amount by its value (`1.5`, `1 1/2`, `3/2` alike: cooklang-rs prints a decimal as a
  /// fraction), then the rest as written, spaces aside.
  private func amount(_ quantity: String) -> String {
    let text = quantity.trimmingCharacters(in: .whitespaces)
    guard
      let found = Self.leadingAmount?.firstMatch(
        in: text, range: NSRange(text.startIndex..., in: text)),
      let number = Range(found.range(at: 1), in: text),
      let rest = Range(found.range(at: 2), in: text)
    else { return plain(text) }
    var value = 0.0
    for part in text[number].split(separator: " ") {
      let fraction = part.split(separator: "/").compactMap { Double($0) }
      value += fraction.count == 2 ? fraction[0] / fraction[1] : fraction.first ?? 0
    }
    return String(format: "%.4f|", value) + plain(String(text[rest]))
  }

  /// Every real TheMealDB meal beside this checkout (../shared/mealdb), saved by meals and
  /// written as Cooklang, the official parser reads with the ingredients (the same amounts),
  /// steps and cookware `meals export` gives; the ingredient list meals writes where the steps
  /// do not name them is a declaration to the official tooling, not a step.
  func testEveryRealMealMealsWritesTheOfficialParserReadsAlike() throws {
    guard let answers = try SharedCaptures.mealAnswers() else {
      throw XCTSkip(
        "../shared/mealdb is not beside this checkout; the real meals' Cooklang is not measured (the files of our own above still are)."
      )
    }
    var byID: [String: Meal] = [:]
    for answer in answers {
      for meal in (try? MealDBDecoder.meals(from: answer)) ?? [] where !meal.instructions.isEmpty {
        byID[meal.mealDBID ?? meal.name] = meal
      }
    }
    let meals = byID.values.sorted { $0.name < $1.name }
    XCTAssertGreaterThan(meals.count, 100, "the real captures hold a few hundred meals")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let database = folder.url.appendingPathComponent("book.sqlite").path
    let json = folder.url.appendingPathComponent("real.json").path
    try MealJSON.document(meals).write(toFile: json, atomically: true, encoding: .utf8)
    _ = try self.meals(["--db", database, "import", json])
    let out = folder.url.appendingPathComponent("cook").path + "/"
    _ = try self.meals(["--db", database, "export", "--format", "cooklang", "--output", out])
    let exported = try self.meals(["--db", database, "export", "--format", "json"])
    let ours = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [String: Any])?["meals"]
        as? [[String: Any]])
    let files = try FileManager.default.contentsOfDirectory(atPath: out).filter {
      $0.hasSuffix(".cook")
    }.map { out + $0 }
    XCTAssertEqual(files.count, ours.count, "a file per meal")
    var theirs: [String: [String: Any]] = [:]
    for (_, read) in try official(files) {
      if let title = read["title"] as? String { theirs[title] = read }
    }
    var different: [String] = []
    for meal in ours {
      let name = meal["name"] as? String ?? ""
      guard let their = theirs[name] else {
        different.append("\(name): not read")
        continue
      }
      let ingredients = (meal["ingredients"] as? [[String: String]] ?? []).map {
        ($0["name"] ?? "") + " " + amount($0["quantity"] ?? "")
      }
      let read = (their["ingredients"] as? [[String]] ?? []).map { "\($0[0]) \(amount($0[1]))" }
      // Steps as meals shows them: a line each, spaces folded (a line's end is no text to
      // Cooklang), blank lines between them none.
      let steps = (meal["instructions"] as? String ?? "").split(separator: "\n").map {
        folded(String($0))
      }.filter { !$0.isEmpty }
      let method = (their["method"] as? [String] ?? []).map(folded)
      if ingredients != read { different.append("\(name): ingredients \(read)") }
      if steps != method { different.append("\(name): steps") }
      if !(their["cookware"] as? [Any] ?? []).isEmpty { different.append("\(name): cookware") }
    }
    XCTAssertEqual(different, [], "of \(ours.count) real meals")
  }
}
