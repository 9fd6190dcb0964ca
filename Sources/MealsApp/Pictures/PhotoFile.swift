import FoundationEssentials
import MealsCore

/// A photo file the user names (the editor's `P`): read whole, checked to be a picture by its
/// first bytes, never over `MealPhoto.maximumBytes`.
enum PhotoFile {
  static func read(_ path: String) -> Result<MealPhoto, FormatError> {
    let name = "“" + Quote.name(PathText.name(path)) + "”"
    var isFolder = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      return .failure(FormatError("There is no file \(name)."))
    }
    guard !isFolder else { return .failure(FormatError("\(name) is a folder, not a photo.")) }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= MealPhoto.maximumBytes else {
      return .failure(
        FormatError(
          "\(name) is \(size / 1_048_576) MB; a photo is at most \(MealPhoto.maximumBytes / 1_048_576) MB."
        ))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(FormatError("\(name) cannot be read (permissions?)."))
    }
    guard let photo = MealPhoto(bytes: [UInt8](data)) else {
      return .failure(FormatError("\(name) is not a JPEG, PNG or WebP picture."))
    }
    return .success(photo)
  }

  /// A size as people read it: `146 bytes`, `212 KB`, `3.4 MB`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) bytes" }
    if bytes < 1_048_576 { return "\(bytes / 1024) KB" }
    return "\(bytes / 104_858 / 10).\(bytes / 104_858 % 10) MB"
  }
}
