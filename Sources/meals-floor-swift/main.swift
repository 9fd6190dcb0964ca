// The C floor's work in Swift, built as meals is (static standard library, ncurses linked in,
// the release flags): what the Swift runtime alone adds to a first frame, without Foundation
// and without any of meals. `meals-bench start` times it beside the C program.
import CNcursesw
import CSQLite3

#if canImport(Glibc)
  import Glibc
#endif

let path = CommandLine.arguments.dropFirst().first ?? ""
setlocale(LC_CTYPE, "")
var db: OpaquePointer?
guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
  let screen = newterm(nil, meals_stdout(), meals_stdin())
else { exit(1) }
_ = screen
var statement: OpaquePointer?
guard
  sqlite3_prepare_v2(
    db, "select name from meal order by name collate nocase, id limit ?", -1, &statement, nil)
    == SQLITE_OK
else { exit(1) }
sqlite3_bind_int(statement, 1, meals_lines() - 2)
mvaddstr(0, 1, "My Meals")
var row: Int32 = 2
while sqlite3_step(statement) == SQLITE_ROW {
  if let name = sqlite3_column_text(statement, 0) {
    name.withMemoryRebound(to: CChar.self, capacity: 1) { _ = mvaddstr(row, 2, $0) }
  }
  row += 1
}
refresh()
getch()
endwin()
