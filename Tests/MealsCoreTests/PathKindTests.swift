import Fixtures
import Foundation
import MealsCore
import XCTest

/// The one-`stat` look at a path that start-up makes instead of FileManager's: the same answer
/// FileManager gives for each kind of thing a user's path can name.
final class PathKindTests: XCTestCase {
  func testEachKindOfPathAsFileManagerSeesIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.path("book.sqlite")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let inner = folder.path("Mat och dryck 🍲")
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link"), withDestinationPath: file)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("dangling"), withDestinationPath: folder.path("gone"))

    XCTAssertEqual(PathKind.of(file), .file)
    XCTAssertEqual(PathKind.of(inner), .folder)
    XCTAssertEqual(PathKind.of(folder.path("link")), .file, "a link is what it points at")
    XCTAssertEqual(PathKind.of("/dev/null"), .other)
    for nothing in [folder.path("gone"), folder.path("dangling"), file + "/inside", ""] {
      XCTAssertNil(PathKind.of(nothing), nothing)
    }
    for path in [
      file, inner, folder.path("link"), "/dev/null", folder.path("gone"), folder.path("dangling"),
      file + "/inside",
    ] {
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      XCTAssertEqual(PathKind.exists(path), exists, path)
      XCTAssertEqual(PathKind.of(path) == .folder, exists && isFolder.boolValue, path)
    }
  }
}
