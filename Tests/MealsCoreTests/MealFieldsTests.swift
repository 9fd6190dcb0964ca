import Foundation
import MealsCore
import XCTest

final class MealFieldsTests: XCTestCase {
  func testTotalTimeAsPeopleTypeIt() {
    let table: [(String, Int?)] = [
      ("45", 45), ("45 min", 45), ("45mins", 45), ("1h 30m", 90), ("1 hr 30 mins", 90),
      ("1h30", 90), ("2 hours", 120), ("90 minutes", 90), (" 1 H ", 60), ("", nil),
    ]
    for (text, minutes) in table {
      XCTAssertEqual(try MealFields.minutes(text).get(), minutes, text)
    }
    for bad in ["soon", "1h 3Om", "-5", "0", "h", "1.5h", "45 sec"] {
      XCTAssertEqual(
        MealFields.minutes(bad), .failure(.notADuration("Total time")), "“\(bad)” is refused")
    }
    XCTAssertEqual(MealFields.minutes("99999999"), .failure(.tooLarge("Total time")))
    XCTAssertEqual(MealFields.describeMinutes(45), "45 min")
    XCTAssertEqual(MealFields.describeMinutes(90), "1 h 30 min")
    XCTAssertEqual(MealFields.describeMinutes(120), "2 h")
  }

  func testServingsTagsAndStars() {
    XCTAssertEqual(try MealFields.servings(" 4 ").get(), 4)
    XCTAssertEqual(try MealFields.servings("").get(), nil)
    for bad in ["0", "-2", "four", "2.5"] {
      XCTAssertEqual(MealFields.servings(bad), .failure(.notAWholeNumber("Servings")), bad)
    }
    XCTAssertEqual(MealFields.tags(" Pasta, quick,, PASTA ,Spicy"), ["Pasta", "quick", "Spicy"])
    XCTAssertEqual(MealFields.stars(0), "")
    XCTAssertEqual(MealFields.stars(3), "★★★☆☆")
    XCTAssertEqual(Difficulty.next(after: .advanced), nil)
    XCTAssertEqual(Difficulty.next(after: nil), .beginner)
  }

  func testRowFieldsDropFromTheRight() {
    let row = MealSummary(
      id: 1, name: "Curry", summary: "", favourite: true, rating: 4, totalMinutes: 45,
      difficulty: .beginner)
    let columns: (String) -> Int = { $0.count }
    XCTAssertEqual(row.fields(fitting: 40, columns: columns), "★ ★★★★☆ · 45 min · Beginner")
    XCTAssertEqual(row.fields(fitting: 20, columns: columns), "★ ★★★★☆ · 45 min")
    XCTAssertEqual(row.fields(fitting: 8, columns: columns), "★ ★★★★☆")
    XCTAssertEqual(row.fields(fitting: 4, columns: columns), "★")
    XCTAssertEqual(
      MealSummary(id: 2, name: "x", summary: "", totalMinutes: 5).fields(
        fitting: 40, columns: columns),
      "5 min")
  }

  func testChipSelectionOrWithinAFacetAndAcrossFacets() {
    let selection = ChipSelection([
      Chip(.category, "Beef"), Chip(.category, "Chicken"), Chip(.area, "Italian"),
    ])
    XCTAssertTrue(selection.admits(category: "Chicken", area: "Italian", difficulty: nil))
    XCTAssertFalse(selection.admits(category: "Chicken", area: "British", difficulty: nil))
    XCTAssertFalse(selection.admits(category: "Pasta", area: "Italian", difficulty: nil))
    XCTAssertFalse(selection.admits(category: nil, area: "Italian", difficulty: nil))
    XCTAssertTrue(ChipSelection().admits(category: nil, area: nil, difficulty: nil))
  }

  func testADraftKeptBeforeTheUsersFieldsExistedStillReads() throws {
    let old =
      #"{"name":"Soup","instructions":"Stir.","tags":[],"ingredients":[{"name":"Leek","quantity":"1"}]}"#
    let meal = try JSONDecoder().decode(Meal.self, from: Data(old.utf8))
    XCTAssertEqual(meal.name, "Soup")
    XCTAssertFalse(meal.favourite)
    XCTAssertEqual(meal.rating, 0)
    XCTAssertNil(meal.servings)
    let full = Meal(
      name: "Pie", instructions: "Bake.", favourite: true, rating: 5, totalMinutes: 60,
      difficulty: .advanced, servings: 8)
    XCTAssertEqual(try JSONDecoder().decode(Meal.self, from: JSONEncoder().encode(full)), full)
  }
}
