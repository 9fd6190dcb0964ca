import Files
import FoundationEssentials
import MealsCore
import Translation

/// A photo file the user names (the editor's `P`): read whole, checked to be a picture by its
/// first bytes, never over `MealPhoto.maximumBytes`.
enum PhotoFile {
  static func read(_ path: String) -> Result<MealPhoto, FormatError> {
    let name = "“" + Quote.name(PathText.name(path)) + "”"
    let bytes: [UInt8]
    do {
      bytes = try LimitedFile.read(path, limit: MealPhoto.maximumBytes, kind: "a photo")
    } catch {
      return .failure(FormatError("\(name): \(error.message)"))
    }
    guard let photo = MealPhoto(bytes: bytes) else {
      return .failure(FormatError(tr("%s is not a JPEG, PNG or WebP picture.").filled(name)))
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
