import FoundationEssentials
import MealsCore
import Translation

extension LaunchOptions {
  /// Makes the default database's folder on a fresh install; nil, or the message to show.
  ///
  /// The app and `meals import` call it before their first write; a `--db` path is left as is.
  public func makeDataFolder() -> String? {
    guard isDefaultDatabase && !readOnly else { return nil }
    let folder = PathText.folder(databasePath)
    // There at every start but the first: one stat, not FileManager made before the frame.
    if PathKind.of(folder) == .folder { return nil }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      return nil
    } catch {
      return tr("cannot create the data folder %1$s: %2$s").filled(folder, ErrorText.message(error))
    }
  }
}
