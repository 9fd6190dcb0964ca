import Files
import FoundationEssentials
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// The sync folder on disk: its recipe files listed with their size and modification time,
/// read with limits, written whole, removed.
struct SyncFolder {
  /// A recipe file as listing it tells (no read).
  struct Entry: Equatable {
    /// Relative to the folder, `/`-separated.
    var path: String
    var size: Int64
    var mtime: Double
  }

  /// Why a file was set aside, and what to do (the sync says so and goes on).
  struct Problem: Error, Equatable {
    var path: String
    var reason: String
  }

  /// Files bigger than this are not recipes: reported, left alone.
  static let largestFile: Int64 = 1_000_000

  let root: String

  // MARK: - Listing

  /// Every recipe file under the folder (hidden and temporary ones passed over), and the
  /// entries left alone: links leading out of the folder or to nothing, pipes and the like.
  func list() throws(SyncError) -> (
    entries: [String: Entry], problems: [Problem], photos: [String: Entry]
  ) {
    guard let real = Self.realPath(root), PathKind.of(real) == .folder else {
      throw SyncError(
        "the sync folder \(root) is not there (a disk not mounted?); nothing was changed.")
    }
    var entries: [String: Entry] = [:]
    var problems: [Problem] = []
    var photos: [String: Entry] = [:]
    var folders = [""]
    while let relative = folders.popLast() {
      let absolute = relative.isEmpty ? root : root + "/" + relative
      guard let directory = opendir(absolute) else {
        if relative.isEmpty {
          throw SyncError("cannot read the sync folder \(root): \(Self.reason(errno)).")
        }
        problems.append(
          Problem(
            path: relative, reason: "cannot be read (\(Self.reason(errno))) — check who may read it"
          ))
        continue
      }
      defer { closedir(directory) }
      while let item = readdir(directory) {
        let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard name != ".", name != "..", !SyncPaths.isSkipped(name) else {
          // Our own temporary file, left by a sync cut short: never a user's.
          if Self.isLeftover(name) { unlink(absolute + "/" + name) }
          continue
        }
        let path = relative.isEmpty ? name : relative + "/" + name
        var info = stat()
        guard lstat(root + "/" + path, &info) == 0 else { continue }
        var kind = info.st_mode & S_IFMT
        if kind == S_IFLNK {
          // Followed only when it leads to somewhere inside the folder.
          guard let target = Self.realPath(root + "/" + path) else {
            if SyncPaths.isRecipe(name) {
              problems.append(
                Problem(
                  path: path,
                  reason:
                    "a link to a file that is not there — remove the link, or put its file back"))
            }
            continue
          }
          guard target.hasPrefix(real + "/"), stat(target, &info) == 0 else {
            if SyncPaths.isRecipe(name) {
              problems.append(
                Problem(
                  path: path,
                  reason: "a link leading out of the folder — meals reads only what is in it"))
            }
            continue
          }
          kind = info.st_mode & S_IFMT
          // A linked folder inside the folder is read where it really is.
          if kind == S_IFDIR { continue }
        }
        if kind == S_IFDIR {
          if folders.count + entries.count < 1_000_000 { folders.append(path) }
          continue
        }
        guard kind == S_IFREG else {
          // A pipe, a socket or a device: opening it could wait for ever.
          if SyncPaths.isRecipe(name) {
            problems.append(
              Problem(
                path: path,
                reason:
                  "not a file (a pipe, a socket or a device) — rename it if it is not a recipe"))
          }
          continue
        }
        if SyncPaths.isRecipe(name) {
          entries[path] = Entry(path: path, size: Int64(info.st_size), mtime: Self.mtime(info))
        } else if SyncPaths.isPhoto(name) {
          photos[path] = Entry(path: path, size: Int64(info.st_size), mtime: Self.mtime(info))
        }
      }
    }
    return (entries, problems, photos)
  }

  // MARK: - Reading and writing

  /// A file of the sync's own (the shopping list, its ticks, the cook log) whose failure to be
  /// read stops the sync, said; nil when there is none.
  func text(of name: String) throws(SyncError) -> String? {
    guard entry(name) != nil else { return nil }
    switch read(name) {
    case .success(let text): return text
    case .failure(let problem):
      throw SyncError("cannot read \(name) in \(root): \(problem.reason).")
    }
  }

