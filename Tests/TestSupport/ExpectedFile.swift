import Fixtures
import Foundation

/// Expected outputs kept as files in the repository (screens, command outputs, picture bytes):
/// compared with what a test produced, or written again when `recordVariable` is "1" in the
/// environment (then read by eye before committing).
public enum ExpectedFile {
  /// The first difference between `text` and the file at `path` (from the package root), as
  /// the message a test fails with; nil when they are equal, or when recording.
  public static func difference(_ text: String, file path: String, recordVariable: String)
    throws -> String?
  {
    let url = PackagePaths.root.appendingPathComponent(path)
    let name = url.lastPathComponent
    if ProcessInfo.processInfo.environment[recordVariable] == "1" {
      try Data(text.utf8).write(to: url)
      return nil
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, (a, b)) in zip(got, want).enumerated() where a != b {
      return "\(name) line \(index + 1):\n got: \(a)\nwant: \(b)"
    }
    return got.count == want.count ? nil : "\(name): \(got.count) lines, expected \(want.count)"
  }

  /// The same for bytes: the first byte that differs, or the lengths.
  public static func difference(bytes: [UInt8], file path: String, recordVariable: String)
    throws -> String?
  {
    let url = PackagePaths.root.appendingPathComponent(path)
    let name = url.lastPathComponent
    if ProcessInfo.processInfo.environment[recordVariable] == "1" {
      try Data(bytes).write(to: url)
      return nil
    }
    let expected = [UInt8](try Data(contentsOf: url))
    if let first = zip(bytes, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })
    {
      return "\(name): first difference at byte \(first.offset)"
    }
    return bytes.count == expected.count
      ? nil : "\(name): \(bytes.count) bytes, expected \(expected.count)"
  }
}
