/// Counts clicks on one cell in quick succession: a double click opens what one click selects.
struct ClickCounter {
  private var last: (row: Int, column: Int, time: UInt64, clicks: Int)?

  /// The event with its click count (2 for the second click on a cell within `interval`).
  mutating func count(_ event: MouseEvent, at time: UInt64, interval: UInt64) -> MouseEvent {
    guard event.isClick else { return event }
    var counted = event
    if let last, last.row == event.row, last.column == event.column, time - last.time < interval {
      counted.clicks = last.clicks + 1
    }
    last = (event.row, event.column, time, counted.clicks)
    return counted
  }
}

extension Navigator {
  /// A click on a footer hint sends its key; in the body the screen has it (a click on a row,
  /// a double click to open it); a wheel it does not use moves as ↑ and ↓ do.
  func handleMouse(_ raw: MouseEvent) {
    let event = clicks.count(raw, at: now(), interval: Self.doubleClick)
    if showsHelp {
      switch event.action {
      case .wheelDown: handle(.down, size: size)
      case .wheelUp: handle(.up, size: size)
      case .press: help = nil
      default: break
      }
      return
    }
    guard size.width >= Size.minimum.width, size.height >= Size.minimum.height, let screen = top
    else { return }
    let chrome = Self.chrome(size)
    if event.row == chrome.footer.y {
      if event.isClick, let key = footerKey(atColumn: event.column) { handle(key, size: size) }
      return
    }
    guard prompt == nil else { return }
    guard event.row >= chrome.body.y, event.row < chrome.body.maxY else { return }
    catchUp(screen)
    if screen.handleMouse(event, in: chrome.body) { return }
    switch event.action {
    case .wheelUp: for _ in 0..<3 { _ = screen.handle(.up) }
    case .wheelDown: for _ in 0..<3 { _ = screen.handle(.down) }
    default: break
    }
  }
}
