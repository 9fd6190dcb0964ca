import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// An error of the system or of Foundation's file calls as one line a user reads
/// ("/home/ann/x: Permission denied"); the app links Foundation's essentials only, which give
/// no `localizedDescription`.
public enum ErrorText {
  public static func message(_ error: any Error) -> String {
    if let error = error as? any LocalizedError, let description = error.errorDescription {
      return description
    }
    if let error = error as? CocoaError {
      let reason = error.underlying.map(message) ?? "error \(error.code.rawValue)"
      return error.filePath.map { "\($0): \(reason)" } ?? reason
    }
    if let error = error as? POSIXError {
      return String(cString: strerror(error.code.rawValue))
    }
    return String(describing: error)
  }
}
