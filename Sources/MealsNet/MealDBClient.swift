import FoundationEssentials
import MealsCore

/// What the app asks of TheMealDB; the real client and the tests' fake both provide it.
public protocol MealDBService: AnyObject {
  func searchMeals(named name: String, completion: @escaping (Result<[Meal], NetworkError>) -> Void)
    -> RequestID
  func listIngredients(completion: @escaping (Result<[Ingredient], NetworkError>) -> Void)
    -> RequestID
  /// The raw answer to a browse request; the caller decodes it (and may cache the bytes).
  func fetch(_ request: MealDBRequest, completion: @escaping (Result<Data, NetworkError>) -> Void)
    -> RequestID
  /// A picture's bytes (at most `pictureLimit`); TheMealDB's own picture addresses are asked
  /// of the server the API URL names (so a local test server serves them too).
  func fetchPicture(_ url: String, completion: @escaping (Result<Data, NetworkError>) -> Void)
    -> RequestID
  /// A web page to import a recipe from (`meals import URL`, Import from a link): at most
  /// `pageLimit`, with the type its server gives it and the address it ended at.
  func fetchPage(
    _ url: String, completion: @escaping (Result<HTTPClient.Response, NetworkError>) -> Void
  ) -> RequestID
  func cancel(_ id: RequestID)
  /// Bytes received so far, for progress display.
  func bytesReceived(_ id: RequestID) -> Int
  /// The size announced for the answer, when the server said it.
  func expectedBytes(_ id: RequestID) -> Int?
}

extension MealDBService {
  public func expectedBytes(_ id: RequestID) -> Int? { nil }
}

/// Pictures are small: a bigger answer is not a picture meals shows.
public let pictureLimit = 2 * 1_048_576

/// A recipe page is at most this big (real ones are a few hundred kilobytes).
public let pageLimit = 10 * 1_048_576

/// What a browser asks for when it opens a page: HTML first, JSON-LD too.
public let pageAccept =
  "text/html,application/xhtml+xml,application/xml;q=0.9,application/ld+json;q=0.8,*/*;q=0.5"

/// TheMealDB's JSON API (https://www.themealdb.com/api.php) over the app's HTTP client.
public final class MealDBClient: MealDBService {
  public static let defaultBaseURL = "https://www.themealdb.com/api/json/v1/1/"

  public let baseURL: String
  private let http: HTTPClient

  /// `baseURL` gets a trailing slash if it lacks one.
  public init(baseURL: String = MealDBClient.defaultBaseURL, http: HTTPClient) {
    self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    self.http = http
  }

  // MARK: - Endpoints

  public func searchMeals(
    named name: String, completion: @escaping (Result<[Meal], NetworkError>) -> Void
  ) -> RequestID {
    fetch("search.php", ["s": name], decode: MealDBDecoder.meals(from:), completion: completion)
  }

  /// Meals whose name starts with `letter`.
  public func mealsStarting(
    with letter: String, completion: @escaping (Result<[Meal], NetworkError>) -> Void
  ) -> RequestID {
    fetch("search.php", ["f": letter], decode: MealDBDecoder.meals(from:), completion: completion)
  }

  /// One meal by TheMealDB id; nil when there is none.
  public func lookupMeal(id: String, completion: @escaping (Result<Meal?, NetworkError>) -> Void)
    -> RequestID
  {
    fetch(
      "lookup.php", ["i": id],
      decode: { (data) throws(MealDBDecodingError) in try MealDBDecoder.meals(from: data).first },
      completion: completion)
  }

  public func randomMeal(completion: @escaping (Result<Meal?, NetworkError>) -> Void) -> RequestID {
    fetch(
      "random.php", [:],
      decode: { (data) throws(MealDBDecodingError) in try MealDBDecoder.meals(from: data).first },
      completion: completion)
  }

  public func listIngredients(completion: @escaping (Result<[Ingredient], NetworkError>) -> Void)
    -> RequestID
  {
    fetch(
      "list.php", ["i": "list"], decode: MealDBDecoder.ingredients(from:), completion: completion)
  }

