import FoundationEssentials

/// A web page as a tree of elements and text, read in one pass and as forgivingly as a
/// browser: unclosed and stray tags, unquoted attributes, entities with or without their `;`.
///
/// Enough of HTML for reading recipes (JSON-LD scripts, microdata, RDFa, the plugins' classes,
/// headings and lists); not a renderer. Node 0 is the document; every other node is an
/// element (a lower-case `name`) or text (`name` empty).
public struct HTMLDocument: Sendable {
  public struct Attribute: Sendable, Equatable {
    public var name: String
    public var value: String
  }

  public struct Node: Sendable {
    /// The tag name in lower case; empty for a text node.
    public var name: String
    /// A text node's text, entities decoded (a script's raw content, undecoded).
    public var text: String
    public var attributes: [Attribute]
    public var parent: Int
    public var children: [Int]
    /// The words of its `class`, split once (they are asked about for every element, often).
    public var classes: [String] = []
    /// Its `class` and `id` in lower case (`recipe-ingredients main`), for finding parts by name.
    public var label = ""
    /// Left out of the text a reader sees: hidden, for screen readers only, not printed.
    var isLeftOut = false

    public var isText: Bool { name.isEmpty }
  }

  public private(set) var nodes: [Node]

  public init(_ html: String) {
    nodes = [Node(name: "#document", text: "", attributes: [], parent: -1, children: [])]
    var builder = Builder(document: self)
    builder.read(Array(html.utf8))
    nodes = builder.document.nodes
  }

  // MARK: - Looking things up

  public func attribute(_ name: String, of node: Int) -> String? {
    nodes[node].attributes.first { $0.name == name }?.value
  }

  /// Whether the element's `class` holds `name` as one of its words.
  public func hasClass(_ name: String, _ node: Int) -> Bool {
    nodes[node].classes.contains(name)
  }

  /// The element's class words.
  public func classes(of node: Int) -> [String] {
    nodes[node].classes
  }

  /// Every element under `node` (not itself), in document order.
  public func elements(under node: Int = 0) -> [Int] {
    var found: [Int] = []
    var stack = nodes[node].children.reversed() as [Int]
    while let next = stack.popLast() {
      guard !nodes[next].isText else { continue }
      found.append(next)
      stack.append(contentsOf: nodes[next].children.reversed())
    }
    return found
  }

  /// The elements under `node` named `name`.
  public func elements(named name: String, under node: Int = 0) -> [Int] {
    elements(under: node).filter { nodes[$0].name == name }
  }

  /// Whether `node` is `ancestor` or inside it.
  public func isInside(_ node: Int, _ ancestor: Int) -> Bool {
    var current = node
    while current >= 0 {
      if current == ancestor { return true }
      current = nodes[current].parent
    }
    return false
  }

  /// The element's text as a reader sees it: the words of everything inside, block elements
  /// and line breaks as spaces, white space folded to single spaces and trimmed.
  public func text(of node: Int) -> String {
    var pieces: [String] = []
    collect(node, into: &pieces)
    return HTMLDocument.fold(pieces.joined())
  }

  /// Whether the element's text (as written, spaces and all) has at most `limit` bytes: a
  /// cheap test before reading a text that must be short (a heading, a group's name).
  public func hasShortText(_ node: Int, limit: Int) -> Bool {
    var total = 0
    var stack = [node]
    while let next = stack.popLast() {
      let current = nodes[next]
      if current.isText {
        total += current.text.utf8.count
        if total > limit { return false }
      } else {
        stack.append(contentsOf: current.children)
      }
    }
    return true
  }

  /// The text of `node`'s lines: a line per block element or `<br>` (each folded), for
  /// instructions written as paragraphs in one element.
  public func lines(of node: Int) -> [String] {
    var pieces: [String] = []
    collect(node, into: &pieces, breaks: "\n")
    return pieces.joined().split(separator: "\n").map { HTMLDocument.fold(String($0)) }
      .filter { !$0.isEmpty }
  }

