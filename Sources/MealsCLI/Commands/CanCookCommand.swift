import MealsCore
import MealsLaunch
import MealsStore
import TextSafety
import Translation

/// `meals can-cook`: the saved meals by what they need that is not at home, none first.
enum CanCookCommand {
  static func run(
    _ arguments: CommandArguments, store: MealStore, staples: [String], io: CommandIO
  ) -> Int32 {
    var most: Int? = CanCook.defaultMissing
    if let text = arguments.values["--missing"] {
      if text == "all" {
        most = nil
      } else if let number = Int(text), (0...10_000).contains(number) {
        most = number
      } else {
        return Subcommand.usageError(
          tr("--missing takes a number from 0 or all, not “%s”.").filled(text), .canCook, io: io)
      }
    }
    let ranking: CookableRanking
    do {
      let pantry = Pantry(items: try store.readPantryItems(), staples: staples)
      ranking = try store.canCookRanking(pantry: pantry, most: most)
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    if arguments.flags.contains("--json") {
      let array = JSONText.array(
        ranking.meals.map { meal in
          .object([
            ("id", .integer(meal.id)), ("name", .string(meal.name)),
            ("missing", .array(meal.missing.map(JSONText.string))),
          ])
        })
      io.output.write(array.serialized() + "\n")
      return Subcommand.Status.success
    }
    writeLines(ranking, to: io.output)
    if ranking.count == 0, let most {
      io.errors.line(
        most == 0
          ? tr("No saved meal has all it needs at home; --missing all lists every meal.")
          : tr(
            "No saved meal is missing at most %d of its ingredients; --missing all lists every meal."
          )
          .filled(String(most))
      )
    }
    return Subcommand.Status.success
  }

  /// `id⇥missing⇥name⇥a, b` a meal, made as bytes: each missing ingredient's safe text once
  /// (all of them in one array: no reference counted per name written), a name that is
  /// printable ASCII (most) as it is.
  private static func writeLines(_ ranking: CookableRanking, to output: CommandOutput) {
    var missingBytes: [UInt8] = []
    var missingEnds: [Int] = []
    missingEnds.reserveCapacity(ranking.shortNames.count)
    for name in ranking.shortNames {
      missingBytes.append(contentsOf: TextSanitizer.singleLine(name).utf8)
      missingEnds.append(missingBytes.count)
    }
    var line: [UInt8] = []
    line.reserveCapacity(256)
    missingBytes.withUnsafeBufferPointer { all in
      for rank in 0..<ranking.count {
        line.removeAll(keepingCapacity: true)
        let missing = ranking.missing(at: rank)
        NumberText.appendDecimal(ranking.ids[rank], to: &line)
        line.append(UInt8(ascii: "\t"))
        NumberText.appendDecimal(Int64(missing.count), to: &line)
        line.append(UInt8(ascii: "\t"))
        let plain = ranking.withName(at: rank) { bytes in
          guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return false }
          line.append(contentsOf: bytes)
          return true
        }
        if !plain {
          line.append(contentsOf: TextSanitizer.singleLine(ranking.name(at: rank)).utf8)
        }
        line.append(UInt8(ascii: "\t"))
        var first = true
        for number in missing {
          if !first { line.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
          first = false
          let end = missingEnds[Int(number)]
          let start = number == 0 ? 0 : missingEnds[Int(number) - 1]
          line.append(contentsOf: UnsafeBufferPointer(rebasing: all[start..<end]))
        }
        line.append(UInt8(ascii: "\n"))
        output.write(bytes: line)
      }
    }
  }
}
