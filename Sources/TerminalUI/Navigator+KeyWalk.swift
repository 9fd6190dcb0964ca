import Translation

/// The one walk every key takes, as tig's keymap lookup: an array of layers asked in order,
/// the first that takes the key ends it.
///
/// What is open decides the array (`keyWalk`): the navigator's first keys, then the help
/// overlay, or the too-small notice, or the prompt, or the screen's own chain and the
/// navigator's last keys. Nothing else looks at a key, so "who gets `q` now" is answered by
/// reading one array.
extension Navigator {
  /// One layer of the walk.
  public enum KeyLayer: String, Sendable, CaseIterable {
    /// Quit, suspend, redraw and F1: nothing can take them first.
    case first
    /// The `?` overlay: its scroll keys, and any other key closes it.
    case help
    /// The window is under the minimum: q and Esc quit, the rest wait for a larger one.
    case tooSmall
    /// A prompt takes every key while it is open (`?` opens its help when it has no field).
    case prompt
    /// The top screen's chain (its tables, its widgets', its fields).
    case screen
    /// A paste no field took is said, not typed as keys.
    case paste
    /// `?`, Esc and q when the screen did not take them (and is not typing them).
    case last
  }

  /// The layers a key is asked now, in order.
  public var keyWalk: [KeyLayer] {
    if help != nil { return [.first, .help] }
    if size.width < Size.minimum.width || size.height < Size.minimum.height {
      return [.first, .tooSmall]
    }
    if prompt != nil { return [.first, .prompt] }
    return [.first, .screen, .paste, .last]
  }

  /// Walks the layers for `key`: true when one took it.
  @discardableResult
  func walk(_ key: Key) -> Bool {
    for layer in keyWalk where take(key, in: layer) { return true }
    return false
  }

  /// True when `layer` took `key`.
  private func take(_ key: Key, in layer: KeyLayer) -> Bool {
    let global = Self.keys.action(for: key)
    switch layer {
    case .first:
      // F1 with the overlay open falls through to it (which closes it).
      guard let global, Self.firstActions.contains(global), global != .helpInFields || help == nil
      else { return false }
      perform(global, key: key)
    case .help:
      if help?.handle(key, in: body) != true { help = nil }
    case .tooSmall:
      if key == .character("q") || key == .escape { quit() }
    case .prompt:
      guard let prompt else { return false }
      // `?` is help over a prompt too, unless it has a field to type it in (F1 is, first).
      if global == .help, !prompt.acceptsText {
        perform(.help, key: key)
      } else if prompt.handle(key) == .close, self.prompt === prompt {
        self.prompt = nil
      }
    case .screen:
      guard let top else { return false }
      catchUp(top)
      return top.handle(key)
    case .paste:
      guard case .paste = key else { return false }
      showInfo(tr("Paste ignored: there is no text field here."))
    case .last:
      guard let global, top?.acceptsText != true || !key.types else { return false }
      perform(global, key: key)
    }
    return true
  }
}

extension Navigator {
  /// A key or a click acts on what the next frame would show: when a frame is due (the store
  /// changed, keys came together), the screen's update step reads first, for every screen
  /// in one place.
  func catchUp(_ screen: Screen) {
    guard frameWasDue else { return }
    frameWasDue = false
    screen.prepare(in: body)
  }
}
