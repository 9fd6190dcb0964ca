import FoundationEssentials
import MealsCore

/// Where the shop's aisles are kept, as CookCLI keeps them: `aisle.conf` at the top of the
/// sync folder (so every machine walks the same shop), else in the config folder.
public struct AisleFile: Equatable, Sendable {
  /// The file read, or where a first one is written.
  public let path: String

  /// The file in use: the sync folder's when it has one, else the config folder's when it
  /// has one, else where a new one goes (the sync folder when there is one); nil when there is
  /// no folder for it.
  public init?(syncFolder: String?, configFolder: String?) {
    let places = [syncFolder, configFolder].compactMap { $0 }.map {
      PathText.joined($0, Self.name)
    }
    guard let first = places.first else { return nil }
    path = places.first { FileManager.default.fileExists(atPath: $0) } ?? first
  }

  public init(path: String) {
    self.path = path
  }

  /// CookCLI's name for it.
  public static let name = "aisle.conf"
  /// Far above any shop's: a larger file is not one.
  static let limit = 1_048_576

  /// The file's text; nil when there is none yet.
  public func text() throws(FormatError) -> String? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let bytes = try LimitedFile.read(path, limit: Self.limit, kind: "an aisle file")
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The aisles the file holds; meals' own (`Aisles.standard`) while there is no file.
  public func aisles() throws(FormatError) -> Aisles {
    try text().map(Aisles.init(parsing:)) ?? Aisles.standard
  }

  /// Puts the food `name` in `aisle`; returns the aisles as they are now.
  ///
  /// The file is written whole or not at all; a first one is meals' own aisles with the move.
  @discardableResult
  public func move(_ name: String, to aisle: String) throws -> Aisles {
    let text = Aisles.moving(name, to: aisle, in: try text() ?? Aisles.standardText + "\n")
    try AtomicFile.write(Array(text.utf8), to: path)
    return Aisles(parsing: text)
  }
}
