import MealsCore
import MealsLaunch
import MealsStore
import TextSafety

/// `meals log [MEAL] [--json]`: what was cooked when, the latest first.
enum LogCommand {
  static func run(_ arguments: CommandArguments, store: MealStore, io: CommandIO) -> Int32 {
    var mealID: Int64?
    if let wanted = arguments.positionals.first {
      guard let id = Subcommand.resolve(wanted, store: store, io: io) else {
        return Subcommand.Status.failure
      }
      mealID = id
    }
    let rows: [CookLogRow]
    do {
      rows = try store.readCookLog(mealID: mealID)
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    guard arguments.flags.contains("--json") else {
      for row in rows {
        let entry = row.entry
        let id: String = row.mealID.map { String($0) } ?? ""
        let servings: String = entry.servings.map { String($0) } ?? ""
        let rating: String = entry.rating.map { String($0) } ?? ""
        let fields: [String] = [
          entry.day.description, id, TextSanitizer.singleLine(entry.mealName), servings, rating,
          TextSanitizer.singleLine(entry.note),
        ]
        io.output.line(fields.joined(separator: "\t"))
      }
      return Subcommand.Status.success
    }
    var writer = JSONObjectWriter()
    writer.bytes.append(UInt8(ascii: "["))
    for (index, row) in rows.enumerated() {
      let entry = row.entry
      writer.bytes += index == 0 ? [0x0A, 0x20, 0x20] : [0x2C, 0x0A, 0x20, 0x20]
      writer.begin()
      writer.field("date", entry.day.description)
      writer.field("meal", entry.mealName)
      writer.field("id", row.mealID)
      writer.field("servings", entry.servings.map(Int64.init))
      writer.field("rating", entry.rating.map(Int64.init))
      writer.field("note", entry.note.isEmpty ? nil : entry.note)
      writer.end()
    }
    writer.bytes += rows.isEmpty ? Array("]\n".utf8) : Array("\n]\n".utf8)
    io.output.write(bytes: writer.bytes)
    return Subcommand.Status.success
  }
}
