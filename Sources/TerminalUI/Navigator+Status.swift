/// The status line's messages: what is said, a notice that holds until the first key, and a
/// message's owner (the screen and the key it was said in).
extension Navigator {
  public func showInfo(_ text: String) { show(StatusMessage(text, kind: .info)) }

  public func showError(_ text: String) { show(StatusMessage(text, kind: .error)) }

  /// A message with a progress bar (`fraction` nil: the size is unknown, the bar moves) and
  /// a few words after it; `appWide` for work no screen owns (it stays when its screen closes).
  public func showProgress(
    _ text: String, fraction: Double?, detail: String, appWide: Bool = false
  ) {
    show(
      StatusMessage(
        text, kind: .info, progress: StatusMessage.Progress(fraction: fraction, detail: detail)),
      owned: !appWide)
  }

  public func clearStatus() { show(nil) }

  /// An error that stays until the next key (the config file's, at start): news from the
  /// background meanwhile (an offline catalogue) waits for that key instead of hiding it.
  public func showNotice(_ text: String) {
    show(StatusMessage(text, kind: .error))
    heldStatus = .some(nil)
  }

  func show(_ message: StatusMessage?, owned: Bool = true) {
    if heldStatus != nil {
      heldStatus = .some(message)
      return
    }
    statusLine.show(
      message, now: now(), animated: animations, owner: owned ? top : nil, moment: moment)
    needsDisplay = true
  }

  /// At the first key after a notice: what waited behind it, else nothing (the notice goes).
  func releaseNotice() {
    guard let waiting = heldStatus else { return }
    heldStatus = nil
    show(waiting)
  }
}
