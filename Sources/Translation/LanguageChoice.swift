/// The catalogs to look in, in order, read from the environment as gettext reads it: the
/// locale from `LC_ALL`, `LC_MESSAGES` or `LANG` (the first set), and the list in `LANGUAGE`
/// before it unless the locale is C.
///
/// The names are taken as written, not from `setlocale`: a `de_DE.UTF-8` the system has not
/// generated still means German.
public enum LanguageChoice {
  /// Catalog names to try (`pt_BR` before `pt`), none for English or the C locale.
  public static func catalogs(environment: [String: String]) -> [String] {
    let locale =
      ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
      .compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    let name = stripped(locale)
    if name.isEmpty || name == "C" || name == "POSIX" { return [] }
    let wanted =
      (environment["LANGUAGE"] ?? "").split(separator: ":").map { stripped(String($0)) }
      .filter { !$0.isEmpty } + [name]
    var names: [String] = []
    for language in wanted {
      // English is what the program is written in: asked for first, nothing is translated.
      if language == "en" || language.hasPrefix("en_") { break }
      let parts = language.split(separator: "_", maxSplits: 1)
      for candidate in [language, parts.first.map(String.init) ?? language]
      where !names.contains(candidate) && isName(candidate) {
        names.append(candidate)
      }
    }
    return names
  }

  /// Catalog names to try for a browser's `Accept-Language` (`de-DE,de;q=0.9,en;q=0.8`), in
  /// its order of preference; none when English comes first.
  ///
  /// Tags are matched as gettext names: `pt-BR` is `pt_BR` then `pt`, `zh-Hans` is `zh_CN`.
  public static func accepted(_ header: String) -> [String] {
    var tags: [(name: String, quality: Double, order: Int)] = []
    for (order, part) in header.split(separator: ",").prefix(32).enumerated() {
      let fields = part.split(separator: ";").map { trimmedOfSpaces($0) }
      guard let tag = fields.first, !tag.isEmpty, tag != "*" else { continue }
      var quality = 1.0
      for field in fields.dropFirst() where field.hasPrefix("q=") {
        quality = Double(field.dropFirst(2)) ?? 0
      }
      guard quality > 0 else { continue }
      let subtags = tag.split(separator: "-").map(String.init)
      var name = subtags[0].lowercased()
      if subtags.count > 1 {
        let region = subtags[1]
        name +=
          region.lowercased() == "hans"
          ? "_CN" : region.lowercased() == "hant" ? "_TW" : "_" + region.uppercased()
      }
      tags.append((name, quality, order))
    }
    tags.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
    var names: [String] = []
    for tag in tags {
      if tag.name == "en" || tag.name.hasPrefix("en_") { break }
      let language = String(tag.name.prefix { $0 != "_" })
      for candidate in [tag.name, language] where !names.contains(candidate) && isName(candidate) {
        names.append(candidate)
      }
    }
    return names
  }

  /// `de_DE.UTF-8@euro` as `de_DE`: the codeset and the modifier name no other catalog.
  static func stripped(_ locale: String) -> String {
    var name = Substring(locale)
    if let at = name.firstIndex(of: "@") { name = name[..<at] }
    if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
    return String(name)
  }

  /// Letters, digits and `_` only: a name from the environment never walks out of the
  /// catalogs' folder.
  public static func isName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 32
      && name.utf8.allSatisfy {
        $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
          || (0x61...0x7A).contains($0)
      }
  }
}
