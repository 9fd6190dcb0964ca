import Files
import FoundationEssentials
import MealsCore
import TerminalUI
import Translation

/// Asks where to write a file (a name offered), then writes it whole or not at all.
///
/// Everything that can be wrong with the path — nothing typed, no such folder, a folder named,
/// a write that fails — keeps the prompt open with the reason, so the path is mended rather
/// than typed again; a file there already is replaced only when the user says so, in the one
/// question every export asks.
enum FileExport {
  /// `label` titles the box ("Export the week to"); `contents` is read when the file is
  /// written; `written` says what was done, given the path as typed.
  static func ask(
    _ label: String, offering name: String, navigator: Navigator,
    contents: @escaping () -> [UInt8], written: @escaping (String) -> String
  ) {
    let prompt = TextPrompt(
      label: label, text: name, hint: tr("Enter writes the file · Esc cancels"),
      action: tr("write the file")
    ) { [weak navigator] typed in
      // The prompt is the navigator's: it holds the navigator weakly (no cycle).
      guard let navigator else { return nil }
      let shown = MealRules.trimmed(typed)
      guard !shown.isEmpty else { return tr("Type a file name.") }
      let path = PathText.expandingTilde(shown, home: ProcessInfo.processInfo.environment["HOME"])
      if let problem = problem(with: path, shown: shown) { return problem }
      let write = { [weak navigator] () -> String? in
        do {
          try AtomicFile.write(contents(), to: path)
          navigator?.showInfo(written(shown))
          return nil
        } catch {
          // The path is in the field above: the reason alone, so it is read whole.
          return tr("Could not write it: %s; nothing was changed.").filled(
            AtomicFile.reason(of: error))
        }
      }
      guard FileManager.default.fileExists(atPath: path) else { return write() }
      navigator.present(
        ConfirmPrompt(
          tr("Replace %s? (y/n)").filled(TextWidth.shrinkable(shown)),
          onYes: { [weak navigator] in
            guard let navigator else { return }
            // A failure now brings the prompt back with the path and the reason.
            if let failure = write() {
              ask(
                label, offering: shown, navigator: navigator, contents: contents, written: written)
              (navigator.prompt as? TextPrompt)?.show(error: failure)
            }
          },
          onNo: { [weak navigator] in
            navigator?.showInfo(
              tr("Not written: %s is left as it was.").filled(TextWidth.shrinkable(shown)))
          }))
      return nil
    }
    navigator.present(prompt)
  }

  /// Why `path` cannot be written before trying: its folder is missing, or it is a folder.
  private static func problem(with path: String, shown: String) -> String? {
    let folder = PathText.folder(path)
    var isFolder = false
    if !folder.isEmpty
      && !(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder)
    {
      return tr("There is no folder %s.").filled(folder)
    }
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder {
      return tr("%s is a folder: type a file name.").filled(shown)
    }
    return nil
  }
}
