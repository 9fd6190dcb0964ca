/// The one answer a screen waits for (a search, a page, a count): asking again, or dropping,
/// supersedes what was asked before, so an answer that comes back late is dropped here — by
/// the slot — and never by a comparison of ids in each screen.
public struct LatestAnswer<Asked> {
  /// Names one asking; the request's completion carries it back to `take`.
  public struct Ticket: Hashable, Sendable {
    fileprivate let number: Int
  }

  private var waiting: (ticket: Ticket, asked: Asked)?
  private var issued = 0

  public init() {}

  /// What the awaited answer was asked for, while one is awaited (set: what is learnt after
  /// asking, such as the request's id to cancel it by).
  public var asked: Asked? {
    get { waiting?.asked }
    set { if let newValue { waiting?.asked = newValue } }
  }
  public var isWaiting: Bool { waiting != nil }

  /// Waits for a new answer; the one asked before, if still under way, will be dropped.
  public mutating func ask(_ asked: Asked) -> Ticket {
    issued += 1
    let ticket = Ticket(number: issued)
    waiting = (ticket, asked)
    return ticket
  }

  /// Stops waiting (the answer under way will be dropped); what was asked, to cancel it.
  @discardableResult
  public mutating func drop() -> Asked? {
    defer { waiting = nil }
    return waiting?.asked
  }

  /// An answer has come for `ticket`: what it was asked for when it is the one awaited (the
  /// slot is free again), nil when it is late (asked again or dropped since).
  public mutating func take(_ ticket: Ticket) -> Asked? {
    guard let waiting, waiting.ticket == ticket else { return nil }
    self.waiting = nil
    return waiting.asked
  }
}
