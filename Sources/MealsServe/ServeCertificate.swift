import Files
import FoundationEssentials
import MealsCore
import MealsNet

/// meals' own certificate authority and the serving certificate it signs, in the data folder.
///
/// The authority is made at first use for this machine's names and addresses and can vouch
/// for nothing else (X.509 name constraints); its key is readable by the user alone and never
/// served. A phone installs the authority once; the serving certificate is then made again
/// whenever it must be (a name new, its end near) without the phone noticing.
enum ServeCertificate {
  static let authorityFile = "serve-ca.pem"
  static let authorityKeyFile = "serve-ca-key.pem"
  static let certificateFile = "serve-cert.pem"
  static let keyFile = "serve-key.pem"
  /// A serving certificate this close to its end is made again.
  static let renewBefore: Int64 = 30 * 86_400

  /// What serving over HTTPS uses, and what to tell the person.
  struct Loaded {
    /// The serving certificate followed by the authority (the chain a phone checks), its key.
    var serving: ServerCertificate
    /// The authority's certificate (PEM): what a phone installs.
    var authorityPEM: String
    /// The authority's SHA-256, to compare with what the phone shows when installing it.
    var authorityFingerprint: String
    /// Made in this start: no phone trusts it yet.
    var isNewAuthority: Bool
    /// This machine's names the authority cannot vouch for (new since it was made).
    var uncovered: [String]
  }

  /// The machine's names and addresses now: what the certificates are for.
  static func machineNames() -> [String] {
    let host = LocalAddresses.hostName().map { $0.contains(".") ? [$0] : [$0, $0 + ".local"] }
    return LocalAddresses.all() + ["localhost"] + (host ?? [])
  }

  /// The authority and serving certificate in `folder` for `names`, made when missing,
  /// unreadable or (the serving one) not right any more; `renew` makes a new authority.
  static func load(folder: String, names: [String], renew: Bool, now: Int64) -> Result<
    Loaded, ServeToken.Problem
  > {
    func path(_ file: String) -> String { PathText.joined(folder, file) }
    func kept(_ certificate: String, _ key: String) -> ServerCertificate? {
      guard let text = FileManager.default.contents(atPath: path(certificate)),
        let keyText = FileManager.default.contents(atPath: path(key))
      else { return nil }
      return ServerCertificate(
        certificatePEM: String(decoding: text, as: UTF8.self),
        keyPEM: String(decoding: keyText, as: UTF8.self), fingerprint: "")
    }
    func keep(_ made: ServerCertificate, _ certificate: String, _ key: String) -> ServeToken
      .Problem?
    {
      do {
        // The key first: a certificate is never kept without its key.
        try AtomicFile.write(Array(made.keyPEM.utf8), to: path(key), mode: 0o600)
        try AtomicFile.write(Array(made.certificatePEM.utf8), to: path(certificate))
        return nil
      } catch {
        return ServeToken.Problem(
          message: "cannot keep the certificate in \(folder): \(AtomicFile.reason(of: error))")
      }
    }

    // The authority.
    var authority: ServerCertificate
    var permitted: [String]
    var isNew = false
    if !renew, let found = kept(authorityFile, authorityKeyFile),
      case .success(let facts) = ServerCertificate.read(found.certificatePEM)
    {
      authority = found
      authority.fingerprint = facts.fingerprint
      permitted = facts.names
    } else {
      let common = "meals on \(LocalAddresses.hostName() ?? "this machine")"
      switch ServerCertificate.makeAuthority(for: names, commonName: common) {
      case .failure(let error): return .failure(ServeToken.Problem(message: error.message))
      case .success(let made): authority = made
      }
      if let problem = keep(authority, authorityFile, authorityKeyFile) { return .failure(problem) }
      permitted = names
      isNew = true
    }

    // The serving certificate, made again when it is not right for this machine now.
    let covered = names.filter { permitted.contains($0) }
    var serving: ServerCertificate
    if let found = kept(certificateFile, keyFile),
      case .success(let facts) = ServerCertificate.read(
        found.certificatePEM, issuer: authority.certificatePEM),
      facts.vouched, Set(facts.names) == Set(covered), facts.expires - now > renewBefore
    {
      serving = found
      serving.fingerprint = facts.fingerprint
    } else {
      switch ServerCertificate.make(for: covered, signedBy: authority) {
      case .failure(let error): return .failure(ServeToken.Problem(message: error.message))
      case .success(let made): serving = made
      }
      if let problem = keep(serving, certificateFile, keyFile) { return .failure(problem) }
    }
    if !serving.certificatePEM.hasSuffix("\n") { serving.certificatePEM += "\n" }
    serving.certificatePEM += authority.certificatePEM
    return .success(
      Loaded(
        serving: serving, authorityPEM: authority.certificatePEM,
        authorityFingerprint: authority.fingerprint, isNewAuthority: isNew,
        uncovered: names.filter { !permitted.contains($0) }))
  }
}