  private func collect(_ node: Int, into pieces: inout [String], breaks: String = " ") {
    let current = nodes[node]
    if current.isText {
      // A line break in HTML text is a space; lines come from the elements.
      pieces.append(
        breaks == " " || !current.text.utf8.contains(0x0A)
          ? current.text
          : String(decoding: current.text.utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self))
      return
    }
    if Self.hidden.contains(current.name) || current.isLeftOut { return }
    let block = Self.blocks.contains(current.name)
    if block || current.name == "br" { pieces.append(breaks) }
    var previous: Int?
    for child in current.children {
      let start = pieces.count
      collect(child, into: &pieces, breaks: breaks)
      guard !nodes[child].isText else {
        previous = nil
        continue
      }
      // An amount and its food in two elements side by side (`<span>1</span><span>Zwiebel
      // </span>`, `<span>200 g</span><span>Reis</span>`) are two words, never `1Zwiebel`.
      if let previous, start < pieces.count, Self.startsWithLetter(pieces[start...]),
        Self.endsInDigit(pieces[..<start])
          || (Self.startsWithAmount(pieces[previous..<start])
            && IngredientLine.isAmountOnly(pieces[previous..<start].joined()))
      {
        pieces.insert(" ", at: start)
      }
      previous = start
    }
    if block { pieces.append(breaks) }
  }

  /// Whether the last character the pieces hold is a digit.
  private static func endsInDigit(_ pieces: ArraySlice<String>) -> Bool {
    guard let last = pieces.last(where: { !$0.isEmpty })?.last else { return false }
    return last.isNumber
  }

  /// Whether the first character the pieces hold is a digit or a fraction (cheap, before
  /// the pieces are read as an amount).
  private static func startsWithAmount(_ pieces: ArraySlice<String>) -> Bool {
    guard
      let first = pieces.first(where: { !MealRules.isBlank($0) })?.first(where: { !$0.isWhitespace }
      )
    else { return false }
    return first.isNumber
  }

  /// Whether the first character the pieces hold is a letter.
  private static func startsWithLetter(_ pieces: ArraySlice<String>) -> Bool {
    guard let first = pieces.first(where: { !$0.isEmpty })?.first else { return false }
    return first.isLetter
  }

  /// Text for screen readers only (`sr-only`, `screen-reader-text`, `visually-hidden`: "(opens
  /// in a new tab)"), hidden, or left out of print: no reader of the recipe sees it.
  func isScreenReaderOnly(_ node: Int) -> Bool {
    nodes[node].isLeftOut
  }

  /// Whether an element with these attributes and class words is left out of the text.
  fileprivate static func leftOut(_ name: String, _ attributes: [Attribute], classes: [String])
    -> Bool
  {
    if attributes.contains(where: {
      $0.name == "hidden" || ($0.name == "aria-hidden" && $0.value == "true")
    }) {
      return name != "svg" && name != "i"
    }
    // A form's choices (a product's sizes and prices beside an ingredient) are no text.
    if name == "select" || name == "option" || name == "datalist" { return true }
    // Also what a page leaves out when printed (a photo credit, share buttons): the recipe
    // is what gets printed.
    return classes.contains {
      $0 == "sr-only" || $0 == "screen-reader-text" || $0 == "visually-hidden"
        || $0 == "screenreader-only" || $0 == "visuallyhidden" || $0 == "a11y-hidden"
        || $0 == "noprint" || hidesInPrint($0)
    }
  }

  /// A class that hides an element in print, however the page spells it: `no-print`,
  /// `print-hide`, `hide-print`, `print--hide`, `d-print-none`, `rk_print_hide`.
  fileprivate static func hidesInPrint(_ name: String) -> Bool {
    guard name.contains("print") else { return false }
    let words = name.split { $0 == "-" || $0 == "_" }
    return words.contains("print")
      && words.contains { ["no", "hide", "hidden", "none"].contains($0) }
  }

