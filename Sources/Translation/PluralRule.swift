/// A catalog's rule for plural forms (`Plural-Forms: nplurals=3; plural=(n==1 ? 0 : …);`),
/// read as GNU gettext reads it: C's operators on one unsigned number `n`.
///
/// Each language writes its own rule in its catalog's header, so meals knows none of them:
/// Polish's three forms come from Polish's file.
public struct PluralRule: Equatable, Sendable {
  /// How many forms a message has.
  public let count: Int
  private let expression: Expression

  /// English's rule, and what a catalog without a rule of its own gets (as gettext does).
  public static let germanic = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

  /// The rule written in a `Plural-Forms` header value; nil when it cannot be read.
  public init?(header value: String) {
    var count: Int?
    var expression: Expression?
    for part in value.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      let name = trimmedOfSpaces(pair[0])
      if name == "nplurals" {
        count = Int(trimmedOfSpaces(pair[1]))
      } else if name == "plural" {
        var parser = Parser(Array(pair[1].utf8))
        expression = parser.parseWhole()
      }
    }
    guard let count, (1...6).contains(count), let expression else { return nil }
    self.init(count: count, expression: expression)
  }

  private init(count: Int, expression: Expression) {
    self.count = count
    self.expression = expression
  }

  /// The form for `n` (0 up to `count - 1`; a rule that says more gives the first, as
  /// gettext does).
  public func form(for n: Int) -> Int {
    let value = expression.value(UInt64(n.magnitude))
    return value < UInt64(count) ? Int(value) : 0
  }

  // MARK: - The expression

  indirect enum Expression: Equatable, Sendable {
    case n
    case number(UInt64)
    case not(Expression)
    case binary(Operator, Expression, Expression)
    case choice(Expression, Expression, Expression)

    func value(_ n: UInt64) -> UInt64 {
      switch self {
      case .n: return n
      case .number(let value): return value
      case .not(let operand): return operand.value(n) == 0 ? 1 : 0
      case .choice(let condition, let then, let otherwise):
        return condition.value(n) != 0 ? then.value(n) : otherwise.value(n)
      case .binary(let op, let left, let right):
        let (a, b) = (left.value(n), right.value(n))
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

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseWhole() -> Expression? {
      guard let expression = choice() else { return nil }
      skipSpaces()
      return at == bytes.count ? expression : nil
    }

    private mutating func choice() -> Expression? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 64, let condition = binary(level: 0) else { return nil }
      guard take("?") else { return condition }
      guard let then = choice(), take(":"), let otherwise = choice() else { return nil }
      return .choice(condition, then, otherwise)
    }

    private static let levels: [[(String, Operator)]] = [
      [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
      [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
      [("+", .plus), ("-", .minus)], [("*", .times), ("/", .divided), ("%", .remainder)],
    ]

    private mutating func binary(level: Int) -> Expression? {
      guard level < Self.levels.count else { return unary() }
      guard var left = binary(level: level + 1) else { return nil }
      while let op = Self.levels[level].first(where: { peek($0.0) }) {
        _ = take(op.0)
        guard let right = binary(level: level + 1) else { return nil }
        left = .binary(op.1, left, right)
      }
      return left
    }

    private mutating func unary() -> Expression? {
      skipSpaces()
      guard at < bytes.count else { return nil }
      if peek("!=") { return nil }
      if take("!") {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64, let operand = unary() else { return nil }
        return .not(operand)
      }
      if take("(") {
        guard let inner = choice(), take(")") else { return nil }
        return inner
      }
      if take("n") { return .n }
      var value: UInt64 = 0
      var digits = 0
      while at < bytes.count, (0x30...0x39).contains(bytes[at]) {
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        value = times &+ UInt64(bytes[at] - 0x30)
        at += 1
        digits += 1
      }
      return digits > 0 ? .number(value) : nil
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
