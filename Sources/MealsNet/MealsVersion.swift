/// The version `--version` prints and the User-Agent names.
public enum MealsVersion {
  public static let current = "0.1.0"
}
