import CArchive
import FoundationEssentials
import MealsCore

/// A zip or tar archive (or a bare gzip stream) read entry by entry through libarchive, never
/// unpacked to disk and never held whole: each entry's bytes are read up to a limit.
final class ArchiveReader {
  /// One entry: its path as stored and the size it says (nil when it does not).
  struct Entry {
    var path: String
    var size: Int64?
    var isFile: Bool
  }

  private let reader: OpaquePointer
  /// The bytes an archive in memory is read from (kept alive while it is read).
  private let bytes: [UInt8]?

  /// Opens a file; `bare`: a gzip stream (or plain bytes) read as one entry.
  init(path: String, bare: Bool = false) throws(FormatError) {
    var error = [CChar](repeating: 0, count: 512)
    guard let reader = carchive_open_file(path, bare ? 1 : 0, &error, error.count) else {
      throw FormatError(Self.message(error))
    }
    self.reader = reader
    self.bytes = nil
  }

  /// Opens an archive held in memory (a zip inside a zip).
  init(bytes: [UInt8], bare: Bool = false) throws(FormatError) {
    var error = [CChar](repeating: 0, count: 512)
    let opened = bytes.withUnsafeBytes { buffer in
      carchive_open_memory(buffer.baseAddress, buffer.count, bare ? 1 : 0, &error, error.count)
    }
    guard let opened else { throw FormatError(Self.message(error)) }
    self.reader = opened
    self.bytes = bytes
  }

  deinit { carchive_close(reader) }

  /// The next entry, nil at the end; a broken archive is an error.
  func next() throws(FormatError) -> Entry? {
    var path: UnsafePointer<CChar>?
    var size: Int64 = -1
    var isFile: Int32 = 0
    // The bytes stay where they are while libarchive reads them (`bytes` is kept alive).
    let status = withExtendedLifetime(bytes) { carchive_next(reader, &path, &size, &isFile) }
    if status == 0 { return nil }
    guard status == 1 else { throw FormatError(Self.broken(carchive_error(reader))) }
    let name = path.map { String(cString: $0) } ?? ""
    return Entry(path: name, size: size >= 0 ? size : nil, isFile: isFile != 0)
  }

  /// The current entry's bytes, at most `limit`; more is an error (a bomb, or no recipe file).
  func read(limit: Int) throws(FormatError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let got = withExtendedLifetime(bytes) {
        chunk.withUnsafeMutableBytes { carchive_read(reader, $0.baseAddress, $0.count) }
      }
      if got == 0 { return result }
      guard got > 0 else { throw FormatError(Self.broken(carchive_error(reader))) }
      guard result.count + got <= limit else {
        throw Self.inflatesPast(limit)
      }
      result += chunk[0..<got]
    }
  }

  /// An entry that inflates past `limit` (a zip bomb's, or no recipe file's).
  static func inflatesPast(_ limit: Int) -> FormatError {
    FormatError("it inflates to more than \(limit / 1_048_576) MB")
  }

  private static func message(_ error: [CChar]) -> String {
    let text = String(
      decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return broken(text)
  }

  /// libarchive's reason in a sentence of ours.
  private static func broken(_ reason: UnsafePointer<CChar>) -> String {
    broken(String(cString: reason))
  }

  private static func broken(_ reason: String) -> String {
    if reason.contains("not installed") || reason.hasPrefix("libarchive") { return reason + "." }
    let lower = reason.lowercased()
    if lower.contains("truncated") || lower.contains("premature") || lower.contains("eof") {
      return "the archive is cut short (truncated)."
    }
    return "the archive cannot be read: \(reason)."
  }
}
