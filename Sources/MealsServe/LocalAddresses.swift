#if canImport(Glibc)
  import Glibc
#endif

/// The machine's own network addresses, for the pairing address and the certificate's names.
enum LocalAddresses {
  /// Every address of an interface that is up, IPv4 first, loopback last.
  static func all() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return ["127.0.0.1"] }
    defer { freeifaddrs(first) }
    var found: [(String, Int)] = []
    var cursor = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr,
        entry.pointee.ifa_flags & UInt32(IFF_UP) != 0
      else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      let converted: Bool
      if family == AF_INET {
        converted = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          var raw = $0.pointee.sin_addr
          return inet_ntop(family, &raw, &text, socklen_t(text.count)) != nil
        }
      } else {
        converted = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          var raw = $0.pointee.sin6_addr
          return inet_ntop(family, &raw, &text, socklen_t(text.count)) != nil
        }
      }
      guard converted else { continue }
      let name = String(
        decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      // Link-local IPv6 needs its interface to be reached: not for a phone's address bar.
      if name.hasPrefix("fe80:") { continue }
      let loopback = entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) != 0
      found.append((name, (loopback ? 2 : 0) + (family == AF_INET ? 0 : 1)))
    }
    var seen = Set<String>()
    return found.sorted { $0.1 < $1.1 }.map(\.0).filter { seen.insert($0).inserted }
  }

  /// The machine's host name, when it has one.
  static func hostName() -> String? {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count) == 0 else { return nil }
    let text = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.isEmpty ? nil : text
  }
}
