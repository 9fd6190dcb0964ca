import CPicture
import Foundation

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

  /// The bytes a terminal speaking `protocol` draws the picture with, over `columns` × `rows`
  /// cells of `cellSize` pixels each; nil when chafa cannot.
  public func protocolBytes(
    _ graphics: GraphicsProtocol, columns: Int, rows: Int, cellWidth: Int = 10, cellHeight: Int = 20
  ) -> [UInt8]? {
    var length = 0
    let code: Int32 =
      switch graphics {
      case .kitty: Int32(MEALS_PROTOCOL_KITTY)
      case .sixel: Int32(MEALS_PROTOCOL_SIXEL)
      case .iterm: Int32(MEALS_PROTOCOL_ITERM)
      case .truecolor: Int32(MEALS_PROTOCOL_TRUECOLOR)
      }
    let bytes = withUnsafePointer(to: &raw) {
      meals_picture_protocol(
        $0, Int32(columns), Int32(rows), code, Int32(cellWidth), Int32(cellHeight), &length)
    }
    guard let bytes else { return nil }
    defer { free(bytes) }
    return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
      Array(UnsafeBufferPointer(start: $0, count: length))
    }
  }
}

/// The terminal graphics protocols chafa writes.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
  case kitty, sixel, iterm
  /// Block symbols in 24-bit colour escapes (ncurses knows only the 256-colour palette), sent
  /// after the refresh like a picture, one row at a time.
  case truecolor
}
