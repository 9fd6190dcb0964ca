import FoundationEssentials
import MealsCore
import MealsImport
import MealsLaunch
import MealsStore
import MealsSync
import Translation

/// `meals sync [DIR]`: the book and a folder of Cooklang files kept in step, both ways.
enum SyncCommand {
  static func run(
    _ arguments: CommandArguments, store: MealStore, options: LaunchOptions, io: CommandIO,
    today: CivilDate
  ) -> Int32 {
    let home = ProcessInfo.processInfo.environment["HOME"]
    guard var folder = arguments.positionals.first ?? options.syncFolder else {
      return Subcommand.usageError(
        tr("which folder? Give it (meals sync ~/Recipes) or set sync-folder in the config."), .sync,
        io: io)
    }
    if folder.hasPrefix("~/"), let home { folder = home + folder.dropFirst() }
    if !folder.hasPrefix("/") { folder = PathText.joined(io.currentDirectory, folder) }
    while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
    if options.readOnly {
      io.fail(tr("sync writes the book; it cannot run with --read-only."))
      return Subcommand.Status.failure
    }
    switch FolderSync.run(
      store: store, databasePath: options.databasePath, folder: folder, today: today)
    {
    case .failure(let error):
      io.fail(error.message)
      return Subcommand.Status.failure
    case .success(let report):
      io.output.line(report.summary(home: home))
      for name in report.conflicts { io.output.line("  " + tr("kept both: “%s”").filled(name)) }
      if !report.git.isEmpty { io.output.line("git: " + report.git.joined(separator: ", ")) }
      for problem in report.setAside {
        io.errors.line("meals sync: " + tr("set aside: %s").filled(problem))
      }
      for note in report.readNotes {
        io.errors.line(
          "meals sync: " + tr("read as well as it could be: %s").filled(RecipeSources.safe(note)))
      }
      return Subcommand.Status.success
    }
  }
}
