import Files
import FoundationEssentials
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where an export's files come from: an archive (a file, or one inside another held in
/// memory) or a folder; walked as often as the import needs (once for the recipes, once more
/// for photos that lie apart from them).
public enum ExportSource: Sendable {
  case archive(path: String)
  case nestedArchive(bytes: [UInt8])
  case folder(path: String)
  /// A file that is not an archive (a Meal-Master text, a CSV, one recipe's JSON).
  case file(path: String)

  /// Recipe files and archives inside one are at most this (Mealie's database is the largest).
  static let recipeLimit = 32 * 1_048_576
  /// The most files an export is walked through (10 000 recipes with three photos each fit).
  static let memberLimit = 200_000
  /// An archive inside an archive is read into memory, up to this.
  static let nestedLimit = 64 * 1_048_576

  /// One file of the export, its bytes read on demand.
  struct Member {
    /// Its path inside the export, `/`-separated, without a leading `/` or `./`.
    var path: String
    var read: (Int) throws(FormatError) -> [UInt8]
  }

  /// Calls `body` with each file, in the order stored; a member whose path leads out of the
  /// export (`../x`, `/etc/x`) is passed to `refused` and not read.
  func forEach(refused: (String) -> Void, each given: (Member) throws -> Void) throws {
    // A folder or an archive of more files than any export holds is no export (a home folder
    // given by mistake): said before it is all read.
    var count = 0
    func body(_ member: Member) throws {
      count += 1
      guard count <= Self.memberLimit else {
        throw FormatError(
          "it holds more than \(Self.memberLimit / 1000) 000 files: no export is that big (give the export's own folder or file)."
        )
      }
      try given(member)
    }
    switch self {
    case .archive(let path):
      let archive: ArchiveReader
      do {
        archive = try ArchiveReader(path: path)
      } catch {
        // Not zip or tar: a single gzip-compressed file (one `.paprikarecipe`).
        guard Self.startsWithGzip(path), let bare = try? ArchiveReader(path: path, bare: true),
          (try? bare.next()) != nil
        else { throw error }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        try body(
          Member(
            path: name,
            read: { (limit: Int) throws(FormatError) -> [UInt8] in
              try bare.read(limit: limit)
            }))
        return
      }
      try Self.walk(archive, refused: refused, body)
    case .nestedArchive(let bytes):
      try Self.walk(try ArchiveReader(bytes: bytes), refused: refused, body)
    case .folder(let path): try Self.walkFolder(path, prefix: "", depth: 0, body)
    case .file(let path):
      let name = path.split(separator: "/").last.map(String.init) ?? path
      try body(
        Member(
          path: name,
          read: { (limit: Int) throws(FormatError) -> [UInt8] in
            try Self.readFile(path, limit: limit)
          }))
    }
  }

  private static func walk(
    _ archive: ArchiveReader, refused: (String) -> Void, _ body: (Member) throws -> Void
  ) throws {
    while let entry = try archive.next() {
      guard entry.isFile else { continue }
      guard let path = safePath(entry.path) else {
        refused(entry.path)
        continue
      }
      guard !isSystemFile(path) else { continue }
      try body(
        Member(
          path: path,
          read: { (limit: Int) throws(FormatError) -> [UInt8] in try archive.read(limit: limit) }))
    }
  }

  /// What a Mac or a file manager adds to a zip it makes: `__MACOSX/` and its `._name`
  /// resource forks (binary, though named `.json`), `.DS_Store`, any hidden file.
  static func isSystemFile(_ path: String) -> Bool {
    path.split(separator: "/").contains { $0 == "__MACOSX" || $0.hasPrefix(".") }
  }

  /// A member's path made plain (`./a//b` → `a/b`), or nil when it is absolute or climbs out.
  static func safePath(_ path: String) -> String? {
    guard !path.hasPrefix("/"), !path.contains("\\..") else { return nil }
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == ".." { return nil }
      parts.append(part)
    }
    return parts.isEmpty ? nil : parts.joined(separator: "/")
  }

  /// A folder's files, depth first in name order; hidden files and links are passed over.
  private static func walkFolder(
    _ folder: String, prefix: String, depth: Int, _ body: (Member) throws -> Void
  ) throws {
    guard depth < 12 else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw FormatError("the folder \(folder) cannot be read (\(ErrorText.message(error))).")
    }
    for name in names where !name.hasPrefix(".") && name != "__MACOSX" {
      let full = folder + "/" + name
      var info = stat()
      guard lstat(full, &info) == 0 else { continue }
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR {
        try walkFolder(full, prefix: prefix + name + "/", depth: depth + 1, body)
      } else if kind == S_IFREG {
        try body(
          Member(
            path: prefix + name,
            read: { (limit: Int) throws(FormatError) -> [UInt8] in
              try readFile(full, limit: limit)
            }))
      }
    }
  }

  /// A file of the export's, at most `limit` (measured before it is read).
  static func readFile(_ path: String, limit: Int) throws(FormatError) -> [UInt8] {
    try LimitedFile.read(path, limit: limit, kind: "a file of an export")
  }

  /// What `path` is as an export, or nil when it is a file of another kind (a recipe of meals'
  /// own formats, a web page): a folder, an archive (zip, tar, gzip), or a file an export
  /// writes (a Meal-Master text, a CSV, a Mela or Crouton recipe, a Chowdown page).
  public static func classify(_ path: String) -> ExportSource? {
    var isFolder = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
    if isFolder { return .folder(path: path) }
    let head = Self.head(path, count: 512)
    if head.starts(with: [0x1F, 0x8B]) || Self.isArchive(head) {
      return .archive(path: path)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= ExportSource.recipeLimit, let data = FileManager.default.contents(atPath: path)
    else { return nil }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    do {
      return try ExportFiles.read(path: name, bytes: [UInt8](data)) == nil ? nil : .file(path: path)
    } catch {
      // A file only an export writes, broken: said as the export's reader says it.
      let lower = name.lowercased()
      let exportOnly = [".csv", ".mmf", ".crumb", ".melarecipe", ".paprikarecipe"]
      return exportOnly.contains(where: lower.hasSuffix) ? .file(path: path) : nil
    }
  }

  private static func startsWithGzip(_ path: String) -> Bool {
    head(path, count: 2) == [0x1F, 0x8B]
  }

  /// A file's first bytes (fewer when it is shorter; none when it cannot be read).
  static func head(_ path: String, count: Int) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
    return got > 0 ? Array(bytes[0..<got]) : []
  }

  /// True for the first bytes of a zip or a tar archive.
  static func isArchive(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    {
      return true
    }
    return bytes.count > 262 && Array(bytes[257..<262]) == Array("ustar".utf8)
  }
}
