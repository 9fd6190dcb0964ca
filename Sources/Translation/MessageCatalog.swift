/// One language's messages, read from a compiled gettext catalog (`.mo`, as `msgfmt` writes
/// it): each message's translation, its plural forms, and the language's plural rule.
///
/// The file's bytes are kept and looked up in place, as gettext does: its messages are sorted,
/// so a lookup is a binary search and only the messages shown become strings. Start-up pays
/// for reading the file and checking its tables, not for a table of 700 strings. A catalog
/// that cannot be read is an error the caller says, and the program goes on in English.
public struct MessageCatalog: Sendable {
  /// The file, whole.
  private let bytes: [UInt8]
  private let little: Bool
  private let entries: Int
  /// Where the tables of originals and of translations start (8 bytes an entry).
  private let originals: Int
  private let translations: Int
  /// The messages as a table, for a file whose originals are not in byte order (no lookup
  /// could search it); nil for one that is, as msgfmt writes them.
  private var unsorted: [[UInt8]: Int]?
  /// The rule choosing among plural forms.
  public private(set) var pluralRule = PluralRule.germanic
  /// The catalog's header lines (`Language: de`, …).
  public private(set) var header: [String: String] = [:]

  /// A catalog with no messages: every lookup gives the English.
  public init() {
    bytes = []
    little = true
    entries = 0
    originals = 0
    translations = 0
  }

  /// Reads a compiled catalog's bytes.
  public init(mo bytes: [UInt8]) throws(CatalogError) {
    guard bytes.count >= 28 else { throw CatalogError("it is too short to be a catalog") }
    // The magic number tells the byte order the file was written in.
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0xDE, 0x12, 0x04, 0x95): little = true
    case (0x95, 0x04, 0x12, 0xDE): little = false
    default: throw CatalogError("it is not a compiled gettext catalog")
    }
    self.bytes = bytes
    guard Self.word(bytes, 4, little) >> 16 <= 1 else {
      throw CatalogError("it is of a later format than gettext's 0 and 1")
    }
    entries = Self.word(bytes, 8, little)
    originals = Self.word(bytes, 12, little)
    translations = Self.word(bytes, 16, little)
    guard entries <= bytes.count / 16 else {
      throw CatalogError("it counts more messages than it holds")
    }
    for table in [originals, translations] {
      guard table >= 0, table + 8 * entries <= bytes.count else {
        throw CatalogError("it ends before its tables do")
      }
    }
    // Every message inside the file, and the originals in order (or a table made of them).
    var sorted = true
    for index in 0..<entries {
      for table in [originals, translations] {
        let span = span(table, index)
        guard span.upperBound <= bytes.count else {
          throw CatalogError("a message lies past its end")
        }
      }
      if index > 0, sorted, compare(key(at: index - 1), key(at: index)) > 0 { sorted = false }
    }
    if !sorted {
      var table: [[UInt8]: Int] = [:]
      for index in 0..<entries { table[Array(bytes[key(at: index)])] = index }
      unsorted = table
    }
    if let index = find(Array("".utf8)) {
      readHeader(String(decoding: bytes[span(translations, index)], as: UTF8.self))
    }
  }

  /// The 32-bit number at `offset`, in the file's byte order (no allocation: every lookup
  /// reads a dozen of them).
  private static func word(_ bytes: [UInt8], _ offset: Int, _ little: Bool) -> Int {
    let (a, b, c, d) = (
      UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]),
      UInt32(bytes[offset + 3])
    )
    return Int(little ? a | b << 8 | c << 16 | d << 24 : d | c << 8 | b << 16 | a << 24)
  }

  /// The bytes of entry `index` of `table` (an original, or a translation).
  private func span(_ table: Int, _ index: Int) -> Range<Int> {
    let length = Self.word(bytes, table + 8 * index, little)
    let offset = Self.word(bytes, table + 8 * index + 4, little)
    return offset..<offset + length
  }

  /// An original as it is searched: up to its first NUL (a plural's English plural follows).
  private func key(at index: Int) -> Range<Int> {
    let whole = span(originals, index)
    let end = bytes[whole].firstIndex(of: 0) ?? whole.upperBound
    return whole.lowerBound..<end
  }

  /// Byte order, as C's strcmp, of `left` in the file against `right`.
  private func compare(_ left: Range<Int>, _ right: Range<Int>) -> Int {
    bytes.withUnsafeBufferPointer { all in
      compare(UnsafeBufferPointer(rebasing: all[left]), UnsafeBufferPointer(rebasing: all[right]))
    }
  }

  private func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
    return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
  }

  /// The entry whose original is `wanted`, by binary search.
  private func find(_ wanted: [UInt8]) -> Int? {
    if let unsorted { return unsorted[wanted] }
    var low = 0
    var high = entries
    return wanted.withUnsafeBufferPointer { key in
      bytes.withUnsafeBufferPointer { all in
        while low < high {
          let middle = (low + high) / 2
          let order = compare(UnsafeBufferPointer(rebasing: all[self.key(at: middle)]), key)
          if order == 0 { return middle }
          if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
      }
    }
  }

  /// The translated forms of `message`, nil when the catalog leaves it in English.
  private func forms(_ message: String, _ context: String?) -> [Substring]? {
    guard entries > 0 else { return nil }
    var wanted: [UInt8] = []
    if let context { wanted = Array(context.utf8) + [4] }
    wanted += message.utf8
    guard !wanted.isEmpty, let index = find(wanted) else { return nil }
    let text = String(decoding: bytes[span(translations, index)], as: UTF8.self)
    let forms = text.split(separator: "\u{0}", omittingEmptySubsequences: false)
    // A translation left empty (or a form of it) is untranslated: the English shows.
    return forms.allSatisfy { !$0.isEmpty } ? forms : nil
  }

  private mutating func readHeader(_ text: String) {
    for line in text.split(separator: "\n") {
      let pair = line.split(separator: ":", maxSplits: 1)
      guard pair.count == 2 else { continue }
      header[trimmedOfSpaces(pair[0])] = trimmedOfSpaces(pair[1])
    }
    if let rule = header["Plural-Forms"].flatMap(PluralRule.init(header:)) { pluralRule = rule }
  }

  /// How many messages it translates.
  public var count: Int {
    (0..<entries).filter { index in
      let original = span(originals, index)
      let translated = span(translations, index)
      return !original.isEmpty && !translated.isEmpty
        && !bytes[translated].split(separator: 0, omittingEmptySubsequences: false)
          .contains { $0.isEmpty }
    }.count
  }

  /// The translation of `message` (in `context`, when given), or the message itself.
  public func text(_ message: String, context: String? = nil) -> String {
    forms(message, context)?.first.map(String.init) ?? message
  }

  /// The form of `singular`/`plural` for `n`: the catalog's, by its rule, or English's.
  public func text(
    _ singular: String, plural: String, count n: Int, context: String? = nil
  ) -> String {
    if let forms = forms(singular, context) {
      let form = pluralRule.form(for: n)
      if form < forms.count { return String(forms[form]) }
    }
    return n == 1 ? singular : plural
  }
}

/// Why a catalog could not be read.
public struct CatalogError: Error, Equatable, Sendable {
  public let reason: String
  init(_ reason: String) { self.reason = reason }
}
