import FoundationEssentials
import MealsCore
import Programs
import TextSafety
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// Why the external editor did not give text back.
public struct ExternalEditorError: Error, Equatable {
  public var message: String
}

/// Runs `$VISUAL`, else `$EDITOR`, else `vi` on a temporary file holding the text.
public enum ExternalEditor {
  /// The editor command from the environment.
  public static func command(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String
  {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !MealRules.isBlank(value) { return value }
    }
    return "vi"
  }

  /// The folder for the temporary file: `$TMPDIR` when it is set, else `/tmp`.
  static func temporaryFolder(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String
  {
    if let folder = environment["TMPDIR"], folder.hasPrefix("/") { return folder }
    return "/tmp"
  }

  /// Edits `text`; `outsideTerminal` runs its body with the terminal restored for the editor.
  ///
  /// The file is made by `mkstemp` (mode 0600, a name no one can guess) and removed afterwards.
  public static func edit(
    _ text: String,
    outsideTerminal: (() -> Void) -> Void
  ) -> Result<String, ExternalEditorError> {
    var template = Array("\(temporaryFolder())/meals-instructions-XXXXXX.txt".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let start = buffer.baseAddress else { return -1 }
      return mkstemps(start, 4)
    }
    guard descriptor >= 0 else {
      return .failure(
        ExternalEditorError(
          message:
            tr("Cannot make a temporary file for the editor: %s.").filled(
              String(cString: strerror(errno)))
        ))
    }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    // A text file ends with a newline (POSIX): a line an editor or a script appends is a line.
    let bytes = Array(text.utf8) + [UInt8(ascii: "\n")]
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else {
      return .failure(
        ExternalEditorError(
          message: tr("Cannot write the temporary file for the editor (disk full?)."))
      )
    }
    let editor = command()
    var status: Int32 = -1
    outsideTerminal {
      status = run(shellCommand: "\(editor) \"$1\"", argument: path)
    }
    guard status == 0 else {
      return .failure(
        ExternalEditorError(
          message: tr("The editor (%s) did not finish normally; the text is unchanged.").filled(
            editor)))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(
        ExternalEditorError(
          message: tr("The editor's file could not be read back; the text is unchanged.")))
    }
    var edited = TextSanitizer.clean(String(decoding: data, as: UTF8.self))
    // The file's last newline (and any blank lines after the text) make no empty step.
    while edited.last?.isNewline == true { edited.removeLast() }
    return .success(edited.replacingEvery("\t", with: "  "))
  }

  /// `sh -c COMMAND sh ARGUMENT` on the terminal, waiting for it; the exit status (-1 if it
  /// did not run).
  static func run(shellCommand: String, argument: String) -> Int32 {
    ProgramRun.runOnTerminal("/bin/sh", ["-c", shellCommand, "sh", argument])
  }
}
