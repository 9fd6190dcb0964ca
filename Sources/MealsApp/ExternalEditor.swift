import Foundation
import MealsCore

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

  /// Edits `text`; `outsideTerminal` runs its body with the terminal restored for the editor.
  public static func edit(
    _ text: String,
    outsideTerminal: (() -> Void) -> Void
  ) -> Result<String, ExternalEditorError> {
    let folder = FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent(
      "meals-instructions-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt")
    do {
      try Data(text.utf8).write(to: file, options: [.atomic])
    } catch {
      return .failure(
        ExternalEditorError(
          message: "Cannot write a temporary file for the editor: \(error.localizedDescription)"))
    }
    defer { try? FileManager.default.removeItem(at: file) }
    let editor = command()
    var status: Int32 = -1
    outsideTerminal {
      status = run(shellCommand: "\(editor) \"$1\"", argument: file.path)
    }
    guard status == 0 else {
      return .failure(
        ExternalEditorError(
          message: "The editor (\(editor)) did not finish normally; the text is unchanged."))
    }
    guard let data = try? Data(contentsOf: file) else {
      return .failure(
        ExternalEditorError(
          message: "The editor's file could not be read back; the text is unchanged."))
    }
    var edited = TextSanitizer.clean(String(decoding: data, as: UTF8.self))
    if edited.hasSuffix("\n") { edited.removeLast() }
    return .success(edited.replacingOccurrences(of: "\t", with: "  "))
  }

  /// `sh -c COMMAND sh ARGUMENT`, waiting for it; returns the exit status (-1 if it did not run).
  static func run(shellCommand: String, argument: String) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", shellCommand, "sh", argument]
    do {
      try process.run()
    } catch {
      return -1
    }
    process.waitUntilExit()
    return process.terminationReason == .exit ? process.terminationStatus : -1
  }
}
