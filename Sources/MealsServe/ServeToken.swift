import Files
import FoundationEssentials
import MealsCore
import MealsNet

#if canImport(Glibc)
  import Glibc
#endif

/// The pairing token's file in the data folder: made at first use, renewed on request.
public enum ServeToken {
  /// Why the token could not be had.
  public struct Problem: Error {
    public var message: String
  }

  /// The book's own token's file, `PATH.serve-token` beside it.
  ///
  /// A phone paired with one book is not paired with another in the same folder. The
  /// folder-wide `serve-token` of earlier versions
  /// is taken over by the default book (`meals.sqlite`), so its phones stay paired.
  public static func path(for databasePath: String) -> String {
    let own = databasePath + ".serve-token"
    let earlier = PathText.joined(PathText.folder(databasePath), "serve-token")
    if PathText.name(databasePath) == "meals.sqlite",
      !FileManager.default.fileExists(atPath: own),
      FileManager.default.fileExists(atPath: earlier)
    {
      rename(earlier, own)
    }
    return own
  }

  public static func load(_ path: String, renew: Bool) -> Result<PairingToken, Problem> {
    if !renew, FileManager.default.fileExists(atPath: path) {
      guard let data = FileManager.default.contents(atPath: path) else {
        return .failure(Problem(message: "cannot read the pairing token \(path)."))
      }
      if let token = PairingToken(text: String(decoding: data, as: UTF8.self)) {
        return .success(token)
      }
    }
    let token = PairingToken.generate()
    do {
      try AtomicFile.write(Array((token.text + "\n").utf8), to: path, mode: 0o600)
    } catch {
      return .failure(
        Problem(
          message: "cannot keep the pairing token in \(path): \(AtomicFile.reason(of: error))"))
    }
    return .success(token)
  }
}
