import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment as a dictionary, read straight from `environ`.
///
/// Foundation's `ProcessInfo.environment` finds each `=` by Character (grapheme breaking over
/// every entry): a quarter of a millisecond at every start. The first entry of a name wins, as
/// with `getenv`.
public enum ProcessEnvironment {
  public static func current() -> [String: String] {
    var result: [String: String] = [:]
    // NULL after clearenv().
    let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    guard var entry = table else { return result }
    // Sized once: growing it would rehash every entry at each doubling.
    var count = 0
    while entry[count] != nil { count += 1 }
    result.reserveCapacity(count)
    while let text = entry.pointee {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(decoding: bytes[..<equals], as: UTF8.self)
        if result[name] == nil {
          result[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
      }
      entry += 1
    }
    return result
  }
}
