/// Told after every commit, ours or another `meals` process's on the same file.
public protocol StoreListener: AnyObject {
  func storeDidChange(_ store: MealStore)
}

/// A listener held weakly, so a closed screen needs no explicit removal.
struct WeakListener {
  weak var listener: StoreListener?
}
