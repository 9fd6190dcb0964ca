import CPicture
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A decoded JPEG or PNG (RGBA pixels), ready to be drawn by `SymbolArt` or a graphics protocol.
public final class Picture: @unchecked Sendable {
  private var raw: meals_picture

  public var width: Int { Int(raw.width) }
  public var height: Int { Int(raw.height) }

  /// At most this many pixels a side, and this many in all (4096 × 4096: 64 MB of RGBA).
  public static let maximumSide = 4096
  public static let maximumPixels = 4096 * 4096

  private init(_ raw: meals_picture) {
    self.raw = raw
  }

  deinit { meals_picture_free(&raw) }

  /// Why bytes are not a picture meals draws.
  public struct Problem: Error, Equatable, Sendable {
    public var message: String

    public init(message: String) {
      self.message = message
    }
  }

  /// Decodes JPEG or PNG bytes; anything else, a broken file or one too big (judged from its
  /// header, before its pixels are allocated) is a `Problem`.
  public static func decode(_ data: Data) -> Result<Picture, Problem> {
    var raw = meals_picture()
    var error = [CChar](repeating: 0, count: 256)
    let status = data.withUnsafeBytes { bytes -> Int32 in
      guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return 1 }
      return meals_picture_decode(
        base, bytes.count, UInt32(maximumSide), UInt64(maximumPixels), &raw, &error, error.count)
    }
    guard status == 0 else {
      let message = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(Problem(message: message.isEmpty ? "not a picture" : message))
    }
    return .success(Picture(raw))
  }

  /// The cells `SymbolArt` draws: a scalar and palette colours each, row by row.
  func symbols(columns: Int, rows: Int, colors: Bool)
    -> (characters: [UInt32], foregrounds: [Int16], backgrounds: [Int16])?
  {
    let count = columns * rows
    guard count > 0 else { return nil }
    var characters = [UInt32](repeating: 32, count: count)
    var foregrounds = [Int16](repeating: -1, count: count)
    var backgrounds = [Int16](repeating: -1, count: count)
    let status = withUnsafePointer(to: &raw) {
      meals_picture_symbols(
        $0, Int32(columns), Int32(rows),
        colors ? Int32(MEALS_COLORS_256) : Int32(MEALS_COLORS_NONE),
        &characters, &foregrounds, &backgrounds)
    }
    return status == 0 ? (characters, foregrounds, backgrounds) : nil
  }

  /// The cells the picture takes within `maximumColumns` × `maximumRows` with its shape kept
  /// (never stretched) in cells of `cell` pixels, and the pixel size a graphics protocol sends.
  ///
  /// `pixels: false` is for symbols (two half-block pixels a cell): the rows follow the cell's
  /// shape, the width is all the columns it can have.
  public func fit(
    maximumColumns: Int, maximumRows: Int, cell: CellSize = .assumed, pixels: Bool = false
  ) -> PictureFit {
    guard width > 0, height > 0, maximumColumns > 0, maximumRows > 0 else { return .none }
    let cellWidth = Double(cell.width)
    let cellHeight = Double(cell.height)
    guard pixels else {
      // Rows for all the columns, else columns for all the rows.
      let aspect = Double(height) / Double(width) * cellWidth / cellHeight
      let rows = Int((aspect * Double(maximumColumns)).rounded())
      if rows <= maximumRows {
        return PictureFit(columns: maximumColumns, rows: max(1, rows))
      }
      let columns = Int((Double(maximumRows) / aspect).rounded())
      return PictureFit(columns: max(1, min(maximumColumns, columns)), rows: maximumRows)
    }
    let scale = min(
      Double(maximumColumns) * cellWidth / Double(width),
      Double(maximumRows) * cellHeight / Double(height))
    let pixelWidth = max(1, Int((Double(width) * scale).rounded()))
    let pixelHeight = max(1, Int((Double(height) * scale).rounded()))
    return PictureFit(
      columns: min(maximumColumns, (pixelWidth + cell.width - 1) / cell.width),
      rows: min(maximumRows, (pixelHeight + cell.height - 1) / cell.height),
      pixelWidth: pixelWidth, pixelHeight: pixelHeight)
  }

  /// The bytes a terminal speaking `protocol` draws the picture with, fitted in `columns` ×
  /// `rows` cells of `cell` pixels with its shape kept (for `truecolor`, symbols filling
  /// exactly those cells); nil when it cannot be encoded.
  public func protocolBytes(
    _ graphics: GraphicsProtocol, columns: Int, rows: Int, cell: CellSize = .assumed
  ) -> [UInt8]? {
    var length = 0
    let bytes: UnsafeMutablePointer<CChar>?
    if graphics == .truecolor {
      bytes = withUnsafePointer(to: &raw) {
        meals_picture_protocol(
          $0, Int32(columns), Int32(rows), Int32(MEALS_PROTOCOL_TRUECOLOR), Int32(cell.width),
          Int32(cell.height), &length)
      }
    } else {
      var fit = fit(maximumColumns: columns, maximumRows: rows, cell: cell, pixels: true)
      // A sixel image is a whole number of sixels (6 pixels) tall: fitted within them.
      let sixels = max(6, rows * cell.height / 6 * 6)
      if graphics == .sixel && fit.pixelHeight > sixels {
        fit.pixelWidth = max(1, fit.pixelWidth * sixels / fit.pixelHeight)
        fit.pixelHeight = sixels
      }
      let code: Int32 =
        switch graphics {
        case .kitty: Int32(MEALS_PROTOCOL_KITTY)
        case .sixel: Int32(MEALS_PROTOCOL_SIXEL)
        default: Int32(MEALS_PROTOCOL_ITERM)
        }
      bytes = withUnsafePointer(to: &raw) {
        meals_picture_graphics(
          $0, code, Int32(fit.pixelWidth), Int32(fit.pixelHeight), Int32(fit.columns),
          Int32(fit.rows), Int32(cell.width), Int32(cell.height), &length)
      }
    }
    guard let bytes else { return nil }
    defer { free(bytes) }
    return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
      Array(UnsafeBufferPointer(start: $0, count: length))
    }
  }

  /// The picture scaled to `width` × `height` pixels, RGBA (what the graphics protocols send).
  public func scaledPixels(width: Int, height: Int) -> [UInt8]? {
    guard
      let pixels = withUnsafePointer(
        to: &raw,
        {
          meals_picture_scaled($0, Int32(width), Int32(height))
        })
    else { return nil }
    defer { free(pixels) }
    return Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
  }
}

/// A terminal cell's size in pixels.
public typealias CellSize = Size

extension Size {
  /// A cell's pixels when the terminal does not say: twice as tall as it is wide.
  public static let assumed = CellSize(width: 10, height: 20)
}

/// Where a picture goes: the cells it takes, and the pixels a graphics protocol sends.
public struct PictureFit: Equatable, Sendable {
  public var columns: Int
  public var rows: Int
  public var pixelWidth = 0
  public var pixelHeight = 0

  public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
    self.columns = columns
    self.rows = rows
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  static let none = PictureFit(columns: 0, rows: 0)
}

/// The terminal graphics protocols chafa writes.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
  case kitty, sixel, iterm
  /// Block symbols in 24-bit colour escapes (ncurses knows only the 256-colour palette), sent
  /// after the refresh like a picture, one row at a time.
  case truecolor
}
