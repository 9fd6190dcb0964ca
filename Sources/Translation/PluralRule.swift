/// A catalog's rule for plural forms (`Plural-Forms: nplurals=3; plural=(n==1 ? 0 : …);`),
/// read as GNU gettext reads it: C's operators on one unsigned number `n`.
///
/// Each language writes its own rule in its catalog's header, so meals knows none of them:
/// Polish's three forms come from Polish's file.
public struct PluralRule: Equatable, Sendable {
  /// How many forms a message has.
  public let count: Int
  /// The expression as a flat list, each node naming its operands by place, the root last.
  ///
  /// Flat, so no pointer hides in an enum's spare bits from the leak checker.
  private let nodes: [Node]

  /// English's rule, and what a catalog without a rule of its own gets (as gettext does).
  public static let germanic = PluralRule(
    count: 2,
    nodes: [Node(.n), Node(.number, value: 1), Node(.binary(.notEqual), 0, 1)])

  /// The rule written in a `Plural-Forms` header value; nil when it cannot be read.
  public init?(header value: String) {
    var count: Int?
    var nodes: [Node]?
    for part in value.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      let name = trimmedOfSpaces(pair[0])
      if name == "nplurals" {
        count = Int(trimmedOfSpaces(pair[1]))
      } else if name == "plural" {
        var parser = Parser(Array(pair[1].utf8))
        nodes = parser.parseWhole()
      }
    }
    guard let count, (1...6).contains(count), let nodes else { return nil }
    self.init(count: count, nodes: nodes)
  }

  private init(count: Int, nodes: [Node]) {
    self.count = count
    self.nodes = nodes
  }

  /// The form for `n` (0 up to `count - 1`; a rule that says more gives the first, as
  /// gettext does).
  public func form(for n: Int) -> Int {
    let value = value(of: nodes.count - 1, UInt64(n.magnitude))
    return value < UInt64(count) ? Int(value) : 0
  }

  // MARK: - The expression

  struct Node: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
      case n, number, not, choice
      case binary(Operator)
    }

    let kind: Kind
    /// A number's value.
    var value: UInt64 = 0
    /// The operands' places in `nodes`: `!` has one, an operator two, a choice three.
    var operands: (Int, Int, Int) = (0, 0, 0)

    init(_ kind: Kind, value: UInt64 = 0) {
      self.kind = kind
      self.value = value
    }

    init(_ kind: Kind, _ first: Int, _ second: Int = 0, _ third: Int = 0) {
      self.kind = kind
      self.operands = (first, second, third)
    }

    static func == (left: Node, right: Node) -> Bool {
      left.kind == right.kind && left.value == right.value && left.operands == right.operands
    }
  }

  /// The value of the node at `place` for `n`.
  private func value(of place: Int, _ n: UInt64) -> UInt64 {
    let node = nodes[place]
    switch node.kind {
    case .n: return n
    case .number: return node.value
    case .not: return value(of: node.operands.0, n) == 0 ? 1 : 0
    case .choice:
      return value(of: node.operands.0, n) != 0
        ? value(of: node.operands.1, n) : value(of: node.operands.2, n)
    case .binary(let op):
      let (a, b) = (value(of: node.operands.0, n), value(of: node.operands.1, n))
      switch op {
      case .or: return a != 0 || b != 0 ? 1 : 0
      case .and: return a != 0 && b != 0 ? 1 : 0
      case .equal: return a == b ? 1 : 0
      case .notEqual: return a != b ? 1 : 0
      case .less: return a < b ? 1 : 0
      case .lessOrEqual: return a <= b ? 1 : 0
      case .greater: return a > b ? 1 : 0
      case .greaterOrEqual: return a >= b ? 1 : 0
      case .plus: return a &+ b
      case .minus: return a &- b
      case .times: return a &* b
      // Dividing by zero gives 0: a broken rule picks a form, never stops the program.
      case .divided: return b == 0 ? 0 : a / b
      case .remainder: return b == 0 ? 0 : a % b
      }
    }
  }

  enum Operator: Equatable, Sendable {
    case or, and, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    case plus, minus, times, divided, remainder
  }

  /// Precedence climbing over C's levels: `?:`, `||`, `&&`, equality, comparison, sums,
  /// products, then `!`, `n`, numbers and parentheses.
  private struct Parser {
    private let bytes: [UInt8]
    private var at = 0
    /// Parentheses and choices nested so deep are no rule anyone writes.
    private var depth = 0
    /// The nodes read so far; each is added after its operands.
    private var nodes: [Node] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The nodes, root last, when the whole text is one expression.
    mutating func parseWhole() -> [Node]? {
      guard let root = choice() else { return nil }
      skipSpaces()
      guard at == bytes.count else { return nil }
      return root == nodes.count - 1 ? nodes : nodes + [nodes[root]]
    }

    /// Adds a node; its place.
    private mutating func add(_ node: Node) -> Int {
      nodes.append(node)
      return nodes.count - 1
    }

    private mutating func choice() -> Int? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 64, let condition = binary(level: 0) else { return nil }
      guard take("?") else { return condition }
      guard let then = choice(), take(":"), let otherwise = choice() else { return nil }
      return add(Node(.choice, condition, then, otherwise))
    }

    private static let levels: [[(String, Operator)]] = [
      [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
      [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
      [("+", .plus), ("-", .minus)], [("*", .times), ("/", .divided), ("%", .remainder)],
    ]

    private mutating func binary(level: Int) -> Int? {
      guard level < Self.levels.count else { return unary() }
      guard var left = binary(level: level + 1) else { return nil }
      while let op = Self.levels[level].first(where: { peek($0.0) }) {
        _ = take(op.0)
        guard let right = binary(level: level + 1) else { return nil }
        left = add(Node(.binary(op.1), left, right))
      }
      return left
    }

    private mutating func unary() -> Int? {
      skipSpaces()
      guard at < bytes.count else { return nil }
      if peek("!=") { return nil }
      if take("!") {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64, let operand = unary() else { return nil }
        return add(Node(.not, operand))
      }
      if take("(") {
        guard let inner = choice(), take(")") else { return nil }
        return inner
      }
      if take("n") { return add(Node(.n)) }
      var value: UInt64 = 0
      var digits = 0
      while at < bytes.count, (0x30...0x39).contains(bytes[at]) {
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        value = times &+ UInt64(bytes[at] - 0x30)
        at += 1
        digits += 1
      }
      return digits > 0 ? add(Node(.number, value: value)) : nil
    }

    private mutating func skipSpaces() {
      while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    private mutating func peek(_ token: String) -> Bool {
      skipSpaces()
      let wanted = Array(token.utf8)
      guard at + wanted.count <= bytes.count else { return false }
      guard bytes[at..<at + wanted.count].elementsEqual(wanted) else { return false }
      // `<` is not the start of `<=`, nor `!` of `!=`.
      if wanted.count == 1, at + 1 < bytes.count, bytes[at + 1] == 0x3D,
        [0x3C, 0x3E, 0x21, 0x3D].contains(wanted[0])
      {
        return false
      }
      return true
    }

    private mutating func take(_ token: String) -> Bool {
      guard peek(token) else { return false }
      at += token.utf8.count
      return true
    }
  }
}

/// The text without spaces, tabs or line breaks around it.
func trimmedOfSpaces(_ text: Substring) -> String {
  let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
  guard let first = text.firstIndex(where: { !isSpace($0) }),
    let last = text.lastIndex(where: { !isSpace($0) })
  else { return "" }
  return String(text[first...last])
}
