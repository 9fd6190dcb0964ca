import MealsCore

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
    case .badURL(let url): "The address \(url) is not a valid http(s) URL."
    case .cannotResolve(let host): "Cannot find \(host) — are you offline?"
    case .cannotConnect(let host): "Cannot connect to \(host): server down or unreachable."
    case .timedOut: "TheMealDB did not answer in time. Try again."
    case .connectionLost: "The connection to TheMealDB was cut off. Try again."
    case .secureConnectionFailed(let detail): "Secure connection failed: \(detail)."
    case .httpStatus(let code): "TheMealDB answered with HTTP status \(code)."
    case .bodyTooLarge(let limit):
      "TheMealDB's answer is larger than \(limit / 1_048_576) MiB; it was stopped."
    case .tooManyRedirects:
      "The site sent the request on through more than 5 redirects; meals gave up."
    case .notJSON: MealDBDecodingError.notJSON.message
    case .wrongShape(let detail): MealDBDecodingError.wrongShape(detail).message
    case .other(let detail): "Network error: \(detail)."
    }
  }

  public init(_ decoding: MealDBDecodingError) {
    switch decoding {
    case .notJSON: self = .notJSON
    case .wrongShape(let detail): self = .wrongShape(detail)
    }
  }
}
