import Fixtures
import Foundation
import MealsApp
import MealsCLI
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import TerminalUI

let packageRoot = PackagePaths.root
let workFolder = packageRoot.appendingPathComponent(".build/bench")
let mealCount = 100_000

// MARK: - The memory child

if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "memory" {
  do {
    let store = try MealStore(path: CommandLine.arguments[2])
    let results = store.meals()
    var names = 0
    for index in 0..<min(40, results.count) { names += results.row(at: index)?.name.count ?? 0 }
    let opened = Measure.peakMemoryMiB()
    // Then the whole typing script of the filter bench, counts included.
    for text in FilterBench.latin + FilterBench.cjkAndPunctuation {
      let filtered = store.meals(matching: text)
      for index in 0..<min(21, filtered.count(atLeast: 22)) { _ = filtered.row(at: index) }
      names += filtered.count
    }
    Measure.say(String(format: "%.1f %.1f", opened, Measure.peakMemoryMiB()))
    exit(names > 0 ? 0 : 1)
  } catch {
    exit(1)
  }
}

// MARK: - The config child

/// `meals-bench config-cold FILE`: what a config file costs a fresh process, in ms: before the
/// first frame (read, parse, options, theme), and in all (the keys, every table they build).
if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "config-cold" {
  let start = MonotonicClock.nanoseconds()
  let parsed = LaunchOptions.parse(
    [], environment: ["HOME": "/nowhere", "MEALS_CONFIG": CommandLine.arguments[2]])
  guard case .success(.run(let options)) = parsed else { exit(1) }
  // Before the first frame: the options and the theme; right after it, the keys.
  _ = AppSettings(options.config, keys: false)
  let firstFrame = Double(MonotonicClock.nanoseconds() - start) / 1e6
  let settings = AppSettings(options.config)
  settings.applyKeys()
  let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e6
  Measure.say(String(format: "%.4f %.4f %d", firstFrame, elapsed, settings.problems.count))
  exit(0)
}

// MARK: - Set-up

/// `meals-bench pictures`: only the picture figures (its peak memory is then its own).
if CommandLine.arguments.dropFirst().first == "pictures" {
  let folder = packageRoot.appendingPathComponent(".build/bench")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try PictureBench.run(folder: folder)
  exit(0)
}

/// `meals-bench pages`: only reading and importing recipe pages.
if CommandLine.arguments.dropFirst().first == "pages" {
  let folder = packageRoot.appendingPathComponent(".build/bench")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try PagesBench.run(folder: folder)
  exit(0)
}

/// `meals-bench sync`: only `meals sync` with 10 000 meals.
if CommandLine.arguments.dropFirst().first == "sync" {
  let folder = packageRoot.appendingPathComponent(".build/bench")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try SyncBench.run(folder: folder)
  exit(0)
}

/// `meals-bench import`: only `meals import` of a 1 000-recipe Paprika export with photos.
if CommandLine.arguments.dropFirst().first == "import" {
  let folder = packageRoot.appendingPathComponent(".build/bench")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try ImportBench.run(folder: folder)
  exit(0)
}

/// `meals-bench can-cook`: only "what can I cook" at 100 000 meals with a 50-item pantry.
if CommandLine.arguments.dropFirst().first == "can-cook" {
  let folder = packageRoot.appendingPathComponent(".build/bench")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try CanCookBench.run(folder: folder)
  exit(0)
}

/// `meals-bench units`: only what converting units adds to a Meal Detail frame.
if CommandLine.arguments.dropFirst().first == "units" {
  UnitsBench.run()
  let folder = packageRoot.appendingPathComponent(".build/bench")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try UnitsBench.frames(folder: folder)
  exit(0)
}

/// `meals-bench browse`: only the browse figures (for profiling them).
if CommandLine.arguments.dropFirst().first == "browse" {
  let folder = packageRoot.appendingPathComponent(".build/bench")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try BrowseBench.run(folder: folder)
  exit(0)
}

try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
// The file name changes when the sample meals do, so an older one is rebuilt.
let bigPath = workFolder.appendingPathComponent("meals-\(mealCount)-v5.sqlite").path
for old in [
  "meals-\(mealCount).sqlite", "meals-\(mealCount)-v4.sqlite", "meals-\(mealCount)-v4b.sqlite",
  "meals-\(mealCount)-v4c.sqlite",
] {
  for suffix in [
    "", "-wal", "-shm", ".bak.1", ".bak.2", ".bak.3", ".v1.bak", ".v2.bak", ".v3.bak", ".v4.bak",
  ] {
    try? FileManager.default.removeItem(at: workFolder.appendingPathComponent(old + suffix))
  }
}

