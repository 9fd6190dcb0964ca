// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "meals",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "meals", targets: ["meals"]),
    .executable(name: "meals-bench", targets: ["meals-bench"]),
    .executable(name: "meals-stress", targets: ["meals-stress"]),
    .executable(name: "meals-floor", targets: ["meals-floor"]),
    .executable(name: "meals-floor-swift", targets: ["meals-floor-swift"]),
  ],
  targets: [
    // MARK: - C adapters (only TerminalUI, MealsStore, MealsNet, MealsImport and MealsServe import these)
    .systemLibrary(
      name: "CNcursesw",
      providers: [.apt(["libncursesw5-dev"])]
    ),
    .systemLibrary(
      name: "CSQLite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "CCurl",
      linkerSettings: [.linkedLibrary("dl")]
    ),
    // Archives: zip, tar and gzip read entry by entry with libarchive, loaded by the first
    // export imported (only MealsImport uses it).
    .target(name: "CArchive", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
    // The kitchen server: HTTP(S) with libmicrohttpd, loaded by the first `meals serve`
    // (only MealsNet uses it).
    .target(
      name: "CHTTPServer", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
    // The pairing address as a QR code, with libqrencode loaded when one is drawn.
    .target(name: "CQRCode", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
    // Pictures: JPEG/PNG decoding with limits and chafa's renderings (only TerminalUI uses it).
    .target(
      name: "CPicture",
      cSettings: [
        // What `pkg-config --cflags chafa` says on Debian (amd64 and arm64).
        .unsafeFlags([
          "-I/usr/include/chafa", "-I/usr/include/glib-2.0",
          "-I/usr/lib/x86_64-linux-gnu/chafa/include",
          "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
          "-I/usr/lib/aarch64-linux-gnu/chafa/include",
          "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
        ])
      ],
      // chafa, glib, libjpeg and libpng are loaded with dlopen by the first picture.
      linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread"), .linkedLibrary("m")]
    ),

    // MARK: - Layers: meals → MealsApp → (TerminalUI, MealsStore, MealsNet) → MealsCore;
    // TextSafety (making untrusted text safe to keep and show) sits under MealsCore and
    // TerminalUI, so the UI kit knows nothing of meals.
    .target(name: "TextSafety"),
    .target(name: "MealsCore", dependencies: ["TextSafety", "Translation"]),
    .target(
      name: "MealsStore", dependencies: ["MealsCore", "TextSafety", "Translation", "CSQLite3"]),
    .target(name: "MealsNet", dependencies: ["MealsCore", "Translation", "CCurl", "CHTTPServer"]),
    .target(
      name: "TerminalUI", dependencies: ["TextSafety", "Translation", "CNcursesw", "CPicture"],
      linkerSettings: ncursesLinking),
    // The command line (launch options, `meals list|show|search|export|import`, file writing)
    // builds without the UI.
    .target(
      name: "MealsCLI",
      dependencies: [
        "MealsCore", "MealsStore", "MealsNet", "MealsImport", "MealsLaunch", "MealsServe",
        "MealsSync", "TerminalUI", "TextSafety", "Programs", "Files", "Translation",
      ]),
    // The sync room: a book and a folder of Cooklang files (plain, Syncthing's or git's).
    .target(
      name: "MealsSync",
      dependencies: ["MealsCore", "MealsStore", "TextSafety", "Programs", "Files"]),
    // The launch room: what a start reads — the arguments, the environment, the config file,
    // the data folder — for the app and the commands alike.
    .target(
      name: "MealsLaunch",
      dependencies: ["MealsCore", "MealsStore", "MealsNet", "Files", "Translation"]),
    // The import room: other apps' exports as they stream (libarchive), and where recipes
    // come from (a file, a folder, a page's address).
    .target(
      name: "MealsImport",
      dependencies: ["MealsCore", "MealsStore", "MealsNet", "TextSafety", "Files", "CArchive"]),
    // The serve room: the phone's server, its pairing and its certificates.
    .target(
      name: "MealsServe",
      dependencies: ["MealsCore", "MealsStore", "MealsNet", "Files", "CQRCode", "Translation"]),
    // The one place meals starts another program (git, tmux, the user's editor).
    .target(name: "Programs", dependencies: ["Files"]),
    // Files written whole or not at all, read within a limit, and the picture cache.
    .target(name: "Files", dependencies: ["MealsCore", "Translation"]),
    .target(
      name: "MealsApp",
      dependencies: [
        "MealsCore", "MealsStore", "MealsNet", "MealsImport", "MealsLaunch", "MealsServe",
        "MealsSync", "TerminalUI", "TextSafety", "Programs", "Files", "Translation",
      ]),
    .executableTarget(
      name: "meals",
      dependencies: ["MealsApp", "MealsCLI", "MealsCore", "MealsLaunch", "Files", "Translation"]),
    .executableTarget(name: "meals-stress", dependencies: ["MealsCore", "MealsStore"]),
    // gettext's catalogs read at run time: the language chosen, its messages and plural rule.
    .target(name: "Translation"),
    .testTarget(name: "TranslationTests", dependencies: ["Translation", "Fixtures"]),
    // The start-up floor meals-bench compares meals with (Foundation + one SQLite read).
    .executableTarget(name: "meals-floor", dependencies: ["CSQLite3"]),
    // The C floor's work in Swift (no Foundation): what the Swift runtime adds to start-up.
    .executableTarget(
      name: "meals-floor-swift", dependencies: ["CSQLite3", "CNcursesw"],
      linkerSettings: ncursesLinking),
    .executableTarget(
      name: "meals-bench",
      dependencies: [
        "MealsApp", "MealsCLI", "MealsLaunch", "MealsCore", "MealsStore", "MealsNet", "TerminalUI",
        "Fixtures", "Files",
      ]
    ),
    // The fixture server and child processes, for the benchmark and the tests.
    .target(name: "Fixtures"),

    // MARK: - Tests
    .target(name: "TestSupport", dependencies: ["Fixtures"], path: "Tests/TestSupport"),
    // A VFS over SQLite's own that fails the Nth read, write, sync or lock (the fault sweep).
    .target(name: "CFaultVFS", dependencies: ["CSQLite3"], path: "Tests/CFaultVFS"),
    .testTarget(
      name: "MealsCoreTests",
      dependencies: ["MealsCore", "TextSafety", "TestSupport", "Translation"]),
    .testTarget(
      name: "MealsStoreTests",
      dependencies: ["MealsStore", "MealsCore", "TestSupport", "CFaultVFS"]),
    .testTarget(name: "MealsNetTests", dependencies: ["MealsNet", "MealsCore", "TestSupport"]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"], exclude: ["Pictures"]),
    .testTarget(
      name: "MealsAppTests",
      dependencies: [
        "MealsApp", "MealsCLI", "MealsCore", "MealsStore", "MealsNet", "MealsImport", "MealsLaunch",
        "MealsServe", "TerminalUI", "TestSupport", "CFaultVFS", "Files", "Programs",
      ],
      exclude: ["Screens", "CommandOutputs"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "MealsCore", "MealsStore", "MealsCLI", "MealsImport", "MealsLaunch", "MealsServe",
        "MealsSync", "Files", "TestSupport",
      ],
      // The screens each language shows, read by TranslationFitEndToEndTests.
      exclude: ["Goldens"]),
  ],
  swiftLanguageModes: [.v6]
)

/// ncurses linked in for release builds, Debian's shared library otherwise.
///
/// Linked in: two shared libraries fewer to load and relocate at every start (`meals --version`
/// 7.9 → 7.1 ms). Debug builds and the tests use the shared ones, and so does the Debian package
/// (`MEALS_SHARED_NCURSES=1`): Debian's security updates of ncurses must reach it (lintian:
/// embedded-library).
var ncursesLinking: [LinkerSetting] {
  if Context.environment["MEALS_SHARED_NCURSES"] != nil { return [.linkedLibrary("ncursesw")] }
  return [
    .linkedLibrary("ncursesw", .when(configuration: .debug)),
    .unsafeFlags(
      [
        "-Xlinker", "-Bstatic", "-Xlinker", "-lncursesw", "-Xlinker", "-ltinfo", "-Xlinker",
        "-Bdynamic",
      ],
      .when(configuration: .release)),
  ]
}
