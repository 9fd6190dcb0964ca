import Foundation
import MealsCore
import MealsNet

/// A TheMealDB that never answers, for timing the screens alone.
final class NullService: MealDBService {
  func searchMeals(named name: String, completion: @escaping (Result<[Meal], NetworkError>) -> Void)
    -> RequestID
  {
    RequestID(0)
  }

  func listIngredients(completion: @escaping (Result<[Ingredient], NetworkError>) -> Void)
    -> RequestID
  {
    RequestID(0)
  }

  func fetch(_ request: MealDBRequest, completion: @escaping (Result<Data, NetworkError>) -> Void)
    -> RequestID
  {
    RequestID(0)
  }

  func fetchPicture(_ url: String, completion: @escaping (Result<Data, NetworkError>) -> Void)
    -> RequestID
  {
    RequestID(0)
  }

  func fetchPage(
    _ url: String, completion: @escaping (Result<HTTPClient.Response, NetworkError>) -> Void
  ) -> RequestID {
    RequestID(0)
  }

  func cancel(_ id: RequestID) {}

  func bytesReceived(_ id: RequestID) -> Int { 0 }
}
