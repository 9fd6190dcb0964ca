import Synchronization

/// A key table's keys, kept while the config's key map is the one they were worked out under
/// (`KeyMap.generation`): building the set at every frame was a tenth of a move's work.
final class KeySetCache: Sendable {
  private let kept = Mutex<(generation: Int, keys: Set<Key>)?>(nil)

  /// The keys kept for `generation`, else those `make` gives, kept.
  func keys(generation: Int, make: () -> Set<Key>) -> Set<Key> {
    if let kept = kept.withLock({ $0 }), kept.generation == generation { return kept.keys }
    let keys = make()
    kept.withLock { $0 = (generation, keys) }
    return keys
  }
}
