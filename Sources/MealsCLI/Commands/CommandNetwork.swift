import Files
import FoundationEssentials
import MealsLaunch
import MealsNet

/// The network as the commands use it: one request at a time, waited for (the app's event
/// loop is not running).
enum CommandNetwork {
  /// A client for TheMealDB at `apiURL`, or why there is none.
  static func client(apiURL: String) -> Result<(HTTPClient, MealDBClient), NetworkError> {
    do throws(NetworkError) {
      let http = try HTTPClient()
      return .success((http, MealDBClient(baseURL: apiURL, http: http)))
    } catch {
      return .failure(error)
    }
  }

  /// Starts a request with `start` and waits for its answer.
  static func wait<Value>(
    _ http: HTTPClient, _ start: (@escaping (Result<Value, NetworkError>) -> Void) -> RequestID
  ) -> Result<Value, NetworkError> {
    var answer: Result<Value, NetworkError>?
    let id = start { answer = $0 }
    http.waitUntilDone(id)
    return answer ?? .failure(.timedOut)
  }
}

extension Subcommand {
  /// `meals import URL`'s pages, fetched as a browser asks for them.
  public static func networkPages(apiURL: String) -> (String) -> Result<
    HTTPClient.Response, NetworkError
  > {
    { url in
      switch CommandNetwork.client(apiURL: apiURL) {
      case .failure(let error): return .failure(error)
      case .success(let (http, client)):
        return CommandNetwork.wait(http) { client.fetchPage(url, completion: $0) }
      }
    }
  }

  /// Keeps imported meals' pictures in the app's picture cache (nothing when there is no
  /// cache, or a picture cannot be had: the app asks again later).
  ///
  /// One client for the whole import; a host that cannot be reached (offline, or the site
  /// down) is not asked again in it, so hundreds of meals do not each wait out a failure.
  public static func networkPictures(apiURL: String, cacheFolder: String?) -> (String) -> Void {
    guard let cacheFolder, let cache = PictureCache(folder: cacheFolder) else { return { _ in } }
    var client: (http: HTTPClient, mealDB: MealDBClient)?
    var unreachable: Set<String> = []
    return { url in
      let host = URLComponents(string: url)?.host?.lowercased() ?? url
      guard !unreachable.contains(host), cache.read(url) == nil else { return }
      if client == nil, case .success(let made) = CommandNetwork.client(apiURL: apiURL) {
        client = made
      }
      guard let client else { return }
      switch CommandNetwork.wait(client.http, { client.mealDB.fetchPicture(url, completion: $0) }) {
      case .success(let data): cache.write(data, for: url)
      case .failure(.httpStatus), .failure(.bodyTooLarge), .failure(.badURL): break
      case .failure: unreachable.insert(host)
      }
    }
  }
}
