import FoundationEssentials
import MealsCore
import MealsStore

/// A recipe manager's export imported whole (`meals import EXPORT`).
///
/// Every recipe file of the source is read as it streams and stored in one transaction, then
/// the photos that lie apart from their recipes are attached in a second walk. Nothing is
/// unpacked to disk.
public struct ExportImport {
  /// What one export gave.
  public struct Outcome {
    /// The export the recipes came from (the one most of them came from, when mixed).
    public var format: ExportFormat?
    public var report: ImportReport
    /// Members passed over, with why (paths leading out of the export).
    public var leftAlone: [String] = []

    /// What the import did, in a sentence.
    ///
    /// `Imported 214 meals from a Paprika export (3 already in the book, skipped; 1 not
    /// readable: “Aunt May's pie”: no ingredients or steps).`
    public var summary: String {
      let imported = report.imported.count
      let duplicates = report.skipped.filter(\.isDuplicate)
      let unreadable = report.skipped.filter { !$0.isDuplicate }
      var notes: [String] = []
      if !duplicates.isEmpty { notes.append("\(duplicates.count) already in the book, skipped") }
      if !unreadable.isEmpty {
        let shown = unreadable.prefix(3).map {
          RecipeSources.safe(Self.named($0.place) + ": " + $0.reason)
        }
        .joined(separator: "; ")
        notes.append(
          "\(unreadable.count) not readable: \(shown)\(unreadable.count > 3 ? "; …" : "")")
      }
      let found = format.map { " from \($0.exportName)" } ?? ""
      let missing = [
        ImportReport.withoutStepsNote(report.imported),
        ImportReport.withoutIngredientsNote(report.imported),
      ].compactMap { $0.map { " " + $0 } }.joined()
      return "Imported \(imported == 1 ? "1 meal" : "\(imported) meals")\(found)"
        + (notes.isEmpty ? "." : " (\(notes.joined(separator: "; "))).") + missing
    }

    /// A recipe's place as the summary names it: `“Aunt May's pie”`, not `recipe “Aunt May's
    /// pie”`.
    private static func named(_ place: String) -> String {
      place.hasPrefix("recipe “") ? String(place.dropFirst(7)) : place
    }
  }

  /// How deep archives inside archives are followed (Tandoor's: a zip of zips).
  static let nestingLimit = 3

  private let progress: ImportProgress?
  private var formats: [ExportFormat: Int] = [:]
  private var leftAlone: [String] = []
  /// Members that inflated past the recipe limit so far.
  private var oversized = 0

  init(progress: ImportProgress?) {
    self.progress = progress
  }

