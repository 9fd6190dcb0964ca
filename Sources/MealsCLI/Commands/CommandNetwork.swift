import FoundationEssentials
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

  /// Keeps an imported meal's picture in the app's picture cache (nothing when there is no
  /// cache, or the picture cannot be had: the app asks again later).
  public static func networkPictures(apiURL: String, cacheFolder: String?) -> (String) -> Void {
    { url in
      guard let cacheFolder, let cache = PictureCache(folder: cacheFolder), cache.read(url) == nil,
        case .success(let (http, client)) = CommandNetwork.client(apiURL: apiURL),
        case .success(let data) = CommandNetwork.wait(
          http, { client.fetchPicture(url, completion: $0) })
      else { return }
      cache.write(data, for: url)
    }
  }
}
