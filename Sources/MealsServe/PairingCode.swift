import CQRCode
import MealsCore

/// The pairing address as QR code lines (libqrencode, loaded when a code is first drawn).
public enum PairingCode {
  /// The code's lines, or why there is none (the library is missing, say).
  public static func lines(for address: String, colour: Bool) -> Result<[String], Problem> {
    var modules = [UInt8](repeating: 0, count: 177 * 177)
    var width: Int32 = 0
    var error = [CChar](repeating: 0, count: 256)
    guard cqrcode_encode(address, &modules, modules.count, &width, &error, error.count) == 1 else {
      let why = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(Problem(message: "no QR code: \(why)"))
    }
    let side = Int(width)
    return .success(
      QRText.lines(
        modules: modules.prefix(side * side).map { $0 != 0 }, width: side, colour: colour))
  }

  /// Why there is no code.
  public struct Problem: Error, Sendable {
    public var message: String
  }
}
