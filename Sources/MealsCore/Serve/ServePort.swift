/// The port a book is served on unless another is asked (`--port`, `set serve-port`): one
/// number the launch options, the app and the server agree on.
public enum ServePort {
  public static let standard = 9080
}
