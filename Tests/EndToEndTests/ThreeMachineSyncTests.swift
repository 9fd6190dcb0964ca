import Fixtures
import Foundation
import MealsCLI
import MealsCore
import MealsLaunch
import MealsStore
import TestSupport
import XCTest

/// Three books kept in step through one folder by a seeded random run of what people do —
/// edits in the app and by hand, deletes and undos, photos, plans, ticks — interleaved with
/// syncs in random order: at the end, after every machine syncs twice, the three books are
/// one book and nothing anyone wrote was lost.
///
/// Two transports: a bare git repository (each machine a clone), and folder copies exchanged
/// the way Syncthing exchanges them (`SyncthingLikeHub`). A failure names its seed;
/// `MEALS_SOAK_SEEDS=1-500 MEALS_SOAK_STEPS=400` (`make soak`) runs many more.
final class ThreeMachineSyncTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    // `MEALS_SOAK_KEEP=1` keeps the books and folders of a failing run to look into.
    if ProcessInfo.processInfo.environment["MEALS_SOAK_KEEP"] != nil {
      print("kept: \(folder.path(""))")
    } else {
      folder.remove()
    }
    folder = nil
  }

  func testThreeMachinesThroughABareGitRepositoryEndAsOneBook() throws {
    for seed in Self.seeds(default: [11, 12]) { try run(seed: seed, transport: .git) }
  }

  func testThreeMachinesThroughSyncthingStyleCopiesEndAsOneBook() throws {
    for seed in Self.seeds(default: [21, 22, 23]) { try run(seed: seed, transport: .copies) }
  }

  // MARK: - The run

  private func run(seed: UInt64, transport: ThreeMachines.Transport) throws {
    let steps = Int(ProcessInfo.processInfo.environment["MEALS_SOAK_STEPS"] ?? "") ?? 150
    let root = folder.path("\(transport)-\(seed)")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let machines = try ThreeMachines(root: root, transport: transport, seed: seed)
    let label = "seed \(seed) (\(transport)): "
    for step in 0..<steps {
      do {
        try machines.randomStep()
      } catch {
        XCTFail(label + "step \(step): \(error)")
        return
      }
    }
    machines.finalRounds = true
    for _ in 0..<2 {
      for index in machines.all.indices { try machines.sync(index) }
    }
    for failure in machines.failures { XCTFail(label + failure) }
    if ProcessInfo.processInfo.environment["MEALS_SOAK_TRACE"] != nil {
      print(machines.trace.joined(separator: "\n"))
    }
    let books = try machines.all.map { try $0.book() }
    for index in 1..<books.count {
      let here = Set(books[index].meals)
      let first = Set(books[0].meals)
      if here != first {
        XCTFail(
          label + "only on \(machines.all[0].name):\n\(first.subtracting(here).sorted())\n"
            + "only on \(machines.all[index].name):\n\(here.subtracting(first).sorted())")
      }
      for (what, mine, theirs) in [
        ("plan", books[index].plan, books[0].plan),
        ("shopping list", books[index].shopping, books[0].shopping),
      ] where mine != theirs {
        XCTFail(
          label + "the \(what) of \(machines.all[0].name) and \(machines.all[index].name): only "
            + "on the first \(theirs.filter { !mine.contains($0) }), only on the second "
            + "\(mine.filter { !theirs.contains($0) }) (\(theirs.count) and \(mine.count) lines)")
      }
    }
    // Every line anyone wrote is in a meal, or in Recently Deleted on the machine where it
    // was deleted (which need not be the one it was written on).
    let everything = try machines.all.map { try $0.everythingKept() }.joined(separator: "\n")
    for machine in machines.all {
      for token in machine.written where !everything.contains(token) {
        XCTFail(label + "\(token), written on \(machine.name), is in no book")
      }
    }
    // Two different versions are never kept under one name. (One version twice is a meal
    // put back from Recently Deleted on two machines: each undo brings it back.)
    var versions: [String: Set<String>] = [:]
    for meal in books[0].meals where meal.name.contains("(edited on ") {
      let text = meal.text.split(separator: "\n").filter { !$0.hasPrefix("meals-id:") }
      versions[meal.name, default: []].insert(text.joined(separator: "\n"))
    }
    for (name, texts) in versions where texts.count > 1 {
      XCTFail(label + "\(texts.count) different versions are named “\(name)”")
    }
  }

  /// The seeds to run: `MEALS_SOAK_SEEDS` (`1-200` or `4,9`), else the fixed ones.
  private static func seeds(default fixed: [UInt64]) -> [UInt64] {
    guard let text = ProcessInfo.processInfo.environment["MEALS_SOAK_SEEDS"] else { return fixed }
    return text.split(separator: ",").flatMap { part -> [UInt64] in
      let ends = part.split(separator: "-").compactMap { UInt64($0) }
      if ends.count == 2, ends[0] <= ends[1] { return Array(ends[0]...ends[1]) }
      return ends
    }
  }
}

// MARK: - A seeded generator

/// SplitMix64: the same seed, the same run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
