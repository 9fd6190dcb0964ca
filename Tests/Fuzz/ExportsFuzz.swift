// libFuzzer target: any bytes as a file of a recipe manager's export (`ExportFiles.read`, the
// reader `meals import` gives every member: Paprika and Mela JSON, Meal-Master text, the CSVs,
// Copy Me That and Recipe Keeper pages, Chowdown pages), named by FUZZ_FORMAT's file name; or
// (`archive`) any bytes as an archive walked member by member through libarchive, the way an
// export is, gzip streams inflated, each member read with a limit and given to the reader.
// Built by `make fuzz` as the targets `paprika`, `mela`, `mealmaster`, `csv` and `archive`.
import Foundation
import MealsCore

let fuzzExportName: String = {
  switch ProcessInfo.processInfo.environment["FUZZ_FORMAT"] {
  case "mela": return "recipe.melarecipe"
  case "mealmaster": return "recipes.mmf"
  case "csv": return "export.csv"
  default: return "recipe.paprikarecipe"
  }
}()

let fuzzArchive = ProcessInfo.processInfo.environment["FUZZ_FORMAT"] == "archive"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExports(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  if fuzzArchive {
    fuzzArchiveWalk(bytes, depth: 0)
  } else {
    check((try? ExportFiles.read(path: fuzzExportName, bytes: bytes)) ?? nil)
  }
  return 0
}

/// Every recipe read is one a meal could be made of (clean text) or a problem with a place.
func check(_ reading: ExportFileReading?) {
  guard let reading else { return }
  FuzzCheck.candidates(reading.candidates)
  for candidate in reading.candidates {
    precondition(candidate.meal != nil || candidate.problem != nil, "neither meal nor problem")
    if let photo = candidate.photo {
      precondition(MealPhoto.type(of: photo.bytes[...]) == photo.type, "a photo's type")
      precondition(photo.bytes.count <= MealPhoto.maximumBytes, "a photo over the limit")
    }
  }
}

/// An archive's members, as the import walks them: paths made safe or refused, bytes bounded.
func fuzzArchiveWalk(_ bytes: [UInt8], depth: Int) {
  guard depth < 2, let archive = try? ArchiveReader(bytes: bytes) else { return }
  var members = 0
  while let entry = try? archive.next(), members < 64 {
    members += 1
    if let path = ExportSource.safePath(entry.path) {
      precondition(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "a path out")
    }
    guard entry.isFile, let read = try? archive.read(limit: 1 << 20) else { continue }
    precondition(read.count <= 1 << 20, "a member past its limit")
    if ExportSource.isArchive(read) { fuzzArchiveWalk(read, depth: depth + 1) }
    check((try? ExportFiles.read(path: entry.path, bytes: read)) ?? nil)
  }
}