  public func categories(completion: @escaping (Result<[MealCategory], NetworkError>) -> Void)
    -> RequestID
  {
    fetch("categories.php", [:], decode: MealDBDecoder.categories(from:), completion: completion)
  }

  public func categoryNames(completion: @escaping (Result<[String], NetworkError>) -> Void)
    -> RequestID
  {
    fetch(
      "list.php", ["c": "list"],
      decode: { (data) throws(MealDBDecodingError) in
        try MealDBDecoder.names(from: data, key: "strCategory")
      }, completion: completion)
  }

  public func areaNames(completion: @escaping (Result<[String], NetworkError>) -> Void) -> RequestID
  {
    fetch(
      "list.php", ["a": "list"],
      decode: { (data) throws(MealDBDecodingError) in
        try MealDBDecoder.names(from: data, key: "strArea")
      }, completion: completion)
  }

  /// `filter.php` by one of category (`c`), area (`a`) or main ingredient (`i`).
  public func filterMeals(
    _ filter: MealFilterKind,
    _ value: String,
    completion: @escaping (Result<[MealListing], NetworkError>) -> Void
  ) -> RequestID {
    fetch(
      "filter.php", [filter.rawValue: value], decode: MealDBDecoder.listings(from:),
      completion: completion)
  }

  public func fetch(
    _ request: MealDBRequest, completion: @escaping (Result<Data, NetworkError>) -> Void
  ) -> RequestID {
    http.get(url(request.endpoint, request.query), completion: completion)
  }

  public func fetchPicture(
    _ url: String, completion: @escaping (Result<Data, NetworkError>) -> Void
  ) -> RequestID {
    http.get(pictureURL(url), limit: pictureLimit, completion: completion)
  }

  public func fetchPage(
    _ url: String, completion: @escaping (Result<HTTPClient.Response, NetworkError>) -> Void
  ) -> RequestID {
    http.fetch(url, limit: pageLimit, accept: pageAccept, completion: completion)
  }

  /// `https://www.themealdb.com/images/…` on the API's server (scheme, host and port of
  /// `baseURL`); any other address as it is.
  public func pictureURL(_ url: String) -> String {
    guard let picture = URLComponents(string: url), let host = picture.host?.lowercased(),
      host == "themealdb.com" || host.hasSuffix(".themealdb.com"),
      let api = URLComponents(string: baseURL)
    else { return url }
    var moved = picture
    moved.scheme = api.scheme
    moved.host = api.host
    moved.port = api.port
    return moved.string ?? url
  }

  public func cancel(_ id: RequestID) { http.cancel(id) }

  public func bytesReceived(_ id: RequestID) -> Int { http.bytesReceived(id) }

  public func expectedBytes(_ id: RequestID) -> Int? { http.expectedBytes(id) }

  // MARK: - Plumbing

  /// The full URL for an endpoint, each query value percent-encoded.
  public func url(_ endpoint: String, _ query: [String: String]) -> String {
    let pairs = query.sorted { $0.key < $1.key }.map {
      "\($0.key)=\(Self.percentEncoded($0.value))"
    }
    return baseURL + endpoint + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
  }

  /// Encodes every byte outside RFC 3986's unreserved set, so `&`, `#`, `%`, spaces and any
  /// Unicode survive as data.
  public static func percentEncoded(_ value: String) -> String {
    var encoded = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.append(Character(Unicode.Scalar(byte)))
      default:
        encoded += "%" + NumberText.hex(byte)
      }
    }
    return encoded
  }

  private func fetch<T>(
    _ endpoint: String,
    _ query: [String: String],
    decode: @escaping (Data) throws(MealDBDecodingError) -> T,
    completion: @escaping (Result<T, NetworkError>) -> Void
  ) -> RequestID {
    http.get(url(endpoint, query)) { result in
      switch result {
      case .success(let data):
        do throws(MealDBDecodingError) {
          completion(.success(try decode(data)))
        } catch {
          completion(.failure(NetworkError(error)))
        }
      case .failure(let error):
        completion(.failure(error))
      }
    }
  }
}

/// Which list `filter.php` filters by.
public enum MealFilterKind: String, Hashable, Sendable {
  case category = "c"
  case area = "a"
  case ingredient = "i"
}
