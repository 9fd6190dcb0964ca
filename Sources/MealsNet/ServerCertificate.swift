import CHTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// A certificate and its key (PEM) for serving HTTPS on the local network, or the certificate
/// authority of meals' own that signs it.
///
/// Only this file touches GnuTLS (through CHTTPServer's certificates, loaded on first use).
public struct ServerCertificate: Sendable {
  public var certificatePEM: String
  public var keyPEM: String
  /// SHA-256, `AB:CD:…`: what a person compares with what the phone shows.
  public var fingerprint: String

  public init(certificatePEM: String, keyPEM: String, fingerprint: String) {
    self.certificatePEM = certificatePEM
    self.keyPEM = keyPEM
    self.fingerprint = fingerprint
  }

  // MARK: - Making

  /// A certificate authority that can vouch for `names` (host names and IP addresses) and
  /// nothing else — X.509 name constraints — named `commonName`; RSA 2048, ten years.
  public static func makeAuthority(for names: [String], commonName: String) -> Result<
    ServerCertificate, NetworkError
  > {
    made("no certificate authority") { certificate, key, fingerprint, error in
      chttp_make_authority(
        names.joined(separator: "\n"), commonName, &certificate, &key, &fingerprint,
        fingerprint.count, &error, error.count)
    }
  }

  /// A serving certificate for `names`, signed by `authority`; RSA 2048, 800 days.
  public static func make(for names: [String], signedBy authority: ServerCertificate) -> Result<
    ServerCertificate, NetworkError
  > {
    made("no certificate") { certificate, key, fingerprint, error in
      chttp_make_certificate(
        names.joined(separator: "\n"), authority.certificatePEM, authority.keyPEM, &certificate,
        &key, &fingerprint, fingerprint.count, &error, error.count)
    }
  }

  private static func made(
    _ failure: String,
    _ make: (
      inout UnsafeMutablePointer<CChar>?, inout UnsafeMutablePointer<CChar>?, inout [CChar],
      inout [CChar]
    ) -> Int32
  ) -> Result<ServerCertificate, NetworkError> {
    var certificate: UnsafeMutablePointer<CChar>?
    var key: UnsafeMutablePointer<CChar>?
    var fingerprint = [CChar](repeating: 0, count: 128)
    var error = [CChar](repeating: 0, count: 256)
    let done = make(&certificate, &key, &fingerprint, &error)
    defer {
      free(certificate)
      free(key)
    }
    guard done == 1, let certificate, let key else {
      return .failure(.other("\(failure): \(text(error))"))
    }
    return .success(
      ServerCertificate(
        certificatePEM: String(cString: certificate), keyPEM: String(cString: key),
        fingerprint: text(fingerprint)))
  }

  // MARK: - Reading

  /// What a certificate says.
  public struct Facts: Sendable, Equatable {
    /// Its subject alternative names; for an authority, the names it may vouch for.
    public var names: [String]
    /// When it ends (Unix time).
    public var expires: Int64
    public var fingerprint: String
    /// Whether the issuer asked about vouches for it now (signature, dates, name constraints).
    public var vouched: Bool
  }

  /// What the certificate `pem` says, and whether `issuer` (a PEM) vouches for it.
  public static func read(_ pem: String, issuer: String? = nil) -> Result<Facts, NetworkError> {
    var names: UnsafeMutablePointer<CChar>?
    var expires: Int64 = 0
    var vouched: Int32 = 0
    var fingerprint = [CChar](repeating: 0, count: 128)
    var error = [CChar](repeating: 0, count: 256)
    let done = chttp_read_certificate(
      pem, issuer, &names, &expires, &vouched, &fingerprint, fingerprint.count, &error,
      error.count)
    defer { free(names) }
    guard done == 1, let names else { return .failure(.other(text(error))) }
    return .success(
      Facts(
        names: String(cString: names).split(separator: "\n").map(String.init), expires: expires,
        fingerprint: text(fingerprint), vouched: vouched == 1))
  }

  private static func text(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
