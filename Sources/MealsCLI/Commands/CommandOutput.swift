import Files
import FoundationEssentials
import MealsCore
import MealsLaunch
import Translation

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
  ///
  /// A pipe is widened to 1 MiB where the system allows: a reader on the other end (`jq`)
  /// then takes megabytes per wake-up instead of 64 KiB.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(Self.chunk)
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO {
      _ = fcntl(descriptor, 1031, Int32(1 << 20))  // F_SETPIPE_SZ (Linux; not in Glibc's module)
    }
  }

  /// Writes go out in chunks of this size.
  private static let chunk = 1 << 18

  /// Keeps what is written in `captured`.
  public init() {
    descriptor = nil
  }

  public var text: String { String(decoding: captured, as: UTF8.self) }

  /// True when it writes to a terminal (a progress line is for a person, not a log).
  public var isTerminal: Bool { descriptor.map { isatty($0) == 1 } ?? false }

  public func write(_ text: String) { append(text.utf8) }

  public func line(_ text: String) {
    append(text.utf8)
    append(CollectionOfOne(UInt8(ascii: "\n")))
  }

  public func write(bytes: [UInt8]) { append(bytes) }

  /// Into the buffer as they are (no copy made first: a list of 100 000 lines is many
  /// small writes).
  private func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    guard failure == nil, !readerClosed else { return }
    guard descriptor != nil else {
      captured.append(contentsOf: bytes)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.chunk { flush() }
  }

  /// Sends what is buffered; a failed write is remembered in `failure`.
  public func flush() {
    guard let descriptor, !buffer.isEmpty, failure == nil, !readerClosed else { return }
    if let failed = writeFully(buffer, to: descriptor) {
      if failed == EPIPE {
        readerClosed = true
      } else {
        failure = String(cString: strerror(failed))
      }
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

  /// Standard input's bytes, for `meals import -` (at most `JSONReading.maximumBytes`).
  public var readInput: () throws -> Data

  public init(
    output: CommandOutput, errors: CommandOutput, currentDirectory: String,
    readInput: @escaping () throws -> Data = CommandIO.readStandardInput
  ) {
    self.output = output
    self.errors = errors
    self.currentDirectory = currentDirectory
    self.readInput = readInput
  }

  /// Reads standard input to its end, refusing more than a recipe file may hold.
  public static func readStandardInput() throws -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(0, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw FormatError(
          tr("standard input could not be read (%s).").filled(String(cString: strerror(errno))))
      }
      if count == 0 { break }
      data += chunk[..<count]
      if data.count > JSONReading.maximumBytes {
        throw FormatError(
          tr("it is over %d MB; a recipe file is at most that.").filled(
            String(JSONReading.maximumBytes / 1_048_576)))
      }
    }
    return data
  }

  /// `meals: message` on standard error.
  func fail(_ message: String) {
    errors.line("meals: \(message)")
    errors.flush()
  }

  /// A path as the user gave it, made absolute against the current folder.
  func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    if path.hasPrefix("~/"),
      let home = HomeFolder.filling(ProcessEnvironment.current())["HOME"]
    {
      return home + path.dropFirst()
    }
    return PathText.joined(currentDirectory, path)
  }
}