  /// A recipe file's text; a file too big, not UTF-8 or holding NUL bytes is not one.
  func read(_ path: String) -> Result<String, Problem> {
    let absolute = root + "/" + path
    guard let data = FileManager.default.contents(atPath: absolute) else {
      return .failure(
        Problem(
          path: path, reason: "cannot be read (\(Self.reason(errno))) — check who may read it"))
    }
    if data.count > Self.largestFile {
      return .failure(
        Problem(path: path, reason: "over 1 MB, too big for a recipe — move it out of the folder"))
    }
    guard let text = String(validating: data, as: UTF8.self), !data.contains(0) else {
      return .failure(
        Problem(
          path: path, reason: "not text meals can read (UTF-8) — save it as UTF-8 text in an editor"
        ))
    }
    return .success(text)
  }

  /// Writes `text` at `path` whole (temporary file, fsync, rename), making its folder; the
  /// entry as it now is.
  func write(_ text: String, to path: String) throws(SyncError) -> Entry {
    try writeBytes(Array(text.utf8), to: path)
  }

  /// Writes `bytes` at `path` whole, as `write` writes a text.
  @discardableResult
  func writeBytes(_ bytes: [UInt8], to path: String) throws(SyncError) -> Entry {
    let absolute = root + "/" + path
    let folder = PathText.folder(absolute)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try AtomicFile.write(bytes, to: absolute)
    } catch {
      throw SyncError("cannot write \(path) in \(root): \(AtomicFile.reason(of: error)).")
    }
    guard let entry = self.entry(path) else {
      throw SyncError("cannot read back \(path) in \(root) after writing it.")
    }
    return entry
  }

  /// Writes many files, each whole or not at all, faster than one by one.
  ///
  /// Every text to a temporary file beside its place, one flush of the whole file system (not
  /// one per file), then the renames. A failure (a full disk) removes the temporary files and
  /// is said. A name the file system cannot hold (FAT's `:` or `?`) is no failure of the
  /// batch: its entry is nil, for the caller to write otherwise.
  func writeAll(_ files: [(text: String, path: String)]) throws(SyncError) -> [Entry?] {
    var temporaries: [String?] = []
    func fail(_ path: String, _ code: Int32) -> SyncError {
      for case let temporary? in temporaries { unlink(temporary) }
      return SyncError("cannot write \(path) in \(root): \(Self.reason(code)).")
    }
    var made = Set<String>()
    for (text, path) in files {
      let absolute = root + "/" + path
      let parent = PathText.folder(absolute)
      if made.insert(parent).inserted {
        try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      }
      var template = Array((parent + "/." + PathText.name(path) + ".XXXXXX").utf8CString)
      let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
        guard let base = buffer.baseAddress else { return -1 }
        return mkstemp(base)
      }
      guard descriptor >= 0 else {
        guard Self.isNameProblem(errno) else { throw fail(path, errno) }
        temporaries.append(nil)
        continue
      }
      let temporary = String(
        decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      temporaries.append(temporary)
      var failed = writeFully(Array(text.utf8), to: descriptor)
      fchmod(descriptor, 0o644)
      if close(descriptor) != 0 && failed == nil && errno != EINTR { failed = errno }
      if let failed { throw fail(path, failed) }
    }
    // One flush for all: a full disk or a failing device says so here at the latest.
    if let flushAll = Self.syncfs {
      let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if rootDescriptor >= 0 {
        let flushed = flushAll(rootDescriptor)
        let code = errno
        close(rootDescriptor)
        if flushed != 0 { throw fail(files.first?.path ?? root, code) }
      }
    } else {
      for (index, temporary) in temporaries.enumerated() {
        guard let temporary else { continue }
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        if descriptor < 0 || (fsync(descriptor) != 0 && errno != EINVAL) {
          throw fail(files[index].path, errno)
        }
      }
    }
    var entries: [Entry?] = []
    for (index, (_, path)) in files.enumerated() {
      guard let temporary = temporaries[index] else {
        entries.append(nil)
        continue
      }
      guard rename(temporary, root + "/" + path) == 0 else {
        let code = errno
        temporaries = Array(temporaries[index...])
        throw fail(path, code)
      }
      guard let entry = entry(path) else {
        throw SyncError("cannot read back \(path) in \(root) after writing it.")
      }
      entries.append(entry)
    }
    return entries
  }

  /// Moves a file (one rename, making the folder it goes to), leaving its old folder when
  /// empty; a file already at `target` is replaced.
  func move(_ path: String, to target: String) throws(SyncError) {
    let folder = PathText.folder(root + "/" + target)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    guard rename(root + "/" + path, root + "/" + target) == 0 else {
      throw SyncError("cannot move \(path) to \(target) in \(root): \(Self.reason(errno)).")
    }
    removeEmptyFolders(above: path)
  }

  /// Removes a file, and its folder when that leaves it empty (never the sync folder itself).
  func remove(_ path: String) throws(SyncError) {
    let absolute = root + "/" + path
    if unlink(absolute) != 0 && errno != ENOENT {
      throw SyncError("cannot remove \(path) from \(root): \(Self.reason(errno)).")
    }
    removeEmptyFolders(above: path)
  }

  private func removeEmptyFolders(above path: String) {
    var folder = PathText.folder(path)
    while !folder.isEmpty, rmdir(root + "/" + folder) == 0 { folder = PathText.folder(folder) }
  }

  /// Whether the folder's file system keeps modification times finer than a second, told by
  /// the folder's own time (FAT keeps 2 s steps, so no fraction; Linux's own keep the
  /// nanoseconds); not known (no folder yet) counts as coarse.
  var keepsFineTimes: Bool {
    var info = stat()
    guard stat(root, &info) == 0 else { return false }
    return info.st_mtim.tv_nsec != 0
  }

  /// Whether the file says exactly the text of `hash` (asked of a racily clean record).
  func holds(_ hash: String, at path: String) -> Bool {
    guard case .success(let text) = read(path) else { return false }
    return ContentHash.of(text) == hash
  }

  /// The file's size and time now, or nil when it is not there.
  func entry(_ path: String) -> Entry? {
    var info = stat()
    guard stat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    return Entry(path: path, size: Int64(info.st_size), mtime: Self.mtime(info))
  }

  // MARK: - Helpers

  /// Linux's `syncfs` (one flush of the file system a descriptor is on), looked up in the C
  /// library, which Swift's Glibc module does not show it from; nil elsewhere.
  private static let syncfs: (@convention(c) (Int32) -> Int32)? = {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "syncfs") else {
      return nil
    }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
  }()

  /// `.Stew.cook.Ab12Cd`: the temporary file `AtomicFile` writes a recipe through.
  static func isLeftover(_ name: String) -> Bool {
    guard name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
    let suffix = name[name.index(after: dot)...]
    let written = name[..<dot]
    return Self.writtenKinds.contains { written.hasSuffix($0) } && suffix.count == 6
      && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }

  /// What the sync writes through a temporary file (`.NAME.XXXXXX` beside it).
  static let writtenKinds =
    [".cook", ".menu", ".shopping-list", ".shopping-checked", ".cook-log", ".gitattributes"]
    + MealPhoto.fileExtensions.map { "." + $0 }

  static func mtime(_ info: stat) -> Double {
    Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// The names in one of the folder's folders (relative; `""` for the folder itself), none when
  /// it cannot be read.
  func names(in relative: String) -> [String] {
    guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else {
      return []
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether the folder's file system holds every name Linux does (`:`, `?`…): false on FAT
  /// and exFAT, found by making and removing a hidden file of such a name.
  func holdsAnyName() -> Bool {
    let probe = root + "/.meals-name-check-:?*"
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return !Self.isNameProblem(errno) }
    close(descriptor)
    unlink(probe)
    return true
  }

  /// Whether an error says the file system cannot hold a name (a FAT or exFAT stick refuses
  /// `:`, `?`, `"`…; a name too long), not that writing failed.
  static func isNameProblem(_ code: Int32) -> Bool {
    code == EINVAL || code == EILSEQ || code == ENAMETOOLONG
  }
}

/// A sync that could not be done: the whole message, for standard error or the status line.
public struct SyncError: Error, Equatable, Sendable {
  public var message: String

  init(_ message: String) { self.message = message }

  public init(message: String) { self.message = message }
}
