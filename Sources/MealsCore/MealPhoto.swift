import FoundationEssentials

/// A meal's own photo (an export's, or one the user set): its bytes, kept with the meal.
public struct MealPhoto: Equatable, Sendable {
  /// The photo's media type: `image/jpeg`, `image/png` or `image/webp`.
  public var type: String
  public var bytes: [UInt8]

  /// Photos over this are not kept (a phone's photo is 2–8 MB; an export's are smaller).
  public static let maximumBytes = 16 * 1_048_576

  /// The photo in `bytes` when they are a JPEG, PNG or WebP picture (by their first bytes,
  /// whatever a file is named), not empty and not too big; else nil.
  public init?(bytes: [UInt8]) {
    guard bytes.count > 12, bytes.count <= Self.maximumBytes,
      let type = Self.type(of: bytes[...])
    else { return nil }
    self.type = type
    self.bytes = bytes
  }

  /// A photo given in base64 (as Paprika, Mela and Crouton keep them); nil when it is no photo.
  public init?(base64 text: String) {
    guard !text.isEmpty, text.utf8.count <= Self.maximumBytes * 4 / 3 + 4,
      let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
    else { return nil }
    self.init(bytes: [UInt8](data))
  }

  /// The file name extensions a photo is kept under (CookCLI's beside a recipe file).
  public static let fileExtensions = ["jpg", "jpeg", "png", "webp"]

  /// Whether a file may be a photo, by its name (`Stew.JPG`); its bytes say for sure.
  public static func isPhotoName(_ path: String) -> Bool {
    PathText.fileExtension(path).map(fileExtensions.contains) ?? false
  }

  /// The media type the first bytes say, or nil.
  public static func type(of bytes: ArraySlice<UInt8>) -> String? {
    let start = Array(bytes.prefix(12))
    if start.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if start.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if start.count == 12, start.starts(with: Array("RIFF".utf8)),
      Array(start[8..<12]) == Array("WEBP".utf8)
    {
      return "image/webp"
    }
    return nil
  }

  /// What the book says of it without its bytes.
  public var label: PhotoLabel { PhotoLabel(type: type, bytes: bytes.count) }
}

/// A meal's photo as lists and `meals show --json` name it: its type and size.
public struct PhotoLabel: Equatable, Hashable, Codable, Sendable {
  public var type: String
  public var bytes: Int

  public init(type: String, bytes: Int) {
    self.type = type
    self.bytes = bytes
  }

  /// The file name extension for its type (`jpg`, `png`, `webp`).
  public var fileExtension: String {
    switch type {
    case "image/png": "png"
    case "image/webp": "webp"
    default: "jpg"
    }
  }
}
