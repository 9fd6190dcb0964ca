import FoundationEssentials
import MealsCore
import MealsLaunch
import MealsStore
import TextSafety
import Translation

/// `meals history MEAL [--show N | --restore N]`: a meal's saved versions, one of them whole
/// with what changed, or one put back as the newest.
enum HistoryCommand {
  static func run(_ arguments: CommandArguments, store: MealStore, io: CommandIO) -> Int32 {
    guard let wanted = arguments.positionals.first else {
      return Subcommand.usageError(tr("which meal? Give its id or name."), .history, io: io)
    }
    let show = arguments.values["--show"]
    let restore = arguments.values["--restore"]
    if show != nil && restore != nil {
      return Subcommand.usageError(tr("--show and --restore exclude each other."), .history, io: io)
    }
    var number: Int?
    if let text = show ?? restore {
      guard let value = Int(text), value >= 1 else {
        return Subcommand.usageError(
          tr("a version is a number from 1 (see meals history MEAL), not “%s”.").filled(text),
          .history, io: io)
      }
      number = value
    }
    guard let id = Subcommand.resolve(wanted, store: store, io: io) else {
      return Subcommand.Status.failure
    }
    do {
      let versions = try store.mealVersions(mealID: id)
      let name = TextSanitizer.singleLine(versions.last?.meal.name ?? "")
      if let number, restore != nil {
        let newest = try store.restoreVersion(number, mealID: id)
        io.output.line(
          tr("Put version %1$d of “%2$s” back as version %3$d (%4$s undoes it).").filled(
            String(number), name, String(newest), "meals history \(id) --restore \(newest - 1)"))
        return Subcommand.Status.success
      }
      if let number {
        guard let version = versions.first(where: { $0.number == number }) else {
          io.fail(
            tr("“%1$s” has no version %2$s (1 to %3$s).").filled(
              name, String(number), String(versions.count)))
          return Subcommand.Status.failure
        }
        io.output.write(
          tr("Version %1$d of %2$d, saved %3$s").filled(
            String(number), String(versions.count), BackupHint.minute(version.savedAt)) + "\n")
        if number > 1 {
          let changes = MealChanges.between(versions[number - 2].meal, version.meal)
          io.output.write(tr("Changed from version %d:").filled(String(number - 1)) + "\n")
          for change in changes { io.output.line("  " + TextSanitizer.singleLine(change.text)) }
          if let words = changes.lazy.compactMap(\.words).first {
            io.output.line(
              "  " + tr("steps, word by word: %s").filled(TextSanitizer.singleLine(words)))
          }
        }
        io.output.write("\n" + MealPlainText.render(version.meal, id: id))
        return Subcommand.Status.success
      }
      // Tab-separated lines are for scripts: what changed is said in English.
      Translator.speaking([]) {
        for version in versions.reversed() {
          let what =
            version.number == 1
            ? "first kept" : MealChanges.summary(versions[version.number - 2].meal, version.meal)
          io.output.line(
            "\(version.number)\t\(BackupHint.minute(version.savedAt))\t\(TextSanitizer.singleLine(what))"
          )
        }
      }
      return Subcommand.Status.success
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
  }
}
