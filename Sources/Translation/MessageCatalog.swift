/// One language's messages, read from a compiled gettext catalog (`.mo`, as `msgfmt` writes
/// it): each message's translation, its plural forms, and the language's plural rule.
///
/// The file is read once, whole, into a table; a catalog that cannot be read is an error the
/// caller says, and the program goes on in English.
public struct MessageCatalog: Sendable {
  /// Translations by message (`context\u{4}message` when it has a context); a message with
  /// plural forms has them all, in the rule's order.
  private var messages: [String: [String]] = [:]
  /// The rule choosing among plural forms.
  public private(set) var pluralRule = PluralRule.germanic
  /// The catalog's header lines (`Language: de`, …).
  public private(set) var header: [String: String] = [:]

  /// A catalog with no messages: every lookup gives the English.
  public init() {}

  /// Reads a compiled catalog's bytes.
  public init(mo bytes: [UInt8]) throws(CatalogError) {
    guard bytes.count >= 28 else { throw CatalogError("it is too short to be a catalog") }
    // The magic number tells the byte order the file was written in.
    let little: Bool
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0xDE, 0x12, 0x04, 0x95): little = true
    case (0x95, 0x04, 0x12, 0xDE): little = false
    default: throw CatalogError("it is not a compiled gettext catalog")
    }
    func word(_ offset: Int) throws(CatalogError) -> Int {
      guard offset >= 0, offset + 4 <= bytes.count else {
        throw CatalogError("it ends before its tables do")
      }
      let parts = (0..<4).map { UInt32(bytes[offset + $0]) }
      let value =
        little
        ? parts[0] | parts[1] << 8 | parts[2] << 16 | parts[3] << 24
        : parts[3] | parts[2] << 8 | parts[1] << 16 | parts[0] << 24
      return Int(value)
    }
    guard try word(4) >> 16 <= 1 else {
      throw CatalogError("it is of a later format than gettext's 0 and 1")
    }
    let count = try word(8)
    let originals = try word(12)
    let translations = try word(16)
    guard count <= bytes.count / 16 else {
      throw CatalogError("it counts more messages than it holds")
    }
    func text(at table: Int, _ index: Int) throws(CatalogError) -> [String] {
      let length = try word(table + 8 * index)
      let offset = try word(table + 8 * index + 4)
      guard offset + length <= bytes.count else {
        throw CatalogError("a message lies past its end")
      }
      return bytes[offset..<offset + length].split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    }
    for index in 0..<count {
      let original = try text(at: originals, index)
      let translated = try text(at: translations, index)
      guard let key = original.first else { continue }
      if key.isEmpty {
        readHeader(translated.joined())
        continue
      }
      // A translation left empty (or a form of it) is untranslated: the English shows.
      guard translated.allSatisfy({ !$0.isEmpty }) else { continue }
      messages[key] = translated
    }
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
  public var count: Int { messages.count }

  /// The translation of `message` (in `context`, when given), or the message itself.
  public func text(_ message: String, context: String? = nil) -> String {
    messages[key(message, context)]?.first ?? message
  }

  /// The form of `singular`/`plural` for `n`: the catalog's, by its rule, or English's.
  public func text(
    _ singular: String, plural: String, count n: Int, context: String? = nil
  ) -> String {
    if let forms = messages[key(singular, context)] {
      let form = pluralRule.form(for: n)
      if form < forms.count { return forms[form] }
    }
    return n == 1 ? singular : plural
  }

  private func key(_ message: String, _ context: String?) -> String {
    context.map { $0 + "\u{4}" + message } ?? message
  }
}

/// Why a catalog could not be read.
public struct CatalogError: Error, Equatable, Sendable {
  public let reason: String
  init(_ reason: String) { self.reason = reason }
}
