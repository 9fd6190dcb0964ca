import MealsCore
import Translation

/// Every way a request can fail, with a message a person understands.
public enum NetworkError: Error, Equatable, Sendable {
  case badURL(String)
  case cannotResolve(String)
  case cannotConnect(String)
  case timedOut
  case connectionLost
  case secureConnectionFailed(String)
  case httpStatus(Int)
  case bodyTooLarge(Int)
  /// More than five redirects in a row (a loop, most likely).
  case tooManyRedirects
  case notJSON
  case wrongShape(String)
  case other(String)

  public var message: String {
    switch self {
    case .badURL(let url): tr("The address %s is not a valid http(s) URL.").filled(url)
    case .cannotResolve(let host): tr("Cannot find %s — are you offline?").filled(host)
    case .cannotConnect(let host):
      tr("Cannot connect to %s: server down or unreachable.").filled(host)
    case .timedOut: tr("TheMealDB did not answer in time. Try again.")
    case .connectionLost: tr("The connection to TheMealDB was cut off. Try again.")
    case .secureConnectionFailed(let detail):
      tr("Secure connection failed: %s.").filled(detail)
    case .httpStatus(let code): tr("TheMealDB answered with HTTP status %d.").filled(String(code))
    case .bodyTooLarge(let limit):
      tr("TheMealDB's answer is larger than %d MiB; it was stopped.").filled(
        String(limit / 1_048_576))
    case .tooManyRedirects:
      tr("The site sent the request on through more than 5 redirects; meals gave up.")
    case .notJSON: MealDBDecodingError.notJSON.message
    case .wrongShape(let detail): MealDBDecodingError.wrongShape(detail).message
    case .other(let detail): tr("Network error: %s.").filled(detail)
    }
  }

  public init(_ decoding: MealDBDecodingError) {
    switch decoding {
    case .notJSON: self = .notJSON
    case .wrongShape(let detail): self = .wrongShape(detail)
    }
  }
}
