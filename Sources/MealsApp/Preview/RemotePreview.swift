import FoundationEssentials
import MealsCore
import MealsNet

/// The preview of a remote item that follows a list's selection.
///
/// An answer already known (this session or the cache) shows at once; otherwise the request
/// goes out once the selection has rested for `rest` ms, so moving quickly through a list asks
/// for nothing. Moving on stops listening to the old request: its answer is kept, never shown.
final class RemotePreview<Value> {
  static var rest: UInt64 { 150 }

  private let remote: RemoteData
  private let decode: (Data) throws(MealDBDecodingError) -> Value
  /// The request for the selected item (on show, waiting for rest, or loading).
  private(set) var request: MealDBRequest?
  private var due: UInt64?
  private var resource: RemoteResource<Value>?
  /// Called when an answer arrives or fails.
  var onChange: () -> Void = {}

  init(remote: RemoteData, decode: @escaping (Data) throws(MealDBDecodingError) -> Value) {
    self.remote = remote
    self.decode = decode
  }

  /// The selection now shows `request` (nil: nothing to preview).
  func follow(_ request: MealDBRequest?, now: UInt64) {
    guard request != self.request else { return }
    self.request = request
    resource = nil
    due = nil
    guard let request else { return }
    if remote.known(request, decode: decode) != nil {
      start(request)
    } else {
      due = now + Self.rest
    }
  }

  private func start(_ request: MealDBRequest) {
    let resource = RemoteResource(request, remote: remote, decode: decode)
    resource.onChange = { [weak self] in self?.onChange() }
    resource.start()
    self.resource = resource
  }

  var value: Value? { resource?.value }
  var isWaiting: Bool { due != nil || resource?.isLoading == true }
  var failure: String? { resource?.failure }
  var spinner: String { resource?.spinner.symbol ?? Spinner.frames[0] }

  var nextDeadline: UInt64? { [due, resource?.nextDeadline].compactMap { $0 }.min() }

  func tick(now: UInt64) -> Bool {
    if let due, now >= due, let request {
      self.due = nil
      start(request)
      return true
    }
    return resource?.tick(now: now) ?? false
  }
}
