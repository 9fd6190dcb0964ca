import TerminalUI

/// The picture of a list's selected item, for its preview pane: asked for once the selection
/// has rested (moving quickly through a list asks for nothing), and cancelled when the
/// selection moves on before it arrives.
final class PictureFollower {
  static var rest: UInt64 { 150 }

  private let loader: PictureLoader
  /// The address asked for, from the item's (TheMealDB's small variant for meal photos).
  private let variant: (String) -> String
  /// What is selected (a meal id, a category name), and when its picture is due.
  private var key: String?
  private var due: UInt64?
  /// The picture asked for the selected item.
  private(set) var url: String?

  init(loader: PictureLoader, variant: @escaping (String) -> String = PictureLoader.small) {
    self.loader = loader
    self.variant = variant
  }

  /// The selection is now `key` (nil: nothing to show).
  func follow(_ key: String?, now: UInt64) {
    guard loader.isOn, key != self.key else { return }
    if let url, loader.state(url) == .loading { loader.cancel(url) }
    self.key = key
    url = nil
    due = key == nil ? nil : now + Self.rest
  }

  /// When the picture is due; none while the pane is not shown (it is asked for when the pane
  /// shows again), or the loop would wake for it at once, again and again.
  func nextDeadline(paneShows: Bool) -> UInt64? { paneShows ? due : nil }

  /// After the rest: `address` gives the selected item's picture address (nil: it has none).
  func tick(now: UInt64, address: (String) -> String?) -> Bool {
    guard let due, now >= due, let key else { return false }
    self.due = nil
    url = address(key).map(variant)
    if let url { loader.request(url) }
    return true
  }

  /// The picture as lines when it is here (nothing while it loads or when there is none).
  func lines(columns: Int, maximumRows: Int) -> [PagerLine] {
    guard let url, maximumRows > 0,
      let drawn = loader.lines(url, columns: columns, maximumRows: maximumRows)
    else { return [] }
    return drawn + [.blank]
  }
}
