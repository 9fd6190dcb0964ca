/// A file path's parts as text, as Foundation's `NSString` path methods gave them (the app
/// links Foundation's essentials only): "/a/b/" is the folder "/a" and the name "b".
public enum PathText {
  /// The last part ("b" of "/a/b/"); "/" for the root, "" for "".
  public static func name(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" { return "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// The last part's extension in lower case (`jpg` of `Soups/Stew.JPG`), nil without one.
  public static func fileExtension(_ path: String) -> String? {
    let name = self.name(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let found = name[name.index(after: dot)...]
    return found.isEmpty ? nil : found.lowercased()
  }

  /// Everything before the last part ("/a" of "/a/b/"); "/" for "/a", "" for a bare name.
  public static func folder(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" { return "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// `name` inside `folder`, with one slash between ("a" + "b" is "a/b"; "" + "b" is "b").
  public static func joined(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    if name.isEmpty { return folder }
    return withoutTrailingSlashes(folder) == "/"
      ? "/" + name : withoutTrailingSlashes(folder) + "/" + name
  }

  /// "~" and "~/…" in the home folder; any other path as it is.
  public static func expandingTilde(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
    return joined(home, String(path.dropFirst(2)))
  }

  /// A path in the home folder written with `~` (`~/Recipes`), for messages; any other as
  /// it is.
  public static func abbreviatingHome(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty, path == home || path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }

  private static func withoutTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return String(path)
  }
}