/// A database of `mealCount` synthetic meals, built once and kept in .build/bench.
func prepareBigDatabase() throws {
  if let store = try? MealStore(path: bigPath), store.mealCount == mealCount { return }
  for suffix in ["", "-wal", "-shm"] {
    try? FileManager.default.removeItem(atPath: bigPath + suffix)
  }
  let store = try MealStore(path: bigPath)
  let start = MonotonicClock.nanoseconds()
  for batch in stride(from: 0, to: mealCount, by: 10_000) {
    try store.insert(contentsOf: (batch..<batch + 10_000).map(SampleData.meal))
  }
  Measure.say(
    String(
      format: "(built %d meals in %.1f s)", mealCount,
      Double(MonotonicClock.nanoseconds() - start) / 1e9))
}

try prepareBigDatabase()

/// `meals-bench redraw`: only what the terminal receives (bytes per move, slide frames).
if CommandLine.arguments.dropFirst().first == "redraw" {
  RedrawBench.run(databasePath: bigPath)
  exit(0)
}

/// `meals-bench upgrade`: only the upgrade of a 100k file from schema 1.
if CommandLine.arguments.dropFirst().first == "upgrade" {
  try UpgradeBench.run(folder: workFolder)
  exit(0)
}

/// `meals-bench start`: only start-up (first frame and `--version` against the floor).
if CommandLine.arguments.dropFirst().first == "start" {
  try FirstFrameBench.run(packageRoot: packageRoot, databasePath: bigPath)
  exit(0)
}

/// `meals-bench plan`: only the Week Plan with a year planned.
if CommandLine.arguments.dropFirst().first == "plan" {
  try PlanBench.run(databasePath: bigPath, folder: workFolder)
  exit(0)
}

/// `meals-bench serve`: only `meals serve` on the 100k book (pages, searches, a crowd, keys).
if CommandLine.arguments.dropFirst().first == "serve" {
  ServeBench.run(databasePath: bigPath, mealCount: mealCount)
  exit(0)
}

/// `meals-bench keys`: only keys at a human rhythm (typing into the filter, during a backup).
if CommandLine.arguments.dropFirst().first == "keys" {
  KeyRhythmBench.run(databasePath: bigPath)
  exit(0)
}

/// `meals-bench exchange`: only `meals list --json` and `meals export`.
if CommandLine.arguments.dropFirst().first == "exchange" {
  ExchangeBench.run(databasePath: bigPath)
  exit(0)
}

/// `meals-bench filter [--verbose]`: only the local filter's figures.
if CommandLine.arguments.dropFirst().first == "filter" {
  let store = try MealStore(path: bigPath)
  FilterBench.run(store: store, verbose: CommandLine.arguments.contains("--verbose"))
  FilterBench.reportSize(store: store)
  exit(0)
}
Measure.say("meals-bench — \(mealCount) meals; times are medians of the runs shown (n)")

// MARK: - Store

let openSamples = try Measure.times(15) {
  let store = try MealStore(path: bigPath)
  let results = store.meals()
  for index in 0..<min(21, results.count) { _ = results.row(at: index) }
}
Measure.report("open 100k meals + first screen of rows", openSamples, goal: "≤ 2 ms")

let store = try MealStore(path: bigPath)
let list = store.meals()
_ = list.count
var position = 50_000
_ = list.row(at: position)
let rowSamples = Measure.times(2_000) {
  position += 1
  _ = list.row(at: position + 20)
}
Measure.report("move the window down one row (at 50 000)", rowSamples, goal: "≤ 0.5 ms")
let pageSamples = Measure.times(500) {
  position += 20
  for index in position..<(position + 21) { _ = list.row(at: index) }
}
Measure.report("move the window down one page (21 rows)", pageSamples, goal: "≤ 0.5 ms")
let farSamples = Measure.times(50) {
  list.invalidate()
  _ = list.row(at: Int.random(in: 0..<mealCount))
}
Measure.report("jump to a random row (cold window)", farSamples, goal: "—")

FilterBench.run(store: store, verbose: CommandLine.arguments.contains("--verbose"))
FilterBench.reportSize(store: store)
ExchangeBench.run(databasePath: bigPath)

let catalogueFolder = workFolder.appendingPathComponent("catalogue")
try? FileManager.default.removeItem(at: catalogueFolder)
try FileManager.default.createDirectory(at: catalogueFolder, withIntermediateDirectories: true)
let small = SampleData.catalogue(600)
let large = SampleData.catalogue(100_000)
var smallSamples: [Double] = []
var largeSamples: [Double] = []
let catalogueStore = try MealStore(
  path: catalogueFolder.appendingPathComponent("import.sqlite").path)
