import FoundationEssentials
import MealsCore
import Translation

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
      throw FormatError(tr("there is no such file."))
    }
    guard !isFolder else { throw FormatError(tr("it is a folder, not a file.")) }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= limit else {
      throw FormatError(
        tr("it is %1$s MB; %2$s is at most %3$s MB.").filled(
          String(size / 1_048_576), kind, String(limit / 1_048_576)))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FormatError(tr("it cannot be read (permissions?)."))
    }
    // Grown since it was measured: still never more than the limit.
    guard data.count <= limit else {
      throw FormatError(
        tr("it is %1$s MB; %2$s is at most %3$s MB.").filled(
          String(data.count / 1_048_576), kind, String(limit / 1_048_576)))
    }
    return [UInt8](data)
  }
}
