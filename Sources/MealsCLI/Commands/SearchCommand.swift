import MealsCore
import MealsLaunch
import MealsNet
import Translation

/// `meals search TEXT [--json]`: TheMealDB through the same client the app uses.
enum SearchCommand {
  static func run(
    _ arguments: CommandArguments, io: CommandIO,
    search: (String) -> Result<[Meal], NetworkSearchError>
  ) -> Int32 {
    let text = MealRules.trimmed(arguments.positionals.joined(separator: " "))
    guard !text.isEmpty else {
      return Subcommand.usageError(tr("what should TheMealDB look for?"), .search, io: io)
    }
    switch search(text) {
    case .failure(let error):
      io.fail(error.message)
      return Subcommand.Status.failure
    case .success(let meals):
      // Nothing found is an answer, not a failure; said where a person looks, not in the data.
      if meals.isEmpty { io.errors.line(tr("TheMealDB found no meal called “%s”.").filled(text)) }
      if arguments.flags.contains("--json") {
        io.output.write(JSONText.array(meals.map { MealJSON.object($0) }).serialized() + "\n")
      } else {
        for meal in meals {
          let line = [meal.mealDBID ?? "", meal.name, meal.kindDescription].map(
            ListCommand.tabless)
          io.output.line(line.joined(separator: "\t"))
        }
      }
      return Subcommand.Status.success
    }
  }

  /// A search against `apiURL`, waiting for the answer (the app's event loop is not running).
  public static func blocking(apiURL: String) -> (String) -> Result<[Meal], NetworkSearchError> {
    { text in
      let http: HTTPClient
      do {
        http = try HTTPClient()
      } catch {
        return .failure(
          NetworkSearchError(message: (error as? NetworkError)?.message ?? "\(error)"))
      }
      let client = MealDBClient(baseURL: apiURL, http: http)
      var answer: Result<[Meal], NetworkError>?
      let id = client.searchMeals(named: text) { answer = $0 }
      http.waitUntilDone(id)
      switch answer {
      case .success(let meals): return .success(meals)
      case .failure(let error): return .failure(NetworkSearchError(message: error.message))
      case nil: return .failure(NetworkSearchError(message: NetworkError.timedOut.message))
      }
    }
  }
}

extension Subcommand {
  /// The search `meals search` uses in the real program.
  public static func networkSearch(apiURL: String) -> (String) -> Result<
    [Meal], NetworkSearchError
  > {
    SearchCommand.blocking(apiURL: apiURL)
  }
}
