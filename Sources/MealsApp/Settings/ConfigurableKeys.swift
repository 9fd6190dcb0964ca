import TerminalUI

/// Every key table a config file can change, by the name `bind` and `unbind` use.
public enum ConfigurableKeys {
  /// In the order `meals config` prints them (the screens a user meets first, then widgets):
  /// the tables of the key chains (`KeysReference`), each once.
  public static var tables: [KeyTableInfo] { KeysReference.tables }
}
