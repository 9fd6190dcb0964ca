import Files
import FoundationEssentials
import MealsCore
import MealsLaunch
import MealsStore
import Translation

/// `meals export [MEAL…] [--format F] [--output PATH] [--units U]`.
enum ExportCommand {
  static func run(_ arguments: CommandArguments, store: MealStore, io: CommandIO, cup: CupSize)
    -> Int32
  {
    let formatName = arguments.values["--format"] ?? "json"
    guard let format = RecipeFormat(rawValue: formatName) else {
      let known = RecipeFormat.allCases.map(\.rawValue).joined(separator: ", ")
      return Subcommand.usageError(
        tr("--format takes %1$s, not “%2$s”.").filled(known, formatName), .export, io: io)
    }
    // Only when asked: an export keeps what the meals say.
    guard
      let conversion = Subcommand.conversion(
        arguments, fallback: UnitConversion(.asWritten, cup: cup), command: .export, io: io)
    else { return Subcommand.Status.usage }
    var ids: [Int64] = []
    for wanted in arguments.positionals {
      guard let id = Subcommand.resolve(wanted, store: store, io: io) else {
        return Subcommand.Status.failure
      }
      ids.append(id)
    }
    let everything = ids.isEmpty
    let count = everything ? store.mealCount : ids.count
    let output = arguments.values["--output"].map(io.absolute)
    var isFolder = false
    if let output {
      var directory = false
      let exists = FileManager.default.fileExists(atPath: output, isDirectory: &directory)
      isFolder =
        (exists && directory) || arguments.values["--output"]?.hasSuffix("/") == true
    }
    if !format.holdsSeveralMeals && count > 1 && !isFolder {
      return Subcommand.usageError(
        tr(
          "Cooklang holds one recipe per file: give --output a folder (a path ending in /) for %d meals."
        ).filled(String(count)),
        .export, io: io)
    }
    do {
      /// Each meal in turn, without holding them all.
      func forEach(_ body: (Meal) throws -> Void) throws {
        if everything {
          try store.forEachMeal { try body(conversion.meal($0)) }
        } else {
          for id in ids { if let meal = try store.meal(id: id) { try body(conversion.meal(meal)) } }
        }
      }
      /// A meal's own photo, for our JSON (which carries it; the other formats do not).
      func photo(_ meal: Meal) -> MealPhoto? {
        guard meal.photo != nil, let id = meal.id else { return nil }
        return (try? store.photo(mealID: id)) ?? nil
      }
      if let output, isFolder {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var names = Set<String>()
        var written = 0
        try forEach { meal in
          let name = SafeFileName.unique(
            for: meal.name, extension: format.fileExtension, taken: &names)
          try AtomicFile.write(
            Array(ExportWriter.document([meal], format: format).utf8),
            to: PathText.joined(output, name))
          // The meal's own photo beside its file, named as it is (`Pie.cook`, `Pie.jpg`).
          if let label = meal.photo, let id = meal.id, let photo = try store.photo(mealID: id) {
            let stem = String(name.dropLast(format.fileExtension.count + 1))
            try AtomicFile.write(
              photo.bytes, to: PathText.joined(output, stem + "." + label.fileExtension))
          }
          written += 1
        }
        let folder = output.hasSuffix("/") ? output : output + "/"
        io.errors.line(trn("Exported %d meal to %s.", "Exported %d meals to %s.", written, folder))
      } else if let output {
        let sink = CommandOutput()
        try ExportWriter.write(
          format: format, count: count, to: sink, forEach: forEach, photo: photo)
        try AtomicFile.write(sink.captured, to: output)
        io.errors.line(trn("Exported %d meal to %s.", "Exported %d meals to %s.", count, output))
      } else {
        try ExportWriter.write(
          format: format, count: count, to: io.output, forEach: forEach, photo: photo)
      }
    } catch let error as StoreError {
      io.fail(error.message)
      return Subcommand.Status.failure
    } catch {
      io.fail(tr("cannot write the export: %s").filled(ErrorText.message(error)))
      return Subcommand.Status.failure
    }
    return Subcommand.Status.success
  }
}

/// Writing meals in a format, one meal at a time.
enum ExportWriter {
  static func document(_ meals: [Meal], format: RecipeFormat) -> String {
    switch format {
    case .json: MealJSON.document(meals)
    case .markdown: MealMarkdown.render(meals)
    case .schemaOrg: SchemaOrgRecipe.document(meals)
    case .cooklang: meals.map { Cooklang.render($0) }.joined(separator: "\n")
    }
  }

  /// Streams the document: the envelope's head, each meal, the tail.
  static func write(
    format: RecipeFormat, count: Int, to output: CommandOutput,
    forEach: ((Meal) throws -> Void) throws -> Void,
    photo: @escaping (Meal) -> MealPhoto? = { _ in nil }
  ) throws {
    switch format {
    case .json:
      output.write(
        "{\n  \"format\": \"\(MealJSON.formatName)\",\n  \"version\": \(MealJSON.version),\n  \"meals\": "
      )
      try writeArray(
        depth: 1, to: output, forEach: forEach,
        object: { MealJSON.object($0, photoData: photo($0)?.bytes) })
      output.write("\n}\n")
    case .schemaOrg where count != 1:
      try writeArray(depth: 0, to: output, forEach: forEach, object: SchemaOrgRecipe.object)
      output.write("\n")
    default:
      var first = true
      try forEach { meal in
        output.write((first ? "" : "\n") + document([meal], format: format))
        first = false
      }
    }
  }

  /// A JSON array of one object per meal at `depth`, written as the meals come.
  private static func writeArray(
    depth: Int, to output: CommandOutput, forEach: ((Meal) throws -> Void) throws -> Void,
    object: @escaping (Meal) -> JSONText
  ) throws {
    let indent = String(repeating: "  ", count: depth)
    output.write("[")
    var bytes: [UInt8] = []
    var first = true
    try forEach { meal in
      bytes.removeAll(keepingCapacity: true)
      bytes += Array(((first ? "\n" : ",\n") + indent + "  ").utf8)
      object(meal).write(into: &bytes, pretty: true, depth: depth + 1)
      output.write(bytes: bytes)
      first = false
    }
    output.write(first ? "]" : "\n" + indent + "]")
  }
}

/// File names made from meal names: no `/`, no control characters, no leading dot, not too
/// long; `Soup.md`, then `Soup (2).md` for a second Soup.
enum SafeFileName {
  static func base(_ name: String) -> String {
    var cleaned = String(
      name.unicodeScalars.map { scalar -> Character in
        if scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
          || ":*?\"<>|".unicodeScalars.contains(scalar)
        {
          return "-"
        }
        return Character(scalar)
      })
    cleaned = MealRules.trimmed(cleaned)
    while cleaned.hasPrefix(".") { cleaned.removeFirst() }
    if cleaned.utf8.count > 120 {
      var cut = ""
      for character in cleaned {
        if cut.utf8.count + String(character).utf8.count > 120 { break }
        cut.append(character)
      }
      cleaned = MealRules.trimmed(cut)
    }
    return cleaned.isEmpty ? "meal" : cleaned
  }

  static func unique(for name: String, extension fileExtension: String, taken: inout Set<String>)
    -> String
  {
    let stem = base(name)
    var candidate = "\(stem).\(fileExtension)"
    var number = 2
    while taken.contains(candidate.lowercased()) {
      candidate = "\(stem) (\(number)).\(fileExtension)"
      number += 1
    }
    taken.insert(candidate.lowercased())
    return candidate
  }
}
