/// The config file's `bind` and `unbind` lines, as every named `KeyTable` reads them.
///
/// Set once at start (before the first key) and by tests; read on the app's one thread.
public enum KeyMap {
  /// What a config line made of a key in one table.
  public enum Change: Hashable, Sendable {
    case action(String)
    case unbound
  }

  nonisolated(unsafe) private static var tables: [String: [Key: Change]] = [:]
  /// Moves at every `set`: what was worked out from the changes before is out of date.
  nonisolated(unsafe) private(set) static var generation = 0

  /// Replaces every change (`[:]` puts the built-in keys back).
  public static func set(_ changes: [String: [Key: Change]]) {
    tables = changes.filter { !$0.value.isEmpty }
    generation += 1
  }

  public static var all: [String: [Key: Change]] { tables }

  /// The changes to table `name`, nil when it has none (the common case: one lookup).
  static func changes(for name: String) -> [Key: Change]? {
    guard !tables.isEmpty, !name.isEmpty else { return nil }
    return tables[name]
  }

  /// `toggleFavourite` → `toggle-favourite`.
  public static func kebab(_ words: String) -> String {
    // Case names are ASCII: bytes, not Characters (hundreds are named at start).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(words.utf8.count + 4)
    for byte in words.utf8 {
      if byte >= 0x41 && byte <= 0x5A {
        if !bytes.isEmpty { bytes.append(0x2D) }
        bytes.append(byte + 0x20)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A table's name, whether it types, and its actions with their built-in keys.
public struct KeyTableInfo: Sendable {
  public struct Entry: Sendable {
    public var name: String
    public var keys: [Key]
    public var text: String
  }

  public var name: String
  public var typing: Bool
  public var actions: [Entry]
}