  /// Runs of white space (no-break spaces included) as one space, trimmed.
  public static func fold(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      var pendingSpace = false
      var index = 0
      while index < bytes.count {
        let length = spaceLength(bytes, at: index)
        if length > 0 {
          pendingSpace = !result.isEmpty
          index += length
          continue
        }
        if pendingSpace {
          result.append(0x20)
          pendingSpace = false
        }
        result.append(bytes[index])
        index += 1
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  /// How many bytes of white space (Unicode's, and the zero-width space) start at `index`.
  ///
  /// Read in UTF-8 directly: asking Unicode's property tables for every letter is slow.
  private static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : 0 }
    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
    switch byte {
    case 0xC2: return next == 0x85 || next == 0xA0 ? 2 : 0  // U+0085, no-break space
    case 0xE1: return next == 0x9A && index + 2 < bytes.count && bytes[index + 2] == 0x80 ? 3 : 0
    case 0xE2:
      guard index + 2 < bytes.count else { return 0 }
      let last = bytes[index + 2]
      // U+2000–U+200B, U+2028, U+2029, U+202F; U+205F.
      if next == 0x80 {
        return last <= 0x8B || last == 0xA8 || last == 0xA9 || last == 0xAF ? 3 : 0
      }
      return next == 0x81 && last == 0x9F ? 3 : 0
    case 0xE3: return next == 0x80 && index + 2 < bytes.count && bytes[index + 2] == 0x80 ? 3 : 0
    default: return 0
    }
  }

  /// Elements whose text is never shown.
  static let hidden: Set<String> = ["script", "style", "noscript", "template", "svg", "head"]

  /// Elements that start a line of their own.
  static let blocks: Set<String> = [
    "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th", "table",
    "section", "article", "header", "footer", "aside", "nav", "dl", "dt", "dd", "blockquote",
    "pre", "figure", "figcaption", "form", "main", "hr",
  ]
}

// MARK: - Reading

extension HTMLDocument {
  /// The one pass over the page's bytes that builds the tree.
  fileprivate struct Builder {
    var document: HTMLDocument
    /// The open elements, innermost last (0, the document, always at the bottom).
    private var open: [Int] = [0]

    init(document: HTMLDocument) {
      self.document = document
    }

    static let void: Set<String> = [
      "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
      "source", "track", "wbr",
    ]
    /// Their content is text up to their closing tag, never markup.
    static let raw: Set<String> = ["script", "style", "textarea", "title", "xmp", "plaintext"]
    /// Opening one of these closes an open `p` first.
    static let closesParagraph: Set<String> = [
      "p", "div", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "h5", "h6", "table", "section",
      "article", "header", "footer", "aside", "nav", "pre", "blockquote", "figure", "form", "hr",
      "main",
    ]

    mutating func read(_ bytes: [UInt8]) {
      var index = 0
      let count = bytes.count
      while index < count {
        guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
          let end = Self.next(UInt8(ascii: "<"), in: bytes, from: index + 1) ?? count
          addText(bytes[index..<end], decode: true)
          index = end
          continue
        }
        let following = bytes[index + 1]
        if following == UInt8(ascii: "!") || following == UInt8(ascii: "?") {
          index = skipDeclaration(bytes, from: index)
        } else if following == UInt8(ascii: "/") {
          index = closeTag(bytes, from: index)
        } else if Self.isLetter(following) {
          index = openTag(bytes, from: index)
        } else {
          addText(bytes[index..<(index + 1)], decode: false)
          index += 1
        }
      }
    }

    /// `<!-- … -->`, `<!DOCTYPE …>`, `<![CDATA[ … ]]>`, `<? … >`.
    private func skipDeclaration(_ bytes: [UInt8], from start: Int) -> Int {
      if bytes[start...].starts(with: Array("<!--".utf8)) {
        return (Self.find(Array("-->".utf8), in: bytes, from: start + 4).map { $0 + 3 })
          ?? bytes.count
      }
      return (Self.next(UInt8(ascii: ">"), in: bytes, from: start + 2).map { $0 + 1 })
        ?? bytes.count
    }

    private mutating func closeTag(_ bytes: [UInt8], from start: Int) -> Int {
      var index = start + 2
      let nameStart = index
      while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
      let name = Self.lowerName(bytes[nameStart..<index])
      let end = (Self.next(UInt8(ascii: ">"), in: bytes, from: index).map { $0 + 1 }) ?? bytes.count
      if name == "br" {
        append(element: "br", attributes: [], void: true)
      } else if !name.isEmpty,
        let depth = open.lastIndex(where: { document.nodes[$0].name == name }),
        depth > 0
      {
        open.removeSubrange(depth...)
      }
      return end
    }

