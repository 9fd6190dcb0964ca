import FoundationEssentials
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// A file written whole or not at all: a temporary file beside it, then a rename.
public enum AtomicFile {
  struct Failure: Error, LocalizedError {
    var path: String
    var reason: String
    var errorDescription: String? { "\(path): \(reason)" }
  }

  /// Why a write failed, without the path (the caller names the file its own way).
  public static func reason(of error: Error) -> String {
    (error as? Failure)?.reason ?? ErrorText.message(error)
  }

  /// `mode` is the file's permissions (0600 for a secret).
  public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws {
    let folder = PathText.folder(path)
    let name = PathText.name(path)
    var template = Array(
      PathText.joined(folder.isEmpty ? "." : folder, ".\(name).XXXXXX")
        .utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard descriptor >= 0 else {
      throw Failure(path: path, reason: String(cString: strerror(errno)))
    }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // A full disk may only say so at fsync or close (delayed allocation, network file
    // systems): the file replaces the old one only once all three have succeeded.
    var failed = writeFully(bytes, to: descriptor)
    if failed == nil && fsync(descriptor) != 0 && errno != EINVAL { failed = errno }
    fchmod(descriptor, mode)
    if close(descriptor) != 0 && failed == nil && errno != EINTR { failed = errno }
    if let failed {
      unlink(temporary)
      throw Failure(path: path, reason: String(cString: strerror(failed)))
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw Failure(path: path, reason: reason)
    }
  }
}
