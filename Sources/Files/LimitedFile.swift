import FoundationEssentials
import MealsCore

/// A file read whole, once it is known to be one and within its size.
///
/// A recipe file, an export's member, a photo. Each failure is a clause (`it is a folder, not
/// a file.`) for the caller to put after the file's name.
public enum LimitedFile {
  /// The bytes of the file at `path`, at most `limit`; `kind` names it in the size's message
  /// (`it is 50 MB; a recipe file is at most 32 MB.`).
  public static func read(_ path: String, limit: Int, kind: String) throws(FormatError) -> [UInt8] {
    var isFolder = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw FormatError("there is no such file.")
    }
    guard !isFolder else { throw FormatError("it is a folder, not a file.") }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= limit else {
      throw FormatError(
        "it is \(size / 1_048_576) MB; \(kind) is at most \(limit / 1_048_576) MB.")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FormatError("it cannot be read (permissions?).")
    }
    // Grown since it was measured: still never more than the limit.
    guard data.count <= limit else {
      throw FormatError(
        "it is \(data.count / 1_048_576) MB; \(kind) is at most \(limit / 1_048_576) MB.")
    }
    return [UInt8](data)
  }
}
