import Foundation
import MealsCore
import MealsStore

/// `meals import FILE…`: every file read first, then one transaction.
enum ImportCommand {
  static func run(_ arguments: CommandArguments, store: MealStore, io: CommandIO) -> Int32 {
    guard !arguments.positionals.isEmpty else {
      return Subcommand.usageError("which files? Give one or more.", .import, io: io)
    }
    var candidates: [ImportCandidate] = []
    for file in arguments.positionals {
      let path = file == "-" ? "standard input" : io.absolute(file)
      do {
        let data = try file == "-" ? io.readInput() : read(path)
        for var candidate in try RecipeImport.candidates(from: data, fileName: path) {
          candidate.place = "\(file), \(candidate.place)"
          candidates.append(candidate)
        }
      } catch let error as FormatError {
        io.fail("\(file): \(error.message) Nothing was imported.")
        return Subcommand.Status.failure
      } catch {
        io.fail("\(file): \(error.localizedDescription) Nothing was imported.")
        return Subcommand.Status.failure
      }
    }
    let report: ImportReport
    do {
      report = try store.importMeals(candidates)
    } catch {
      io.fail("\(error.message) Nothing was imported.")
      return Subcommand.Status.failure
    }
    let imported = report.imported.count
    io.output.line("Imported \(imported == 1 ? "1 meal" : "\(imported) meals").")
    for meal in report.imported {
      io.output.line("  \(meal.id)\t\(meal.name)\t(\(meal.place))")
    }
    if !report.skipped.isEmpty {
      io.output.line("Skipped \(report.skipped.count):")
      for skipped in report.skipped {
        io.output.line("  \(skipped.place): \(skipped.reason)")
      }
    }
    return Subcommand.Status.success
  }

  /// The file's bytes; a folder, a missing file or one too big is an error before reading.
  private static func read(_ path: String) throws -> Data {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw FormatError("there is no such file.")
    }
    guard !isFolder.boolValue else { throw FormatError("it is a folder, not a file.") }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= JSONReading.maximumBytes else {
      throw FormatError(
        "it is \(size / 1_048_576) MB; a recipe file is at most \(JSONReading.maximumBytes / 1_048_576) MB."
      )
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FormatError("it cannot be read (permissions?).")
    }
    return data
  }
}
