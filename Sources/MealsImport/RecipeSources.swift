import Files
import FoundationEssentials
import MealsCore
import MealsNet
import TextSafety

/// Where recipes come from before they are saved: a file, or a page fetched — read the same
/// way by `meals import` and the app's Import from a link.
public enum RecipeSources {
  /// Text from a file or a page, on its way to the terminal: no controls, no escapes, no bidi
  /// overrides (the same cleaning the screens give it).
  public static func safe(_ text: String) -> String { TextSanitizer.singleLine(text) }

  /// The recipes of a file (the command's and Import from a link's, given a path).
  public static func recipes(inFile path: String) throws(FormatError) -> [ImportCandidate] {
    let bytes = try LimitedFile.read(path, limit: JSONReading.maximumBytes, kind: "a recipe file")
    return try RecipeImport.candidates(from: Data(bytes), fileName: path)
  }

  /// The recipes of a fetched page (the command's and Import from a link's), or why none.
  public static func recipes(in page: HTTPClient.Response) throws(FormatError) -> [ImportCandidate]
  {
    if let type = page.contentType?.lowercased(), !readable(type) {
      throw FormatError(
        "it is not a web page but \(type.split(separator: ";").first ?? ""): nothing to read a recipe from."
      )
    }
    return try RecipeImport.candidates(
      from: page.body, fileName: page.address, contentType: page.contentType,
      address: page.address)
  }

  /// Types a recipe can be read from: pages, XML, JSON, plain text.
  private static func readable(_ type: String) -> Bool {
    ["html", "xml", "json", "text/"].contains { type.contains($0) }
  }

  /// Why a page could not be fetched, in words.
  public static func pageFailure(_ error: NetworkError) -> String {
    switch error {
    case .httpStatus(let status):
      "the site refused the page (HTTP \(status)\(status == 404 ? ": no such page" : ""))."
    case .bodyTooLarge:
      "the page is over \(pageLimit / 1_048_576) MB: too big for a recipe page."
    case .timedOut: "the site did not send the page within 20 seconds."
    case .connectionLost: "the connection to the site was cut off before the page came."
    default: error.message
    }
  }
}
