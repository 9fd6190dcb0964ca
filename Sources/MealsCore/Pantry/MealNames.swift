/// Many meals' names as one run of bytes, each by its place: a ranking of 100 000 meals keeps
/// them without a string each (an allocation, a reference counted at every copy, a free).
public struct MealNames: Sendable {
  /// Every name's bytes, one after another in the order they were set.
  private var bytes: [UInt8] = []
  /// Where each place's name is in `bytes` (empty until set).
  private var ranges: [Range<Int>]

  /// `count` places, each named "" until set.
  public init(count: Int) {
    ranges = Array(repeating: 0..<0, count: count)
  }

  /// The names of `names`, each at its index.
  public init(_ names: [String]) {
    self.init(count: names.count)
    for (place, name) in names.enumerated() {
      var name = name
      name.withUTF8 { set(place, to: $0) }
    }
  }

  public var count: Int { ranges.count }

  // MARK: - Setting and reading

  /// Names `place` by the UTF-8 bytes `utf8` (nil: ""); a NUL ends the name, as a C string's.
  public mutating func set(_ place: Int, to utf8: UnsafeBufferPointer<UInt8>?) {
    guard let utf8 else { return }
    let name = UnsafeBufferPointer(rebasing: utf8[..<(utf8.firstIndex(of: 0) ?? utf8.endIndex)])
    let start = bytes.count
    bytes.append(contentsOf: name)
    ranges[place] = start..<bytes.count
  }

  /// The name at `place`.
  public subscript(place: Int) -> String {
    withUTF8(place) { String(decoding: $0, as: UTF8.self) }
  }

  /// `body` given the bytes of the name at `place`, without making a string of them.
  public func withUTF8<Result>(_ place: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[ranges[place]])) }
  }
}
