import FoundationEssentials
import MealsCore
import MealsImport
import MealsLaunch
import MealsNet
import MealsStore
import TextSafety
import Translation

/// `meals import FILE|URL…`: every file read and every page fetched first, then one
/// transaction.
public enum ImportCommand {
  /// Fetches a page for `meals import URL`, waiting for it (tests give their own).
  typealias PageFetcher = (String) -> Result<HTTPClient.Response, NetworkError>

  static func run(
    _ arguments: CommandArguments, store: MealStore, io: CommandIO, pages: PageFetcher,
    pictures: (String) -> Void = { _ in }
  ) -> Int32 {
    guard !arguments.positionals.isEmpty else {
      return Subcommand.usageError(
        tr("which files or addresses? Give one or more."), .import, io: io)
    }
    var candidates: [ImportCandidate] = []
    var exports: [(source: String, export: ExportSource)] = []
    for source in arguments.positionals {
      if let export = exportSource(source, io: io) {
        exports.append((source, export))
        continue
      }
      do {
        for var candidate in try read(source, io: io, pages: pages) {
          candidate.place = "\(source), \(candidate.place)"
          // Read as well as it could be: said, with the line, and the recipe comes in.
          for note in candidate.notes {
            io.errors.line(
              "meals import: \(RecipeSources.safe(source)): \(RecipeSources.safe(note))")
          }
          candidates.append(candidate)
        }
      } catch {
        io.fail(
          tr("%1$s: %2$s Nothing was imported.").filled(
            RecipeSources.safe(source), RecipeSources.safe(error.message)))
        return Subcommand.Status.failure
      }
    }
    // Each export whole or not at all, in its own transaction.
    var status = Subcommand.Status.success
    for (source, export) in exports {
      let result = importExport(source, export, store: store, io: io)
      if result != Subcommand.Status.success { return result }
    }
    guard !candidates.isEmpty else { return status }
    let report: ImportReport
    do {
      report = try store.importMeals(candidates)
    } catch {
      io.fail(tr("%s Nothing was imported.").filled(error.message))
      return Subcommand.Status.failure
    }
    let imported = report.imported.count
    io.output.line(trn("Imported %d meal.", "Imported %d meals.", imported))
    say(
      report.imported, skipped: report.skipped,
      as: trn("Skipped %d:", "Skipped %d:", report.skipped.count), io: io)
    if let note = ImportReport.withoutStepsNote(report.imported) { io.output.line(note) }
    if let note = ImportReport.withoutIngredientsNote(report.imported) { io.output.line(note) }
    // The pictures of meals that came from the web, kept for the app (offline later).
    for meal in report.imported {
      if let thumbnail = try? store.meal(id: meal.id)?.thumbnailURL { pictures(thumbnail) }
    }
    // Nothing imported because every recipe broke a rule (not because all were saved already).
    if imported == 0 && report.skipped.contains(where: { !$0.isDuplicate }) {
      status = Subcommand.Status.failure
    }
    return status
  }

  /// The meals imported, a line each (id, name, where from), then those `skipped` under
  /// `heading` with why.
  private static func say(
    _ imported: [ImportReport.Imported], skipped: [ImportReport.Skipped], as heading: String,
    io: CommandIO
  ) {
    for meal in imported {
      let missing =
        (meal.hasNoSteps ? [tr("no steps")] : [])
        + (meal.hasNoIngredients ? [tr("no ingredients")] : [])
      let note = missing.isEmpty ? "" : "\t" + missing.joined(separator: ", ")
      io.output.line(
        "  \(meal.id)\t\(RecipeSources.safe(meal.name))\t(\(RecipeSources.safe(meal.place)))\(note)"
      )
    }
    guard !skipped.isEmpty else { return }
    io.output.line(heading)
    for skipped in skipped {
      io.output.line(
        "  \(RecipeSources.safe(skipped.place)): \(RecipeSources.safe(skipped.reason))")
    }
  }

  // MARK: - Exports

  /// The export `source` names, if it is one (a folder, an archive, a file only an export
  /// writes); nil for a web address, standard input, or a recipe file of meals' own formats.
  private static func exportSource(_ source: String, io: CommandIO) -> ExportSource? {
    let lower = source.lowercased()
    guard source != "-", !lower.hasPrefix("http://"), !lower.hasPrefix("https://") else {
      return nil
    }
    return ExportSource.classify(io.absolute(source))
  }

  /// Imports one export and says what it found.
  ///
  /// `Imported 214 meals from a Paprika export (3 already in the book, skipped; 1 not
  /// readable: …).`
  private static func importExport(
    _ source: String, _ export: ExportSource, store: MealStore, io: CommandIO
  ) -> Int32 {
    let progress = ImportProgress(
      label: tr("Importing %s").filled(RecipeSources.safe(source)),
      write: {
        io.errors.write($0)
        io.errors.flush()
      },
      isTerminal: io.errors.isTerminal)
    let outcome: ExportImport.Outcome
    do {
      outcome = try ExportImport.run(export, store: store, progress: progress)
    } catch {
      progress?.finish()
      io.fail(
        tr("%1$s: %2$s Nothing was imported.").filled(
          RecipeSources.safe(source), RecipeSources.safe(ErrorText.message(error))))
      return Subcommand.Status.failure
    }
    let report = outcome.report
    let imported = report.imported.count
    let unreadable = report.skipped.filter { !$0.isDuplicate }
    io.output.line(outcome.summary)
    say(report.imported, skipped: unreadable, as: tr("Not readable, left out:"), io: io)
    for line in outcome.leftAlone {
      io.errors.line("\(RecipeSources.safe(source)): \(RecipeSources.safe(line))")
    }
    if imported == 0 && !unreadable.isEmpty { return Subcommand.Status.failure }
    return Subcommand.Status.success
  }

  /// A source's recipes: a web address fetched, `-` standard input, else a file.
  private static func read(_ source: String, io: CommandIO, pages: PageFetcher)
    throws(FormatError) -> [ImportCandidate]
  {
    let lower = source.lowercased()
    if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
      switch pages(source) {
      case .success(let page): return try RecipeSources.recipes(in: page)
      case .failure(let error): throw FormatError(RecipeSources.pageFailure(error))
      }
    }
    if source == "-" {
      let data: Data
      do {
        data = try io.readInput()
      } catch {
        throw FormatError(ErrorText.message(error))
      }
      return try RecipeImport.candidates(from: data, fileName: "standard input")
    }
    return try RecipeSources.recipes(inFile: io.absolute(source))
  }
}
