/// Every address the phone server answers, and nothing else: no file is served by its path.
public enum PhoneRoute: Equatable, Sendable {
  /// `/pair?token=…`: sets the cookie and goes to the book.
  case pair
  /// `/`: the book (search, favourites, categories).
  case book
  case meal(Int64)
  case cook(Int64)
  case plan
  case shopping
  /// `/app.css`, `/app.js`: the pages' own style and script.
  case style, script
  /// `/sw.js`: the service worker that keeps the pages for when meals cannot be reached.
  case worker
  /// `/favicon.svg`, `/manifest.webmanifest`: the tab's icon, and what adding the book to a
  /// home screen needs (both answered without the token: they hold nothing of the book).
  case icon, manifest
  /// `/offline`: what the service worker shows, in the phone's language, for a page it never
  /// kept when meals cannot be reached.
  case offline
  /// `/trust`: how to install meals' certificate authority on a phone; `/meals-ca.crt`: the
  /// authority's certificate (never its key), on the local network only.
  case trust, authority
  /// `/photo/ID`: a meal's own photo.
  case photo(Int64)
  case apiMeals
  case apiMeal(Int64)
  case apiPlan
  case apiShopping
  /// `POST /api/shopping/ID`: a tick on the shopping list.
  case apiTick(Int64)
  /// `POST /api/cooked/ID`: "cooked it", from Cook Mode's last step.
  case apiCooked(Int64)
  /// `/api/events`: server-sent events.
  case apiEvents

  /// Why a request has no route.
  public enum Failure: Error, Equatable, Sendable {
    case notFound
    /// The path is known but not with this method; `allowed` is the `Allow` header.
    case methodNotAllowed(allowed: String)
  }

  /// Whether it answers JSON (and a refusal is JSON too).
  public var isAPI: Bool {
    switch self {
    case .apiMeals, .apiMeal, .apiPlan, .apiShopping, .apiTick, .apiCooked, .apiEvents: true
    default: false
    }
  }

  /// Whether it changes the book (and must come from the book's own page).
  public var writes: Bool {
    switch self {
    case .apiTick, .apiCooked: true
    default: false
    }
  }

  /// The route of a method and a decoded path.
  public static func resolve(method: String, path: String) -> Result<PhoneRoute, Failure> {
    guard let route = route(path) else { return .failure(.notFound) }
    // (A `where` after `case "GET", "HEAD"` would guard only HEAD.)
    let allowed = route.writes ? ["POST"] : ["GET", "HEAD"]
    guard allowed.contains(method) else {
      return .failure(.methodNotAllowed(allowed: allowed.joined(separator: ", ")))
    }
    return .success(route)
  }

  private static func route(_ path: String) -> PhoneRoute? {
    guard path.hasPrefix("/") else { return nil }
    let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    switch parts.count {
    case 1:
      switch parts[0] {
      case "": return .book
      case "pair": return .pair
      case "plan": return .plan
      case "shopping": return .shopping
      case "app.css": return .style
      case "app.js": return .script
      case "sw.js": return .worker
      case "favicon.svg", "favicon.ico": return .icon
      case "manifest.webmanifest": return .manifest
      case "trust": return .trust
      case "offline": return .offline
      case "meals-ca.crt": return .authority
      default: return nil
      }
    case 2:
      guard let id = identifier(parts[1]) else {
        return parts == ["api", "meals"]
          ? .apiMeals
          : parts == ["api", "plan"]
            ? .apiPlan
            : parts == ["api", "shopping"]
              ? .apiShopping
              : parts == ["api", "events"] ? .apiEvents : nil
      }
      switch parts[0] {
      case "meal": return .meal(id)
      case "cook": return .cook(id)
      case "photo": return .photo(id)
      default: return nil
      }
    case 3:
      guard parts[0] == "api", let id = identifier(parts[2]) else { return nil }
      switch parts[1] {
      case "meals": return .apiMeal(id)
      case "shopping": return .apiTick(id)
      case "cooked": return .apiCooked(id)
      default: return nil
      }
    default: return nil
    }
  }

  /// A database id: 1 to 18 ASCII digits, nothing else (`12`, not `+12`, `1e3` or `١٢`).
  private static func identifier(_ text: Substring) -> Int64? {
    guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return Int64(text)
  }
}