    private mutating func openTag(_ bytes: [UInt8], from start: Int) -> Int {
      var index = start + 1
      let nameStart = index
      while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
      let name = Self.lowerName(bytes[nameStart..<index])
      var attributes: [Attribute] = []
      var selfClosing = false
      // Attributes, up to the tag's `>` (not one inside a quoted value).
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: ">") {
          index += 1
          break
        }
        if byte == UInt8(ascii: "/") {
          selfClosing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">")
          index += 1
          continue
        }
        if Self.isSpace(byte) {
          index += 1
          continue
        }
        let attributeStart = index
        while index < bytes.count, !Self.isSpace(bytes[index]),
          bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"),
          !(bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count
            && bytes[index + 1] == UInt8(ascii: ">"))
        {
          index += 1
        }
        let attributeName = Self.lowerName(bytes[attributeStart..<index])
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        var value = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
          index += 1
          while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
          if index < bytes.count,
            bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
          {
            let quote = bytes[index]
            var valueEnd = Self.next(quote, in: bytes, from: index + 1) ?? bytes.count
            if quote == UInt8(ascii: "\""),
              let end = Self.unescapedJSONEnd(bytes, opened: index + 1, quote: valueEnd)
            {
              valueEnd = end
            }
            value = Self.decode(bytes[(index + 1)..<valueEnd])
            index = min(bytes.count, valueEnd + 1)
          } else {
            let valueStart = index
            while index < bytes.count, !Self.isSpace(bytes[index]),
              bytes[index] != UInt8(ascii: ">")
            {
              index += 1
            }
            value = Self.decode(bytes[valueStart..<index])
          }
        }
        if !attributeName.isEmpty, !attributes.contains(where: { $0.name == attributeName }) {
          attributes.append(Attribute(name: attributeName, value: value))
        }
      }
      if Self.raw.contains(name) && !selfClosing {
        // Text up to `</name`, whatever it holds.
        let closing = Array("</\(name)".utf8)
        let end = Self.find(closing, in: bytes, from: index, ignoringCase: true) ?? bytes.count
        let element = append(element: name, attributes: attributes, void: true)
        if name != "style" {
          addText(bytes[index..<end], decode: name != "script", to: element)
        }
        let after = Self.next(UInt8(ascii: ">"), in: bytes, from: end).map { $0 + 1 } ?? bytes.count
        return after
      }
      closeImplied(by: name)
      append(element: name, attributes: attributes, void: selfClosing || Self.void.contains(name))
      return index
    }

    /// What browsers close for you: a `p` before a block, an `li` before the next `li`, a
    /// cell before the next cell, an option before the next option.
    private mutating func closeImplied(by name: String) {
      func closeOpen(_ names: Set<String>, stoppingAt boundaries: Set<String>) {
        guard
          let depth = open.lastIndex(where: {
            names.contains(document.nodes[$0].name) || boundaries.contains(document.nodes[$0].name)
          }), depth > 0, names.contains(document.nodes[open[depth]].name)
        else { return }
        open.removeSubrange(depth...)
      }
      if Self.closesParagraph.contains(name), let last = open.last, document.nodes[last].name == "p"
      {
        open.removeLast()
      }
      switch name {
      case "li": closeOpen(["li"], stoppingAt: ["ul", "ol", "menu"])
      case "dt", "dd": closeOpen(["dt", "dd"], stoppingAt: ["dl"])
      case "td", "th": closeOpen(["td", "th"], stoppingAt: ["tr", "table"])
      case "tr": closeOpen(["tr", "td", "th"], stoppingAt: ["table", "tbody", "thead", "tfoot"])
      case "option": closeOpen(["option"], stoppingAt: ["select", "datalist"])
      default: break
      }
    }

    @discardableResult
    private mutating func append(element name: String, attributes: [Attribute], void: Bool)
      -> Int
    {
      let parent = open.last ?? 0
      let index = document.nodes.count
      var node = Node(name: name, text: "", attributes: attributes, parent: parent, children: [])
      if let value = attributes.first(where: { $0.name == "class" })?.value {
        // HTML splits class names at ASCII white space only.
        node.classes = value.utf8.split(whereSeparator: Self.isSpace).map {
          String(decoding: $0, as: UTF8.self)
        }
      }
      node.isLeftOut = HTMLDocument.leftOut(name, attributes, classes: node.classes)
      let id = attributes.first { $0.name == "id" }?.value
      if !node.classes.isEmpty || id != nil {
        node.label = (node.classes.joined(separator: " ") + " " + (id ?? "")).lowercased()
      }
      document.nodes.append(node)
      document.nodes[parent].children.append(index)
      if !void { open.append(index) }
      return index
    }

    private mutating func addText(_ bytes: ArraySlice<UInt8>, decode: Bool, to parent: Int? = nil) {
      guard !bytes.isEmpty else { return }
      let parent = parent ?? open.last ?? 0
      let text = decode ? Self.decode(bytes) : String(decoding: bytes, as: UTF8.self)
      // Adjacent text (a stray `<`) joins the text before it.
      if let last = document.nodes[parent].children.last, document.nodes[last].isText {
        document.nodes[last].text += text
        return
      }
      let index = document.nodes.count
      document.nodes.append(
        Node(name: "", text: text, attributes: [], parent: parent, children: []))
      document.nodes[parent].children.append(index)
    }

    // MARK: - Bytes

    static func isLetter(_ byte: UInt8) -> Bool {
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
      isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
    }

    static func lowerName(_ bytes: ArraySlice<UInt8>) -> String {
      guard bytes.contains(where: { (0x41...0x5A).contains($0) }) else {
        return String(decoding: bytes, as: UTF8.self)
      }
      return String(
        decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Where a value ends that a page wrote as JSON without escaping its quotes.
    ///
    /// `content="[{"@type":"HowToStep",…}]"`: at the `"` after the JSON's last `}]` (or
    /// `}`), followed by the tag's next space, `/` or `>`. Nil for any other value.
    static func unescapedJSONEnd(_ bytes: [UInt8], opened start: Int, quote: Int) -> Int? {
      let opened = bytes[start..<quote]
      let closing: [UInt8]
      if opened.elementsEqual("[{".utf8) {
        closing = Array("}]\"".utf8)
      } else if opened.elementsEqual("{".utf8) {
        closing = Array("}\"".utf8)
      } else {
        return nil
      }
      var from = quote
      // A bounded look: such a value is a recipe's steps, not a megabyte.
      while let found = find(closing, in: bytes, from: from), found - quote < 1 << 20 {
        let end = found + closing.count - 1
        let after = end + 1 < bytes.count ? bytes[end + 1] : UInt8(ascii: ">")
        if isSpace(after) || after == UInt8(ascii: ">") || after == UInt8(ascii: "/") {
          return end
        }
        from = found + 1
      }
      return nil
    }

    static func next(_ byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
      guard start < bytes.count else { return nil }
      return bytes[start...].firstIndex(of: byte)
    }

    static func find(
      _ needle: [UInt8], in bytes: [UInt8], from start: Int, ignoringCase: Bool = false
    ) -> Int? {
      guard let first = needle.first, bytes.count - start >= needle.count else { return nil }
      var index = max(0, start)
      let last = bytes.count - needle.count
      while index <= last {
        if bytes[index] == first {
          var matches = true
          for offset in 1..<needle.count {
            var byte = bytes[index + offset]
            if ignoringCase, (0x41...0x5A).contains(byte) { byte += 0x20 }
            if byte != needle[offset] {
              matches = false
              break
            }
          }
          if matches { return index }
        }
        index += 1
      }
      return nil
    }

    /// Text with its character references decoded (`&amp;`, `&#39;`, `&#x2019;`, `&nbsp`).
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
      guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      var index = bytes.startIndex
      while index < bytes.endIndex {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "&") else {
          out.append(byte)
          index += 1
          continue
        }
        // A name or number of at most 32 bytes, ended by `;` (or not, for the common ones).
        var end = index + 1
        while end < bytes.endIndex, end - index <= 32,
          isLetter(bytes[end]) || (0x30...0x39).contains(bytes[end])
            || bytes[end] == UInt8(ascii: "#")
        {
          end += 1
        }
        let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        let terminated = end < bytes.endIndex && bytes[end] == UInt8(ascii: ";")
        if !name.isEmpty, let scalar = HTMLEntities.scalar(name[...]),
          terminated || name.hasPrefix("#") || ["amp", "lt", "gt", "quot", "nbsp"].contains(name)
        {
          out += Array(String(Character(scalar)).utf8)
          index = terminated ? end + 1 : end
        } else {
          out.append(byte)
          index += 1
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  }
}
