import TextSafety

/// The cook log in the sync folder (`.cook-log`): an append-only file of lines, so two
/// machines' logs merge as a union (git's `merge=union`, Syncthing's conflict copies joined).
///
/// An entry is a line of tab-separated fields, a removal (an undo) names the entry it takes
/// back:
///
///     +	UID	2026-12-01	MEAL-UID	SERVINGS	RATING	LOGGED-AT	MEAL NAME	NOTE
///     -	UID
///
/// Empty fields are allowed (no servings, no rating); a line that is neither is passed over.
public enum CookLogFile {
  /// What a log says: the entries it adds (the first line of a uid wins) and the uids it
  /// takes back.
  public struct Contents: Equatable, Sendable {
    public var added: [CookLogEntry] = []
    public var removed: Set<String> = []
    /// Lines that are neither an entry nor a removal (a hand edit gone wrong), passed over.
    public var unreadLines = 0

    public init() {}
  }

  public static func parse(_ text: String) -> Contents {
    var contents = Contents()
    var seen: Set<String> = []
    for raw in text.replacingCRLF().split(separator: "\n") {
      let fields = raw.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard let kind = fields.first, !MealRules.isBlank(String(raw)) else { continue }
      if kind == "-", fields.count >= 2, !fields[1].isEmpty {
        contents.removed.insert(fields[1])
        continue
      }
      guard kind == "+", fields.count >= 8, !fields[1].isEmpty, !fields[3].isEmpty,
        let day = CivilDate.parse(fields[2], today: CivilDate(daysSince1970: 0)),
        fields[2].count == 10
      else {
        contents.unreadLines += 1
        continue
      }
      let servings = Int(fields[4]).flatMap { CookLogEntry.servingsRange.contains($0) ? $0 : nil }
      let rating = Int(fields[5]).flatMap { CookLogEntry.ratingRange.contains($0) ? $0 : nil }
      let entry = CookLogEntry(
        uid: fields[1], mealUID: fields[3], mealName: TextSanitizer.singleLine(fields[7]),
        day: day, servings: servings,
        note: fields.count > 8 ? TextSanitizer.singleLine(fields[8]) : "",
        rating: rating, loggedAt: Double(fields[6]) ?? 0)
      if seen.insert(entry.uid).inserted { contents.added.append(entry) }
    }
    return contents
  }

  /// The line that adds `entry`.
  public static func line(_ entry: CookLogEntry) -> String {
    [
      "+", field(entry.uid), entry.day.description, field(entry.mealUID),
      entry.servings.map { String($0) } ?? "", entry.rating.map { String($0) } ?? "",
      String(Int64(entry.loggedAt)), field(entry.mealName), field(entry.note),
    ].joined(separator: "\t")
  }

  /// The line that takes the entry `uid` back.
  public static func removal(_ uid: String) -> String { "-\t" + field(uid) }

  /// A field as one line without tabs.
  private static func field(_ text: String) -> String {
    TextSanitizer.singleLine(text).replacingEvery("\t", with: " ")
  }
}
