#if canImport(Glibc)
  import Glibc
#endif

/// Writes all of `bytes` to `descriptor`, again after a short write or an interrupted call;
/// nil when done, else the `errno` that stopped it.
public func writeFully(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes {
      write(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}
