// The floor the benchmark holds meals' start-up to: a Foundation program that opens the
// database and writes the first screen of meal names, as little as a first frame can be.
// Built with the same flags as meals; `meals-bench` times it in the same pseudo-terminal.
import CSQLite3
import Foundation

let path = CommandLine.arguments.dropFirst().first ?? ""
var db: OpaquePointer?
var statement: OpaquePointer?
var screen = "\u{1B}[H\u{1B}[2J"
if sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
  sqlite3_prepare_v2(db, "SELECT name FROM meal ORDER BY name LIMIT 22", -1, &statement, nil)
    == SQLITE_OK
{
  while sqlite3_step(statement) == SQLITE_ROW {
    if let name = sqlite3_column_text(statement, 0) { screen += String(cString: name) + "\r\n" }
  }
}
sqlite3_finalize(statement)
sqlite3_close(db)
FileHandle.standardOutput.write(Data((screen + "floor: first screen written\r\n").utf8))
