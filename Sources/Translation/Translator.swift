import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The program's language: the catalog chosen at start, which every word a user reads goes
/// through (`tr`, `trn`, `trc`).
///
/// Without a catalog (English, the C locale, a language meals has none for) each lookup gives
/// the English it was asked with.
public enum Translator {
  private static let current = Mutex(MessageCatalog())
  /// The language chosen (`de`, `pt_BR`), nil for English.
  private static let chosen = Mutex<String?>(nil)
  /// Another language for what one request says (a phone's page in its browser's language),
  /// whatever the program's.
  @TaskLocal private static var speaking: Speaking?
  /// Where catalogs are, found when first asked (the phone's pages ask; start-up does not).
  private static let catalogFolders = Mutex<(@Sendable () -> [String])?>(nil)
  /// Those folders and the languages in them, once looked for.
  private static let placesFound = Mutex<(folders: [String], available: [String])?>(nil)
  /// The catalogs read for requests, by name; nil for one that is not there.
  private static let catalogsRead = Mutex<[String: MessageCatalog?]>([:])

  /// A language to speak in, and its catalog.
  private struct Speaking: Sendable {
    let language: String
    let catalog: MessageCatalog
  }

  /// Reads the first catalog the environment asks for (`LanguageChoice`), English without one.
  ///
  /// Each of `folders` holds `LANG/LC_MESSAGES/meals.mo`, as `make install` lays them out. A
  /// catalog that cannot be read is passed over, and said in the result.
  @discardableResult
  public static func load(environment: [String: String], folders: [String]) -> CatalogError? {
    var problem: CatalogError?
    for name in LanguageChoice.catalogs(environment: environment) {
      for folder in folders {
        let path = folder + "/" + name + "/LC_MESSAGES/meals.mo"
        guard let bytes = readFile(path) else { continue }
        do {
          use(try MessageCatalog(mo: bytes), language: name)
          return problem
        } catch {
          // The next language asked for, if any, rather than none.
          problem = problem ?? CatalogError("\(path) could not be read: \(error.reason)")
        }
      }
    }
    use(MessageCatalog(), language: nil)
    return problem
  }

  /// Where catalogs are looked for: `MEALS_LOCALEDIR` when set, then `share/locale` beside
  /// the folder of the running program (`/usr/bin/meals` reads `/usr/share/locale`), then one
  /// folder further up (a build's `.build/x86_64-unknown-linux-gnu/release/meals` reads
  /// `.build/share/locale`, where `make` compiles them).
  public static func folders(environment: [String: String], executable: String?) -> [String] {
    var folders: [String] = []
    if let folder = environment["MEALS_LOCALEDIR"], !folder.isEmpty { folders.append(folder) }
    guard let executable, let slash = executable.lastIndex(of: "/") else { return folders }
    let bin = executable[..<slash]
    guard let up = bin.lastIndex(of: "/") else { return folders }
    folders.append(bin[..<up] + "/share/locale")
    let parent = bin[..<up]
    if let further = parent.lastIndex(of: "/") {
      folders.append(parent[..<further] + "/share/locale")
    }
    return folders
  }

  /// Makes `catalog` the program's language (tests, and `load`).
  public static func use(_ catalog: MessageCatalog, language: String?) {
    current.withLock { $0 = catalog }
    chosen.withLock { $0 = language }
  }

  /// The language in use (`de`), nil for English: a request's own when it speaks one.
  public static var language: String? {
    if let speaking { return speaking.language }
    return chosen.withLock { $0 }
  }

  /// Says where catalogs are, for requests that ask for a language of their own; `folders` is
  /// called the first time one does.
  public static func catalogs(in folders: @escaping @Sendable () -> [String]) {
    catalogFolders.withLock { $0 = folders }
    placesFound.withLock { $0 = nil }
  }

  /// The languages there are catalogs for (`de`, `pt_BR`), English not among them.
  public static var available: [String] { places.available }

