import Foundation

/// Paths inside the package checkout, found from this file's location.
public enum PackagePaths {
  /// The package root (the folder holding Package.swift).
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  public static let fixtures = root.appendingPathComponent("Resources/fixtures")

  /// The real TheMealDB responses beside the checkout, when they exist.
  public static let sharedMealDB = root.deletingLastPathComponent().appendingPathComponent(
    "shared/mealdb")

  /// The folder holding the built products (the test bundle sits beside them).
  public static var products: URL {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.path != "/"
      && !FileManager.default.fileExists(atPath: url.appendingPathComponent("meals").path)
    {
      url.deleteLastPathComponent()
    }
    if url.path == "/" { return root.appendingPathComponent(".build/debug") }
    return url
  }

  /// A project fixture's bytes.
  public static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixtures.appendingPathComponent(name))
  }
}

/// A fresh temporary folder, removed by `remove()`.
public final class TemporaryFolder {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "meals-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  public func remove() { try? FileManager.default.removeItem(at: url) }
}
