import FoundationEssentials
import MealsCore

/// Where a shop's aisles are kept, as CookCLI keeps them: `aisle.conf` at the top of the sync
/// folder (so every machine walks the same shop), else in the config folder.
///
/// Other shops have a file each beside it, `aisle-Lidl.conf` (`set shop = Lidl`, or `s` on
/// the Shopping List): the same list in each shop's order.
public struct AisleFile: Equatable, Sendable {
  /// Where the shop's file may be, the first preferred (never empty).
  let places: [String]
  /// The shop it is for; nil for the usual one (`aisle.conf`).
  public let shop: String?
  /// The folders a shop's file is looked for in, the first preferred.
  let folders: [String]

  /// The file for `shop` in the sync folder or the config folder; nil with no folder for it.
  ///
  /// Nothing is looked at until it is used (no file system work at start-up).
  public init?(syncFolder: String?, configFolder: String?, shop: String? = nil) {
    self.init(folders: [syncFolder, configFolder].compactMap { $0 }, shop: shop)
  }

  private init?(folders: [String], shop: String?) {
    let shop = shop.map(MealRules.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    let name = Self.name(for: shop)
    places = folders.map { PathText.joined($0, name) }
    guard !places.isEmpty else { return nil }
    self.shop = shop
    self.folders = folders
  }

  /// A file given by its path (the tests').
  public init(path: String) {
    places = [path]
    shop = nil
    folders = [PathText.folder(path)]
  }

  /// The file in use: the sync folder's when it has one, else the config folder's when it has
  /// one, else where a new one goes (the sync folder when there is one).
  public var path: String {
    places.first(where: PathKind.exists) ?? places[0]
  }

  /// What the app says when there is no folder for the file.
  public static let noFolder =
    "No folder for \(name): set sync-folder, or give meals a config folder (HOME)."

  /// CookCLI's name for it.
  public static let name = "aisle.conf"
  /// Far above any shop's: a larger file is not one.
  static let limit = 1_048_576

  /// The file name of `shop`'s aisles: `aisle.conf` for the usual one, `aisle-Lidl.conf`.
  static func name(for shop: String?) -> String {
    guard let shop else { return name }
    // A shop's name is a file's name here: no folder separator, no leading dot.
    let safe = String(shop.map { $0 == "/" || $0 == "\\" ? "-" : $0 })
    return "aisle-" + (safe.hasPrefix(".") ? "_" + safe.dropFirst() : safe) + ".conf"
  }

  // MARK: - Shops

  /// The same folders' file for another shop.
  public func forShop(_ shop: String?) -> AisleFile? {
    AisleFile(folders: folders, shop: shop)
  }

  /// The shops that have a file: the usual one (nil) first, then the others by name.
  public func shops() -> [String?] {
    var names = Set<String>()
    for folder in folders {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for file in files where file.hasPrefix("aisle-") && file.hasSuffix(".conf") {
        let shop = String(file.dropFirst("aisle-".count).dropLast(".conf".count))
        if !shop.isEmpty { names.insert(shop) }
      }
    }
    return [nil] + names.sorted().map { $0 }
  }

  /// The shop after this one (back to the usual one after the last).
  public func nextShop() -> AisleFile? {
    let shops = shops()
    let index = shops.firstIndex(of: shop) ?? 0
    return forShop(shops[(index + 1) % shops.count])
  }

  // MARK: - Reading and writing

  /// The file's text; nil when there is none yet.
  public func text() throws(FormatError) -> String? {
    guard PathKind.exists(path) else { return nil }
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
