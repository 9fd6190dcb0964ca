import Dispatch
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

  /// From this many meals on, the listing's lines are made on two cores.
  static let linesMadeApart = 20_000

  /// `id⇥missing⇥name⇥a, b` a meal, made as bytes: each missing ingredient's safe text once
  /// (all of them in one array: no reference counted per name written), a name that is
  /// printable ASCII (most) as it is.
  ///
  /// A long listing's later half is made on the other core while this one makes and writes
  /// the first (12 MB at 100 000 meals), then written after it.
  static func writeLines(
    _ ranking: CookableRanking, to output: CommandOutput, apartFrom: Int = linesMadeApart
  ) {
    let texts = MissingTexts(ranking.shortNames)
    let half = ranking.count >= apartFrom ? ranking.count / 2 : ranking.count
    let later = LaterLines()
    let making = DispatchGroup()
    if half < ranking.count {
      DispatchQueue.global().async(group: making) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity((ranking.count - half) * 128)
        for rank in half..<ranking.count { appendLine(of: ranking, rank, texts, to: &bytes) }
        later.bytes = bytes
      }
    }
    var line: [UInt8] = []
    line.reserveCapacity(256)
    for rank in 0..<half {
      line.removeAll(keepingCapacity: true)
      appendLine(of: ranking, rank, texts, to: &line)
      output.write(bytes: line)
    }
    making.wait()
    output.write(bytes: later.bytes)
  }

  /// The line of the meal at `rank`, appended to `bytes`.
  private static func appendLine(
    of ranking: CookableRanking, _ rank: Int, _ texts: MissingTexts, to line: inout [UInt8]
  ) {
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
    texts.bytes.withUnsafeBufferPointer { all in
      for (index, number) in missing.enumerated() {
        if index > 0 {
          line.append(UInt8(ascii: ","))
          line.append(UInt8(ascii: " "))
        }
        let end = texts.ends[Int(number)]
        let start = number == 0 ? 0 : texts.ends[Int(number) - 1]
        line.append(contentsOf: UnsafeBufferPointer(rebasing: all[start..<end]))
      }
    }
    line.append(UInt8(ascii: "\n"))
  }

  /// Each missing ingredient's safe text once, one after another: text `n` ends at `ends[n]`.
  private struct MissingTexts: Sendable {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    init(_ names: [String]) {
      ends.reserveCapacity(names.count)
      for name in names {
        bytes.append(contentsOf: TextSanitizer.singleLine(name).utf8)
        ends.append(bytes.count)
      }
    }
  }

  /// The later half's lines, made on the other core (read after `DispatchGroup.wait`).
  private final class LaterLines: @unchecked Sendable {
    var bytes: [UInt8] = []
  }
}
