import MealsCLI
import MealsLaunch
import XCTest

/// `env -i meals list`, cron and service managers start meals without HOME.
final class HomeFolderTests: XCTestCase {
  func testAMissingOrEmptyHomeIsTheAccountsHomeFolder() {
    for environment in [["PATH": "/usr/bin"], ["HOME": ""]] {
      let filled = HomeFolder.filling(environment, accountHome: { "/home/cook" })
      XCTAssertEqual(filled["HOME"], "/home/cook")
      XCTAssertEqual(filled["PATH"], environment["PATH"])
    }
  }

  func testAHomeThatIsSetWins() {
    let filled = HomeFolder.filling(["HOME": "/srv/kitchen"], accountHome: { "/home/cook" })
    XCTAssertEqual(filled["HOME"], "/srv/kitchen")
  }

  func testNoAccountEntryOrARelativeOneLeavesHomeUnset() {
    XCTAssertNil(HomeFolder.filling([:], accountHome: { nil })["HOME"])
    XCTAssertNil(HomeFolder.filling([:], accountHome: { "relative" })["HOME"])
  }

  func testTheDatabaseThenLivesUnderTheAccountsHomeFolder() throws {
    let parsed = LaunchOptions.parse(
      ["list"], environment: HomeFolder.filling([:], accountHome: { "/home/cook" }))
    guard case .success(.subcommand(_, _, let options)) = parsed else {
      return XCTFail("meals list without HOME: \(parsed)")
    }
    XCTAssertEqual(options.databasePath, "/home/cook/.local/share/meals/meals.sqlite")
  }

  func testTheRealAccountHasAnAbsoluteHome() throws {
    let home = try XCTUnwrap(HomeFolder.accountHome())
    XCTAssertTrue(home.hasPrefix("/"), home)
  }
}

/// The environment main reads at every start, without Foundation's slow path.
final class ProcessEnvironmentTests: XCTestCase {
  func testItHoldsWhatFoundationReads() {
    setenv("MEALS_TEST_VALUE", "a=b = c ✓ 麻婆", 1)
    setenv("MEALS_TEST_EMPTY", "", 1)
    defer {
      unsetenv("MEALS_TEST_VALUE")
      unsetenv("MEALS_TEST_EMPTY")
    }
    let read = ProcessEnvironment.current()
    XCTAssertEqual(read["MEALS_TEST_VALUE"], "a=b = c ✓ 麻婆", "split at the first =")
    XCTAssertEqual(read["MEALS_TEST_EMPTY"], "")
    XCTAssertEqual(read, ProcessInfo.processInfo.environment)
  }
}
