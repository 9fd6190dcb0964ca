import Foundation
import MealsNet
import TerminalUI

/// Pictures for the screens, from memory, else the disk cache, else TheMealDB.
///
/// Decoded once, drawn once per size. One request per address at a time; a screen that leaves
/// cancels its requests.
public final class PictureLoader {
  public enum State: Equatable {
    case loading
    case ready
    /// Why there is no picture, for the placeholder.
    case failed(String)
  }

  public private(set) var mode: PictureMode
  private let service: MealDBService
  private let cache: PictureCache?
  /// Called when a picture arrives or fails (the navigator redraws).
  var changed: () -> Void = {}
  /// Said once per address in the status line.
  var report: (String) -> Void = { _ in }

  private var pictures: [String: Picture] = [:]
  private var failures: [String: String] = [:]
  private var requests: [String: RequestID] = [:]
  /// Recently used addresses, oldest first: at most `memoryCount` decoded pictures are kept.
  private var recent: [String] = []
  private let memoryCount = 24
  private var drawings: [Drawing: [PagerLine]] = [:]

  private struct Drawing: Hashable {
    var url: String
    var columns: Int
    var rows: Int
  }

  public init(mode: PictureMode, service: MealDBService, cache: PictureCache?) {
    self.mode = mode
    self.service = service
    self.cache = cache
  }

  public var isOn: Bool { mode != .off }

  /// The terminal's device attributes: with sixel among them, pictures become real pixels.
  ///
  /// Asked at start when `auto` chose symbols; the drawings in symbols are dropped.
  public func terminalAttributes(_ attributes: [Int]) {
    switch mode {
    case .symbols(colors: true), .graphics(.truecolor): break
    default: return
    }
    guard attributes.dropFirst().contains(4) else { return }
    mode = .graphics(.sixel)
    drawings.removeAll()
    changed()
  }

  /// TheMealDB's small variant of a meal photo (`<thumb>/small`).
  public static func small(_ thumbnail: String) -> String {
    thumbnail.hasSuffix("/small") ? thumbnail : thumbnail + "/small"
  }

  // MARK: - Asking

  /// Starts getting `url` unless it is here, failed, or on its way.
  public func request(_ url: String) {
    guard isOn, pictures[url] == nil, failures[url] == nil, requests[url] == nil else { return }
    if let data = cache?.read(url) {
      if accept(data, for: url, fromCache: true) { return }
    }
    requests[url] = service.fetchPicture(url) { [weak self] result in
      guard let self else { return }
      self.requests[url] = nil
      switch result {
      case .success(let data):
        if self.accept(data, for: url, fromCache: false) { self.cache?.write(data, for: url) }
      case .failure(let error):
        self.fail(url, error.message)
      }
      self.changed()
    }
  }

  /// Stops getting `url` (its screen left, or its row is no longer shown).
  public func cancel(_ url: String) {
    guard let id = requests.removeValue(forKey: url) else { return }
    service.cancel(id)
  }

  public func state(_ url: String) -> State {
    if pictures[url] != nil { return .ready }
    if let reason = failures[url] { return .failed(reason) }
    return .loading
  }

  // MARK: - Drawing

  /// The decoded picture, for a graphics protocol.
  public func picture(_ url: String) -> Picture? { pictures[url] }

  /// The rows a picture takes at `columns` wide (nil until it is here).
  public func rows(_ url: String, columns: Int, maximumRows: Int) -> Int? {
    pictures[url].map { SymbolArt.rows(for: $0, columns: columns, maximumRows: maximumRows) }
  }

  /// The graphics protocol pictures are drawn with, if any.
  public var graphics: GraphicsProtocol? {
    if case .graphics(let graphics) = mode { return graphics }
    return nil
  }

  /// The picture as `columns` wide symbol lines, nil until it is here.
  ///
  /// Its height comes from its shape (at most `maximumRows`); drawn once per size and kept.
  public func lines(_ url: String, columns: Int, maximumRows: Int) -> [PagerLine]? {
    let colors: Bool
    switch mode {
    case .off: return nil
    case .symbols(let palette): colors = palette
    case .graphics: colors = true  // previews and small pictures stay in cells
    }
    guard let picture = pictures[url], columns > 0 else { return nil }
    let rows = SymbolArt.rows(for: picture, columns: columns, maximumRows: maximumRows)
    let key = Drawing(url: url, columns: columns, rows: rows)
    if let drawn = drawings[key] { return drawn }
    let drawn = SymbolArt.lines(picture, columns: columns, rows: rows, colors: colors)
    if drawings.count > 64 { drawings.removeAll() }
    drawings[key] = drawn
    return drawn
  }

  // MARK: - Arriving

  /// Decodes `data`; true when it is a picture.
  ///
  /// A broken cached file is forgotten.
  private func accept(_ data: Data, for url: String, fromCache: Bool) -> Bool {
    switch Picture.decode(data) {
    case .success(let picture):
      pictures[url] = picture
      recent.removeAll { $0 == url }
      recent.append(url)
      while recent.count > memoryCount {
        let old = recent.removeFirst()
        pictures[old] = nil
        drawings = drawings.filter { $0.key.url != old }
      }
      return true
    case .failure(let problem):
      if fromCache {
        cache?.remove(url)
      } else {
        fail(url, problem.message)
      }
      return false
    }
  }

  private func fail(_ url: String, _ reason: String) {
    failures[url] = reason
    report("No picture: \(reason).")
  }
}
