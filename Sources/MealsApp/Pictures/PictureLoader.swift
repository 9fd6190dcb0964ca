import Files
import FoundationEssentials
import MealsCore
import MealsNet
import TerminalUI
import Translation

/// Pictures for the screens, from memory, else the disk cache, else TheMealDB.
///
/// Decoded once, drawn once per size, encoded once per size for a graphics protocol: all of
/// it on `worker`, so keys never wait for it; until a drawing is ready the screens leave its
/// rows blank. One request per address at a time; a screen that leaves cancels its requests.
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
  /// Decodes, draws and encodes away from the terminal's thread (the event loop waits on it).
  public let worker = Worker(label: "meals.pictures")
  /// Called when a picture or a drawing arrives, or a picture fails (the navigator redraws).
  var changed: () -> Void = {}
  /// Said once per address in the status line.
  var report: (String) -> Void = { _ in }
  /// A cell's size in pixels as the terminal's window size gives it (`TIOCGWINSZ`), when it
  /// does (set by the app from the terminal).
  public var measuredCellSize: () -> CellSize? = { nil }
  /// The terminal's answer to `CSI 16 t` (or `CSI 14 t`), for terminals whose window size has
  /// no pixels.
  private var reportedCellSize: CellSize?

  /// The cell's real shape keeps pictures' shapes: measured, else reported, else 10 × 20.
  public var cellSize: CellSize { measuredCellSize() ?? reportedCellSize ?? .assumed }

  /// Pictures are real pixels (kitty, sixel, iTerm2), sized to the pixel.
  private var usesPixels: Bool {
    guard let graphics else { return false }
    return graphics != .truecolor
  }

  private var pictures: [String: Picture] = [:]
  private var failures: [String: String] = [:]
  private var requests: [String: RequestID] = [:]
  /// Addresses being decoded.
  private var decoding: Set<String> = []
  /// Recently used addresses, oldest first: at most `memoryCount` decoded pictures are kept.
  private var recent: [String] = []
  private let memoryCount = 24
  private var drawings: [Drawing: [PagerLine]] = [:]
  private var encodings: [Drawing: [UInt8]] = [:]
  /// Drawings and encodings asked of the worker and not back yet.
  private var inProgress: Set<Drawing> = []

  /// A picture at a size (and, for an encoding, a protocol and a cell size).
  private struct Drawing: Hashable {
    var url: String
    var columns: Int
    var rows: Int
    var detail = ""
  }

  public init(mode: PictureMode, service: MealDBService, cache: PictureCache?) {
    self.mode = mode
    self.service = service
    self.cache = cache
  }

  public var isOn: Bool { mode != .off }

  /// A meal's own photo from the book, by the meal's id (the app reads it from its store).
  public var ownPhoto: (Int64) -> Data? = { _ in nil }

  /// What a meal's own photo is asked for by: its meal and size, so a new photo is new.
  public static func photoKey(mealID: Int64, _ photo: PhotoLabel) -> String {
    "\(ownPrefix)\(mealID):\(photo.bytes)"
  }

  private static let ownPrefix = "meals-photo:"

  /// A meal's picture: its own photo when it has one, else its address (TheMealDB's, a page's).
  public static func address(of meal: Meal) -> String? {
    if let photo = meal.photo, let id = meal.id { return photoKey(mealID: id, photo) }
    return meal.thumbnailURL
  }

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

  /// TheMealDB's small variant of a meal photo (`<thumb>/small`); a picture from anywhere else
  /// (an imported page's) as it is.
  public static func small(_ thumbnail: String) -> String {
    guard let host = URLComponents(string: thumbnail)?.host?.lowercased(),
      host == "themealdb.com" || host.hasSuffix(".themealdb.com")
    else { return thumbnail }
    return thumbnail.hasSuffix("/small") ? thumbnail : thumbnail + "/small"
  }

  // MARK: - Asking

  /// Starts getting `url` unless it is here, failed, or on its way.
  ///
  /// `missed` makes it a fetch ahead of need (a saved page's picture, kept for offline): a
  /// failure is not an error on the status line but `missed`'s to say, and is not remembered,
  /// so the picture is asked for again when it is shown.
  public func request(_ url: String, missed: ((String) -> Void)? = nil) {
    guard isOn, pictures[url] == nil, failures[url] == nil, requests[url] == nil,
      !decoding.contains(url)
    else { return }
    if url.hasPrefix(Self.ownPrefix) {
      let id = url.dropFirst(Self.ownPrefix.count).split(separator: ":").first.flatMap { Int64($0) }
      guard let id, let data = ownPhoto(id) else {
        fail(url, tr("the meal's photo is no longer in the book"))
        changed()
        return
      }
      decode(data, for: url, fromCache: false, keep: false)
    } else if let data = cache?.read(url) {
      decode(data, for: url, fromCache: true)
    } else {
      fetch(url, missed: missed)
    }
  }

  private func fetch(_ url: String, missed: ((String) -> Void)? = nil) {
    requests[url] = service.fetchPicture(url) { [weak self] result in
      guard let self else { return }
      self.requests[url] = nil
      switch result {
      case .success(let data): self.decode(data, for: url, fromCache: false)
      case .failure(let error):
        if let missed { return missed(Self.reason(error)) }
        self.fail(url, Self.reason(error))
        self.changed()
      }
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

  /// The cells a picture takes within `columns` × `maximumRows`, keeping its shape in the
  /// terminal's cells (nil until it is here).
  public func size(_ url: String, columns: Int, maximumRows: Int) -> (columns: Int, rows: Int)? {
    guard let picture = pictures[url] else { return nil }
    let fit = picture.fit(
      maximumColumns: columns, maximumRows: maximumRows, cell: cellSize, pixels: usesPixels)
    return (fit.columns, fit.rows)
  }

  /// The terminal's answer to a window report (`CSI 6 ; h ; w t`, the cell; `CSI 4 ; h ; w t`,
  /// the text area of `size` cells): the cell size when the window size has none.
  public func windowReport(_ numbers: [Int], textSize: Size) {
    guard numbers.count >= 3, numbers[1] > 0, numbers[2] > 0 else { return }
    var cell: CellSize?
    switch numbers[0] {
    case 6: cell = CellSize(width: numbers[2], height: numbers[1])
    case 4 where reportedCellSize == nil && textSize.width > 0 && textSize.height > 0:
      cell = CellSize(width: numbers[2] / textSize.width, height: numbers[1] / textSize.height)
    default: break
    }
    guard let cell, cell.width > 0, cell.height > 0, cell != reportedCellSize else { return }
    reportedCellSize = cell
    drawings.removeAll()
    changed()
  }

  /// The graphics protocol pictures are drawn with, if any.
  public var graphics: GraphicsProtocol? {
    if case .graphics(let graphics) = mode { return graphics }
    return nil
  }

  /// The picture as symbol lines within `columns` × `maximumRows` (its shape kept): nil until
  /// it is here and drawn.
  ///
  /// The first ask for a size starts the drawing on the worker; `changed` says when it is ready.
  public func lines(_ url: String, columns: Int, maximumRows: Int) -> [PagerLine]? {
    let colors: Bool
    switch mode {
    case .off: return nil
    case .symbols(let palette): colors = palette
    case .graphics: colors = true  // previews and small pictures stay in cells
    }
    guard let picture = pictures[url], columns > 0 else { return nil }
    let (columns, rows) = SymbolArt.fit(
      picture, maximumColumns: columns, maximumRows: maximumRows, cell: cellSize)
    guard rows > 0 else { return nil }
    let key = Drawing(url: url, columns: columns, rows: rows, detail: colors ? "colour" : "plain")
    return made(key, in: \.drawings, keeping: 64) {
      SymbolArt.lines(picture, columns: columns, rows: rows, colors: colors)
    }
  }

  /// What the graphics protocol sends for the picture in `columns` × `rows` cells (as `size`
  /// gave them): nil until it is encoded (the first ask starts it on the worker).
  public func encoded(_ url: String, columns: Int, rows: Int) -> [UInt8]? {
    guard let graphics, let picture = pictures[url] else { return nil }
    let cell = cellSize
    let key = Drawing(
      url: url, columns: columns, rows: rows,
      detail: "\(graphics.rawValue) \(cell.width)x\(cell.height)")
    return made(key, in: \.encodings, keeping: 8) {
      picture.protocolBytes(graphics, columns: columns, rows: rows, cell: cell)
    }
  }

  /// What `key` names in `table`, or nil after asking the worker to `make` it.
  ///
  /// `changed` says when it is back. The table is emptied past `keeping` entries.
  private func made<Value: Sendable>(
    _ key: Drawing, in table: ReferenceWritableKeyPath<PictureLoader, [Drawing: Value]>,
    keeping limit: Int, _ make: @escaping @Sendable () -> Value?
  ) -> Value? {
    if let value = self[keyPath: table][key] { return value }
    guard !inProgress.contains(key) else { return nil }
    inProgress.insert(key)
    worker.run(
      make,
      then: { [weak self] value in
        guard let self else { return }
        self.inProgress.remove(key)
        guard let value, self.pictures[key.url] != nil else { return }
        if self[keyPath: table].count > limit { self[keyPath: table].removeAll() }
        self[keyPath: table][key] = value
        self.changed()
      })
    return nil
  }

  // MARK: - Arriving

  /// Decodes `data` on the worker.
  ///
  /// A broken picture from the cache is forgotten and fetched again.
  private func decode(_ data: Data, for url: String, fromCache: Bool, keep: Bool = true) {
    decoding.insert(url)
    worker.run(
      { Picture.decode(data) },
      then: { [weak self] result in
        guard let self else { return }
        self.decoding.remove(url)
        switch result {
        case .success(let picture):
          self.keep(picture, for: url)
          if !fromCache && keep { self.cache?.write(data, for: url) }
        case .failure(let problem):
          if fromCache {
            self.cache?.remove(url)
            self.fetch(url)
            return
          }
          self.fail(url, problem.message)
        }
        self.changed()
      })
  }

  private func keep(_ picture: Picture, for url: String) {
    pictures[url] = picture
    recent.removeAll { $0 == url }
    recent.append(url)
    while recent.count > memoryCount {
      let old = recent.removeFirst()
      pictures[old] = nil
      drawings = drawings.filter { $0.key.url != old }
      encodings = encodings.filter { $0.key.url != old }
    }
  }

  private func fail(_ url: String, _ reason: String) {
    failures[url] = reason
    // One full stop: a reason may end in its own (`… are you offline?`).
    report(
      tr("No picture: %s").filled(
        reason.last.map { ".?!".contains($0) } == true ? reason : reason + "."))
  }

  /// Why a picture could not be had, in words that fit any server (an imported page's
  /// pictures are not TheMealDB's).
  static func reason(_ error: NetworkError) -> String {
    switch error {
    case .httpStatus(let status): tr("its server answered HTTP %d").filled(String(status))
    case .timedOut: tr("its server did not answer in time")
    case .connectionLost: tr("the connection was cut off")
    case .bodyTooLarge: tr("it is over %d MB").filled(String(pictureLimit / 1_048_576))
    default: error.message
    }
  }
}
