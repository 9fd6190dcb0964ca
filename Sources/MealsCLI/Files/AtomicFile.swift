import Foundation

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

  public static func write(_ bytes: [UInt8], to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(
      ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(name).XXXXXX")
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
    if let failed = writeFully(bytes, to: descriptor) {
      close(descriptor)
      unlink(temporary)
      throw Failure(path: path, reason: String(cString: strerror(failed)))
    }
    fchmod(descriptor, 0o644)
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw Failure(path: path, reason: reason)
    }
  }
}