for _ in 0..<15 {
  smallSamples += try Measure.times(1) { try catalogueStore.replaceCatalogue(small) }
}
Measure.report("import a 600-ingredient catalogue", smallSamples, goal: "≤ 15 ms")
for _ in 0..<5 {
  largeSamples += try Measure.times(1) { try catalogueStore.replaceCatalogue(large) }
}
Measure.report("import a 100 000-ingredient catalogue", largeSamples, goal: "≤ 1.5 s")

let draftStore = try MealStore(path: catalogueFolder.appendingPathComponent("drafts.sqlite").path)
let draftID = try draftStore.createMeal(name: "Draft", instructions: "Cook.")
var generation = 0
let commitSamples = try Measure.times(200) {
  generation += 1
  var draft = try draftStore.editableCopy(of: draftID)
  draft.meal.ingredients = (0..<20).map {
    IngredientMeasurement(name: "Item \($0)", quantity: "\(generation) g")
  }
  try draftStore.commit(draft)
}
Measure.report("commit a 20-ingredient draft", commitSamples, goal: "≤ 2 ms")

// MARK: - Memory (a fresh process, so nothing above counts)

let child = Process()
child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
child.arguments = ["memory", bigPath]
let childOutput = Pipe()
child.standardOutput = childOutput
try child.run()
let memoryText = String(
  decoding: childOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
child.waitUntilExit()
let peaks = memoryText.split(separator: " ").map {
  $0.trimmingCharacters(in: .whitespacesAndNewlines)
}
for (label, peak) in zip(
  ["peak memory, 100k meals open + first screen", "  … then the filter's whole typing script"],
  peaks)
{
  Measure.say(
    "\(label.padding(toLength: 52, withPad: " ", startingAt: 0)) \(peak) MiB  (goal ≤ 40 MB)")
}

// MARK: - Decoding

let sharedFolder = PackagePaths.sharedMealDB
/// The real response when ../shared is there, else the project's fixture of the same shape.
func realOrFixture(_ shared: String, _ fixture: String) throws -> Data {
  if let data = try? Data(contentsOf: sharedFolder.appendingPathComponent(shared)) { return data }
  return try Data(contentsOf: packageRoot.appendingPathComponent("Resources/fixtures/\(fixture)"))
}
let catalogueData = try realOrFixture("list-ingredients.json", "ingredients.json")
let searchData = try realOrFixture("search-all.json", "meals.json")
let catalogueEntries = try MealDBDecoder.ingredients(from: catalogueData).count
let searchEntries = try MealDBDecoder.meals(from: searchData).count
Measure.report(
  "decode the catalogue (\(catalogueEntries) after merging)",
  try Measure.times(30) { _ = try MealDBDecoder.ingredients(from: catalogueData) }, goal: "≤ 10 ms")
Measure.report(
  "decode a \(searchEntries)-meal search response",
  try Measure.times(30) { _ = try MealDBDecoder.meals(from: searchData) }, goal: "≤ 2 ms")

try NothingIsLostBench.run(store: try MealStore(path: bigPath))
try ChipsBench.run(path: bigPath)

// MARK: - The app

let app = MealsApplication(store: store, service: NullService())
let size = Size(width: 100, height: 30)
_ = app.navigator.render(size: size)
var keystrokes: [Double] = []
for step in 0..<400 {
  let key: Key = step % 50 == 49 ? .pageDown : .down
  keystrokes += Measure.times(1) {
    app.navigator.handle(key, size: size)
    _ = app.navigator.render(size: size)
  }
}
Measure.report(
  "My Meals keystroke (handle + render) at 100k", keystrokes, goal: "≤ 1 ms", p95: true)

let startupSamples = try Measure.times(15) {
  let freshStore = try MealStore(path: bigPath)
  let freshApp = MealsApplication(store: freshStore, service: NullService())
  _ = freshApp.navigator.render(size: size)
}
Measure.report("start-up to the first frame at 100k (in process)", startupSamples, goal: "≤ 30 ms")

// MARK: - Network

try NetworkBench.run()
try BrowseBench.run(folder: workFolder)
try PictureBench.run(folder: workFolder)
try PagesBench.run(folder: workFolder)
try FirstFrameBench.run(packageRoot: packageRoot, databasePath: bigPath)
RedrawBench.run(databasePath: bigPath)
KeyRhythmBench.run(databasePath: bigPath)
try UpgradeBench.run(folder: workFolder)
