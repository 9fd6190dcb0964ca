import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where a subcommand writes: a file descriptor through a buffer, or memory (for tests).
public final class CommandOutput {
  private let descriptor: Int32?
  private var buffer: [UInt8] = []
  /// Everything written, when capturing.
  public private(set) var captured: [UInt8] = []
  /// Set when a write failed; the subcommand stops and reports it.
  public private(set) var failure: String?
  /// True when the reader went away (`meals list | head`): not an error for the user.
  public private(set) var readerClosed = false

  /// Writes to `descriptor` (1 or 2, or an open file).
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// Keeps what is written in `captured`.
  public init() {
    descriptor = nil
  }

  public var text: String { String(decoding: captured, as: UTF8.self) }

  public func write(_ text: String) {
    write(bytes: Array(text.utf8))
  }

  public func line(_ text: String) {
    write(text + "\n")
  }

  public func write(bytes: [UInt8]) {
    guard failure == nil, !readerClosed else { return }
    guard descriptor != nil else {
      captured += bytes
      return
    }
    buffer += bytes
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Sends what is buffered; a failed write is remembered in `failure`.
  public func flush() {
    guard let descriptor, !buffer.isEmpty, failure == nil, !readerClosed else { return }
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE {
          readerClosed = true
        } else {
          failure = String(cString: strerror(errno))
        }
        break
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// The streams and facts a subcommand needs from its process.
public struct CommandIO {
  public var output: CommandOutput
  public var errors: CommandOutput
  /// For relative `--output` paths and the default export folder.
  public var currentDirectory: String

  public init(output: CommandOutput, errors: CommandOutput, currentDirectory: String) {
    self.output = output
    self.errors = errors
    self.currentDirectory = currentDirectory
  }

  /// `meals: message` on standard error.
  func fail(_ message: String) {
    errors.line("meals: \(message)")
    errors.flush()
  }

  /// A path as the user gave it, made absolute against the current folder.
  func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
      return home + path.dropFirst()
    }
    return (currentDirectory as NSString).appendingPathComponent(path)
  }
}
