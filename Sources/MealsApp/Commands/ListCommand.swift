import Foundation
import MealsCore
import MealsStore

/// `meals list [--json] [--filter TEXT] [--favourites]`.
enum ListCommand {
  static func run(_ arguments: CommandArguments, store: MealStore, io: CommandIO) -> Int32 {
    let rows: [MealListRow]
    do {
      rows = try store.listRows(
        filter: arguments.values["--filter"] ?? "",
        favouritesOnly: arguments.flags.contains("--favourites"))
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    if arguments.flags.contains("--json") {
      writeJSON(rows, to: io.output)
    } else {
      for row in rows {
        let kind = [row.category, row.area].compactMap { $0 }.joined(separator: " · ")
        io.output.write("\(row.id)\t\(tabless(row.name))\t\(tabless(kind))\n")
      }
    }
    return Subcommand.Status.success
  }

  /// One object per line inside the array, so that `grep` still works on it.
  static func writeJSON(_ rows: [MealListRow], to output: CommandOutput) {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    for (index, row) in rows.enumerated() {
      bytes += index == 0 ? [0x0A, 0x20, 0x20] : [0x2C, 0x0A, 0x20, 0x20]
      object(row).write(into: &bytes, pretty: false, depth: 0)
      if bytes.count > 1 << 16 {
        output.write(bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    bytes += rows.isEmpty ? Array("]\n".utf8) : Array("\n]\n".utf8)
    output.write(bytes: bytes)
  }

  static func object(_ row: MealListRow) -> JSONText {
    .object([
      ("id", .integer(row.id)),
      ("name", .string(row.name)),
      ("mealDBID", .optional(row.mealDBID)),
      ("category", .optional(row.category)),
      ("area", .optional(row.area)),
      ("tags", .array(row.tags.map(JSONText.string))),
      ("favourite", .bool(row.favourite)),
      ("rating", .integer(Int64(row.rating))),
      ("totalMinutes", row.totalMinutes.map { .integer(Int64($0)) } ?? .null),
      ("difficulty", .optional(row.difficulty?.rawValue)),
      ("servings", row.servings.map { .integer(Int64($0)) } ?? .null),
    ])
  }

  /// A tab inside a field would split the line: it becomes a space.
  static func tabless(_ text: String) -> String {
    text.contains("\t") ? text.replacingOccurrences(of: "\t", with: " ") : text
  }
}
