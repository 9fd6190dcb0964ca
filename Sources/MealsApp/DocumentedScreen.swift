import TerminalUI

/// Where one mode of a screen is in the keys reference (`docs/keys.md`, `?`'s words, the
/// tables a config may change).
enum KeysPlace {
  /// A section of its own: the mode's whole chain.
  case section(_ id: String, _ title: String)
  /// A section of the first `links` of the mode's chain: what the mode adds in front of
  /// another mode's keys, documented there.
  case adds(_ id: String, _ title: String, links: Int)
  /// Another chain within the section before (a screen whose modes read together).
  case sameSection
  /// Not listed: the mode's keys are another mode's, documented there.
  case asAnother
}

/// Something the keys reference lists: a screen's sections, or a prompt's.
protocol KeysDocumented {
  /// Its sections of the reference, in the order a user meets them.
  static var keySections: [KeysReference.Section] { get }
}

/// A screen that says where each of its key modes is documented, so the reference is made
/// from the screens: a mode added to a screen is a switch that no longer compiles until it
/// has a place.
protocol DocumentedScreen: KeysDocumented, KeyChained where KeyMode: CaseIterable {
  static func keysPlace(_ mode: KeyMode) -> KeysPlace
}

extension DocumentedScreen {
  static var keySections: [KeysReference.Section] {
    var sections: [KeysReference.Section] = []
    for mode in KeyMode.allCases {
      let chain = KeysReference.chain(Self.self, mode)
      switch keysPlace(mode) {
      case .section(let id, let title):
        sections.append(KeysReference.Section(id, title, chain))
      case .adds(let id, let title, let links):
        sections.append(KeysReference.Section(id, title, Array(chain.prefix(links))))
      case .sameSection:
        guard let last = sections.popLast() else { continue }
        let more = chain.enumerated().map { $0 == 0 ? KeysReference.mode($1) : $1 }
        sections.append(KeysReference.Section(last.id, last.title, last.links + more))
      case .asAnother:
        continue
      }
    }
    return sections
  }
}
