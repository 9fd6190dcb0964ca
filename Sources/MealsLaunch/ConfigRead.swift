import MealsCore
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// The config file as found: none, its text, or why it could not be read.
public enum ConfigRead: Equatable, Sendable {
  case missing
  case text(String)
  case unreadable(String)

  /// Reads `path` with one open and a few reads (start-up pays for it).
  public static func load(_ path: String) -> ConfigRead {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return .missing }
      return .unreadable(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return .unreadable(String(cString: strerror(errno))) }
      if count == 0 { break }
      bytes += buffer[..<count]
      // A config file is a few kilobytes; anything past a megabyte is not one.
      guard bytes.count <= 1 << 20 else { return .unreadable(tr("it is larger than 1 MB")) }
    }
    return .text(String(decoding: bytes, as: UTF8.self))
  }
}

/// The config file in use: where it is, what it says, and what was wrong with it.
public struct LoadedConfig: Equatable, Sendable {
  /// Nil when there is no place for one (no `XDG_CONFIG_HOME` or `HOME`).
  public var path: String?
  public var file = ConfigFile()
  /// Every problem found so far, by line (0: the file itself, which could not be read).
  public var problems: [ConfigProblem] = []

  public init(path: String? = nil) { self.path = path }

  /// What messages call the file: its own name (`config`).
  public var label: String {
    guard let path else { return "config" }
    return path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The problems as shown: `config:5: unknown command "frobnicate"`, in line order.
  public var messages: [String] {
    problems.sorted { $0.line < $1.line }.map { problem in
      problem.line == 0 ? "\(label): \(problem.message)" : problem.text(file: label)
    }
  }

  /// `--config PATH` > `MEALS_CONFIG` > `$XDG_CONFIG_HOME/meals/config` > `~/.config/meals/config`.
  public static func defaultPath(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/meals/config"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/meals/config"
  }
}
