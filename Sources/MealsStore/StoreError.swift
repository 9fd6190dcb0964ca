/// A persistence failure, with the message the status line shows.
public struct StoreError: Error, Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case cannotOpen
    case notADatabase
    case corrupt
    case readOnly
    case busy
    case newerVersion
    case invalid
    /// A rule of the book's tables refused one change (a key two rows would share).
    case constraint
    case notFound
    case failure
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}