  /// Imports `source`; an archive that cannot be read, or one with no recipe in it, is an
  /// error and nothing is stored.
  public static func run(
    _ source: ExportSource, store: MealStore, progress: ImportProgress?
  ) throws
    -> Outcome
  {
    // How many there are, for the progress line: a walk over the names only (libarchive
    // skips the bytes).
    if let progress {
      var found = 0
      try? source.forEach(
        refused: { _ in },
        each: { member in if !MealPhoto.isPhotoName(member.path) { found += 1 } })
      progress.found = found
    }
    var importer = ExportImport(progress: progress)
    let report = try store.importMeals { feed in
      try importer.walk(source, depth: 0, feed: feed)
    }
    progress?.finish()
    guard !importer.formats.isEmpty else {
      // Its recipe files were there but broken (a bomb, bad gzip, broken JSON): said as such.
      if let problem = report.skipped.first { throw FormatError(problem.reason + ".") }
      throw FormatError(
        "no recipe of a known export is in it (Paprika, Mela, Nextcloud Cookbook, Mealie, Tandoor, Chowdown, Copy Me That, Recipe Keeper, Plan to Eat, My Recipe Box, Crouton, Meal-Master) and no recipe file of meals' own."
      )
    }
    let format = importer.formats.max {
      $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue)
    }?.key
    return Outcome(format: format, report: report, leftAlone: importer.leftAlone)
  }

  // MARK: - From the app

  /// The export at `path` (a folder, an archive, a file only an export writes), or nil for one
  /// recipe file (the import screen reads those itself).
  public static func source(at path: String) -> ExportSource? { ExportSource.classify(path) }

  /// Imports `source` into the book at `databasePath` with a connection of its own (the app
  /// runs it on a worker): the summary, or why nothing was imported.
  public static func importForApp(_ source: ExportSource, databasePath: String) -> Result<
    String, FormatError
  > {
    do {
      let store = try MealStore(path: databasePath)
      return .success(try run(source, store: store, progress: nil).summary)
    } catch {
      return .failure(FormatError(RecipeSources.safe(ErrorText.message(error))))
    }
  }

  // MARK: - Walking

  private mutating func walk(_ source: ExportSource, depth: Int, feed: ImportFeed) throws {
    var photos = PhotoWants()
    var ownFiles: [(path: String, reading: ExportFileReading)] = []
    var foundExport = false
    /// Stores a file's recipes and notes the photos they name.
    func add(_ reading: ExportFileReading, from path: String) throws {
      if reading.format != .recipeFiles { foundExport = true }
      formats[reading.format, default: 0] += max(1, reading.candidates.count)
      for candidate in reading.candidates {
        let id = try feed.add(candidate)
        if let id, candidate.photo == nil, let photo = candidate.photoPath {
          photos.want(photo, from: path, for: id)
        }
        progress?.show(done: feed.count, name: candidate.meal?.name ?? "")
      }
    }
    try source.forEach(
      refused: {
        leftAlone.append(
          "\($0.isEmpty ? "a member without a name" : $0): its path leads out of the export; not read"
        )
      },
      each: { member in
        if MealPhoto.isPhotoName(member.path) || Self.isMedia(member.path) { return }
        var bytes: [UInt8]
        do {
          bytes = try member.read(ExportSource.recipeLimit)
          if bytes.starts(with: [0x1F, 0x8B]) { bytes = try Self.inflated(bytes) }
        } catch let error as FormatError {
          // No export holds several recipe files that large: a zip bomb stops here.
          if error == ArchiveReader.inflatesPast(ExportSource.recipeLimit) {
            oversized += 1
            if oversized >= 3 {
              throw FormatError(
                "\(oversized) of its files inflate past \(ExportSource.recipeLimit / 1_048_576) MB each (a zip bomb?)."
              )
            }
          }
          try feed.add(
            ImportCandidate(place: member.path, problem: "\(member.path): \(error.message)"))
          return
        }
        if ExportSource.isArchive(bytes) {
          guard depth + 1 < Self.nestingLimit, bytes.count <= ExportSource.nestedLimit else {
            leftAlone.append("\(member.path): an archive nested too deep; not read")
            return
          }
          try walk(.nestedArchive(bytes: bytes), depth: depth + 1, feed: feed)
          return
        }
        let reading: ExportFileReading?
        do {
          reading = try ExportFiles.read(path: member.path, bytes: bytes)
        } catch {
          try feed.add(
            ImportCandidate(
              place: member.path, problem: "\(member.path): \(ErrorText.message(error))"))
          return
        }
        guard let reading else {
          // A file of meals' own formats counts only where no other export is (a Chowdown
          // site's README.md is no recipe): kept aside until the walk knows.
          if let own = ExportFiles.ownRecipes(path: member.path, bytes: bytes) {
            ownFiles.append((member.path, own))
          }
          return
        }
        try add(reading, from: member.path)
      })
    if !ownFiles.isEmpty && !foundExport {
      for (path, reading) in ownFiles { try add(reading, from: path) }
    }
    ownFiles = []
    guard !photos.isEmpty else { return }
    try source.forEach(
      refused: { _ in },
      each: { member in
        let ids = photos.ids(for: member.path)
        guard !ids.isEmpty, let bytes = try? member.read(MealPhoto.maximumBytes),
          let photo = MealPhoto(bytes: bytes)
        else { return }
        for id in ids { try feed.attach(photo, to: id) }
      })
  }

  /// Files no export keeps a recipe in (a site's video, its fonts, a PDF), not read at all.
  static func isMedia(_ path: String) -> Bool {
    let media: Set<String> = [
      "mp4", "mov", "m4v", "webm", "avi", "mkv", "mp3", "m4a", "wav", "ogg", "pdf", "ttf",
      "otf", "woff", "woff2", "eot", "ico", "svg", "css", "js", "map", "heic", "tif", "tiff",
      "bmp", "gif", "psd", "exe", "dll", "so", "dylib", "class", "jar", "db", "sqlite",
    ]
    return PathText.fileExtension(path).map(media.contains) ?? false
  }

  /// A gzip stream's content (a Paprika recipe), up to the recipe limit.
  static func inflated(_ bytes: [UInt8]) throws(FormatError) -> [UInt8] {
    let reader = try ArchiveReader(bytes: bytes, bare: true)
    guard try reader.next() != nil else { throw FormatError("its gzip stream is empty") }
    do {
      return try reader.read(limit: ExportSource.recipeLimit)
    } catch  where error == ArchiveReader.inflatesPast(ExportSource.recipeLimit) {
      throw error
    } catch {
      throw FormatError("its gzip stream is broken (\(error.message))")
    }
  }
}
