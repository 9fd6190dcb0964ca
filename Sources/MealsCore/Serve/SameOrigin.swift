import Translation

/// Whether a request comes from the book's own pages: the checks that keep another page in
/// the phone's browser (another port on the same host, a site rebinding its name to this
/// machine) from reading or writing the book with the phone's cookie.
public enum SameOrigin {
  /// Why a request was refused, in words for the refusal.
  public enum Refusal: Error, Equatable, Sendable {
    /// `Host` names another site (DNS rebinding: its name now leads here).
    case foreignHost
    /// A write from another page (`Origin` or `Sec-Fetch-Site` says so, or says nothing).
    case foreignPage
    /// A write whose body is not declared JSON (a form or a no-cors fetch).
    case notJSON

    public var message: String {
      switch self {
      case .foreignHost: tr("This server answers only for this machine's own addresses.")
      case .foreignPage: tr("Only the book's own pages may change it.")
      case .notJSON: tr("A change must be sent as application/json.")
      }
    }
  }

  // MARK: - Host

  /// Whether `host` (the `Host` header, with or without its port) names this machine.
  ///
  /// An address written as numbers (a name rebinding cannot be one), `localhost`, or the
  /// machine's own name (`laptop.home.lan`, `laptop`, `laptop.local`). No `Host` at all
  /// (HTTP/1.0) is let by.
  public static func isOwnHost(_ host: String?, machineName: String) -> Bool {
    guard let host, !host.isEmpty else { return true }
    let name = hostName(host).lowercased()
    if name.hasSuffix(".") { return isOwnHost(String(name.dropLast()), machineName: machineName) }
    if isAddressLiteral(name) || name == "localhost" || name.hasSuffix(".localhost") {
      return true
    }
    let own = machineName.lowercased()
    let short = own.split(separator: ".").first.map(String.init) ?? own
    return !own.isEmpty && (name == own || name == short || name == short + ".local")
  }

  /// The host without its port (`[::1]:8080` → `::1`).
  static func hostName(_ host: String) -> String {
    if host.hasPrefix("[") {
      return String(host.dropFirst().prefix { $0 != "]" })
    }
    guard let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon else {
      return host
    }
    return String(host[..<colon])
  }

  /// An IPv4 address in dotted numbers, or an IPv6 one (hex digits, colons, dots).
  static func isAddressLiteral(_ name: String) -> Bool {
    if name.contains(":") {
      // A zone after `%` (`fe80::1%25eth0`) names an interface, not a host.
      let address = name.prefix { $0 != "%" }
      return address.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII)
          && part.allSatisfy(\.isNumber)
          && (Int(part) ?? 256) <= 255
      }
  }

  // MARK: - Writes

  /// Whether a write may be made: its body declared JSON (which no form and no no-cors
  /// `fetch` can send from another page), and sent by a page of this very origin — `Origin`
  /// the same scheme and host, or `Sec-Fetch-Site: same-origin` — or by a program carrying
  /// the token in `Authorization` (which a browser sends to another origin only after a
  /// preflight this server never grants).
  public static func checkWrite(
    headers: [String: String], secure: Bool, carriesBearer: Bool
  ) -> Result<Void, Refusal> {
    let type = headers["content-type"]?.split(separator: ";").first
      .map { String($0).trimmingSpaces().lowercased() }
    guard type == "application/json" else { return .failure(.notJSON) }
    if let site = headers["sec-fetch-site"]?.lowercased(), site != "same-origin" {
      return .failure(.foreignPage)
    }
    if let origin = headers["origin"] {
      let own = (secure ? "https://" : "http://") + (headers["host"] ?? "")
      return origin.lowercased() == own.lowercased() ? .success(()) : .failure(.foreignPage)
    }
    if headers["sec-fetch-site"] != nil || carriesBearer { return .success(()) }
    return .failure(.foreignPage)
  }
}