  /// The catalogs' folders and the languages in them, looked for once (each phone page names
  /// the languages; no page walks the folders again).
  private static var places: (folders: [String], available: [String]) {
    if let known = placesFound.withLock({ $0 }) { return known }
    let folders = catalogFolders.withLock { $0 }?() ?? []
    var names: Set<String> = []
    for folder in folders {
      guard let listing = opendir(folder) else { continue }
      defer { closedir(listing) }
      while let entry = readdir(listing) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard LanguageChoice.isName(name) else { continue }
        if access(folder + "/" + name + "/LC_MESSAGES/meals.mo", R_OK) == 0 { names.insert(name) }
      }
    }
    let found = (folders, names.sorted())
    placesFound.withLock { $0 = found }
    return found
  }

  /// Runs `body` speaking the first of `languages` there is a catalog for (English when none
  /// is): what a phone's page says, in its browser's language.
  public static func speaking<Result>(_ languages: [String], _ body: () throws -> Result) rethrows
    -> Result
  {
    for language in languages {
      if let catalog = catalog(language) {
        return try $speaking.withValue(
          Speaking(language: language, catalog: catalog), operation: body)
      }
    }
    return try $speaking.withValue(
      Speaking(language: "en", catalog: MessageCatalog()), operation: body)
  }

  /// `language`'s catalog, read once; nil when there is none (or it cannot be read).
  private static func catalog(_ language: String) -> MessageCatalog? {
    // A name from a request never walks out of the catalogs' folders.
    guard LanguageChoice.isName(language) else { return nil }
    if let known = catalogsRead.withLock({ $0[language] }) { return known }
    var found: MessageCatalog?
    for folder in places.folders {
      guard let bytes = readFile(folder + "/" + language + "/LC_MESSAGES/meals.mo"),
        let catalog = try? MessageCatalog(mo: bytes)
      else { continue }
      found = catalog
      break
    }
    catalogsRead.withLock { $0[language] = .some(found) }
    return found
  }

  static func text(_ message: String, context: String?) -> String {
    if let speaking { return speaking.catalog.text(message, context: context) }
    return current.withLock { $0.text(message, context: context) }
  }

  static func text(_ singular: String, _ plural: String, _ n: Int) -> String {
    if let speaking { return speaking.catalog.text(singular, plural: plural, count: n) }
    return current.withLock { $0.text(singular, plural: plural, count: n) }
  }

  /// The whole file at `path`, or nil when there is none to read.
  private static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? bytes : nil }
      bytes += chunk[..<count]
      // A catalog of every word meals says is some hundreds of KB: past 16 MB it is not one.
      guard bytes.count <= 16 << 20 else { return nil }
    }
  }
}

// MARK: - What the code calls

/// `message` in the user's language.
///
/// The message must be a single-line literal without interpolation: `make pot` extracts it,
/// and a translator sees it as written.
public func tr(_ message: String) -> String { Translator.text(message, context: nil) }

/// `message` in `context`, in the user's language.
///
/// A context parts a word that means two things in English: Back the key, Back the screen.
public func trc(_ context: String, _ message: String) -> String {
  Translator.text(message, context: context)
}

/// The form of `singular`/`plural` for `n` in the user's language (Polish has three), with
/// `%d` (or `%1$d`) replaced by `n` and the placeholders after it by `values`.
public func trn(_ singular: String, _ plural: String, _ n: Int, _ values: String...) -> String {
  Translator.text(singular, plural, n).filled([String(n)] + values)
}

extension String {
  /// The text with its `%s`/`%d` in order, or `%1$s`, `%2$d` by number (a translation may put
  /// them in another order), replaced by `values`; `%%` is `%`.
  public func filled(_ values: String...) -> String { filled(values) }

  /// The same with the values as an array.
  public func filled(_ values: [String]) -> String {
    guard contains("%") else { return self }
    var result = ""
    var next = 0
    var rest = Substring(self)
    while let percent = rest.firstIndex(of: "%") {
      // As a String: appending a Substring runs the generic over any sequence of characters,
      // whose first use at start-up scans every conformance in the binary (0.1 ms).
      result.append(String(rest[..<percent]))
      var after = rest[rest.index(after: percent)...]
      if after.first == "%" {
        result += "%"
        rest = after.dropFirst()
        continue
      }
      // `%2$s`: a number and a dollar before the letter.
      var number: Int?
      let digits = after.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, after[digits.endIndex...].first == "$" {
        number = Int(digits)
        after = after[after.index(after: digits.endIndex)...]
      }
      guard let letter = after.first, letter == "s" || letter == "d" else {
        // Not a placeholder of ours: kept as written.
        result += "%"
        rest = rest[rest.index(after: percent)...]
        continue
      }
      let index = number.map { $0 - 1 } ?? next
      if number == nil { next += 1 }
      result += values.indices.contains(index) ? values[index] : ""
      rest = after.dropFirst()
    }
    result.append(String(rest))
    return result
  }
}
