import TerminalUI
import XCTest

/// A screen with a key table, to check the navigator's chrome.
final class SampleScreen: Screen {
  enum Action: Sendable { case ping }
  static let keys = KeyTable<Action>([
    KeyBinding([.character("p")], .ping, "ping the server"),
    KeyBinding([.character("x")], .ping, "hidden from the footer", footer: false),
  ])
  let title: String
  var pings = 0

  init(title: String) { self.title = title }

  var keyHelp: [KeyHelp] { Self.keys.help }

  func handle(_ key: Key) -> Bool {
    guard Self.keys.action(for: key) != nil else { return false }
    pings += 1
    return true
  }

  func render(into canvas: inout Canvas, in area: Rect) {
    canvas.write("pings: \(pings)", row: area.y, column: area.x)
  }
}

final class NavigatorTests: XCTestCase {
  let size = Size(width: 50, height: 12)

  func testLayoutHeaderBodyStatusFooter() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    navigator.handle(.character("p"), size: size)
    navigator.showError("Cannot connect")
    XCTAssertEqual(
      navigator.render(size: size).lines,
      [
        " Root",
        "pings: 1",
        "", "", "", "", "", "", "", "",
        " Error: Cannot connect",
        " p ping the server  ? help",
      ])
  }

  func testANoticeStaysUntilTheFirstKeyThenWhatWaitedShows() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    navigator.showNotice("config:4: unknown command \"frobnicate\"")
    navigator.showError("Cannot connect")  // from the background: waits
    XCTAssertEqual(
      navigator.render(size: size).lines[10], " Error: config:4: unknown command \"frobnicate\"")
    navigator.handle(.character("z"), size: size)  // a key that does nothing
    XCTAssertEqual(navigator.render(size: size).lines[10], " Error: Cannot connect")
    navigator.showNotice("config:5: again")
    navigator.handle(.character("p"), size: size)
    navigator.showInfo("Pinged")  // a key's own message replaces the notice at once
    XCTAssertEqual(navigator.render(size: size).lines[10], " Pinged")
  }

  func testANoticeWithNothingBehindItGoesAtTheFirstKey() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    navigator.showNotice("config:4: unknown command \"frobnicate\"")
    navigator.handle(.character("p"), size: size)
    XCTAssertEqual(navigator.render(size: size).lines[10], "")
  }

  func testAMessageGoesWithItsScreenUnlessTheClosingKeyShowedIt() {
    let navigator = Navigator()
    let root = SampleScreen(title: "Root")
    navigator.push(root)
    navigator.push(SampleScreen(title: "Child"))
    navigator.showInfo("Timer started")
    navigator.handle(.character("p"), size: size)
    navigator.handle(.escape, size: size)
    XCTAssertEqual(navigator.render(size: size).lines[10], "", "the child's message went with it")
    navigator.showInfo("On the root")
    navigator.push(SampleScreen(title: "Child"))
    navigator.handle(.character("p"), size: size)
    navigator.showInfo("Saved")  // said by the key that closes the child
    navigator.pop(to: root)
    XCTAssertEqual(navigator.render(size: size).lines[10], " Saved")
  }

  func testHelpOverlayListsTheSameKeyTable() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    navigator.handle(.character("?"), size: Size(width: 60, height: 16))
    let text = navigator.render(size: Size(width: 60, height: 16)).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Keys — Root"))
    XCTAssertTrue(text.contains("│ p       ping the server"))
    XCTAssertTrue(text.contains("│ x       hidden from the footer"))
    XCTAssertTrue(text.contains("Ctrl-C"))
    navigator.handle(.character("z"), size: size)
    XCTAssertFalse(navigator.showsHelp, "any key closes the help")
  }

  func testBreadcrumbAndBackAndQuit() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "My Meals"))
    navigator.push(SampleScreen(title: "Spicy Arrabiata Penne"))
    navigator.push(SampleScreen(title: "Add Ingredient"))
    XCTAssertEqual(
      navigator.breadcrumb(width: 80), "My Meals › Spicy Arrabiata Penne › Add Ingredient")
    XCTAssertEqual(navigator.breadcrumb(width: 30), "… › Add Ingredient")
    navigator.handle(.escape, size: size)
    navigator.handle(.character("q"), size: size)
    XCTAssertEqual(navigator.stack.count, 1)
    XCTAssertFalse(navigator.isFinished)
    navigator.handle(.character("q"), size: size)
    XCTAssertTrue(navigator.isFinished)
  }

  /// A prompt that counts the keys it is given and closes on Esc.
  final class CountingPrompt: Prompt {
    var keys: [Key] = []
    var keyHelp: [KeyHelp] { [] }
    func handle(_ key: Key) -> PromptResult {
      keys.append(key)
      return key == .escape ? .close : .stay
    }
    func render(into canvas: inout Canvas, in area: Rect) {}
  }

  func testEveryKeyWalksOneArrayOfLayersAndTheFirstThatTakesItWins() {
    let navigator = Navigator()
    let screen = SampleScreen(title: "Root")
    navigator.push(screen)
    navigator.handle(.character("p"), size: size)
    XCTAssertEqual(navigator.keyWalk, [.first, .screen, .paste, .last])
    XCTAssertEqual(screen.pings, 1)

    // A prompt takes every key, q too; Ctrl-L still redraws before it.
    let prompt = CountingPrompt()
    navigator.present(prompt)
    XCTAssertEqual(navigator.keyWalk, [.first, .prompt])
    navigator.handle(.character("p"), size: size)
    navigator.handle(.character("q"), size: size)
    navigator.handle(.ctrl("l"), size: size)
    XCTAssertEqual(prompt.keys, [.character("p"), .character("q")])
    XCTAssertEqual(screen.pings, 1)
    XCTAssertFalse(navigator.isFinished)
    navigator.handle(.escape, size: size)
    XCTAssertNil(navigator.prompt)

    // The overlay: a key it does not scroll by closes it and goes no further.
    navigator.handle(.character("?"), size: size)
    XCTAssertEqual(navigator.keyWalk, [.first, .help])
    navigator.handle(.character("p"), size: size)
    XCTAssertFalse(navigator.showsHelp)
    XCTAssertEqual(screen.pings, 1)

    // Too small: only the quitting keys do anything.
    navigator.handle(.character("p"), size: Size(width: 30, height: 10))
    XCTAssertEqual(navigator.keyWalk, [.first, .tooSmall])
    XCTAssertEqual(screen.pings, 1)

    // A paste no field takes is said on the status line.
    navigator.handle(.paste("2 eggs"), size: size)
    XCTAssertEqual(navigator.status?.text, "Paste ignored: there is no text field here.")
  }

  /// A question with a key table of its own, a field or not.
  final class AskingPrompt: Prompt {
    static let keys = KeyTable<Bool>([
      KeyBinding([.character("y")], true, "yes, plan it"),
      KeyBinding([.escape], false, "no"),
    ])
    let acceptsText: Bool
    var typed: [Key] = []
    init(acceptsText: Bool) { self.acceptsText = acceptsText }
    var title: String { "Plan it?" }
    var keyHelp: [KeyHelp] { Self.keys.help }
    func handle(_ key: Key) -> PromptResult {
      guard Self.keys.action(for: key) != nil else {
        typed.append(key)
        return .stay
      }
      return .close
    }
    func render(into canvas: inout Canvas, in area: Rect) {
      canvas.write("Plan it? (y/Esc)", row: area.maxY, column: 0)
    }
  }

  func testQuestionMarkOverAPromptShowsThePromptsKeysAndLeavesItOpen() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    let prompt = AskingPrompt(acceptsText: false)
    navigator.present(prompt)
    XCTAssertEqual(navigator.render(size: size).lines[11], " y yes, plan it  Esc no  ? help")

    navigator.handle(.character("?"), size: size)
    XCTAssertTrue(navigator.showsHelp)
    let help = navigator.render(size: size).lines.joined(separator: "\n")
    XCTAssertTrue(help.contains("Plan it?"), help)
    XCTAssertTrue(help.contains("yes, plan it"), help)
    XCTAssertFalse(help.contains("ping the server"), "the screen behind it is not what keys do")
    XCTAssertFalse(help.contains("back"), "Esc is the prompt's own")
    XCTAssertTrue(prompt.typed.isEmpty)

    // Any other key closes the help only; the question is still asked.
    navigator.handle(.character("z"), size: size)
    XCTAssertFalse(navigator.showsHelp)
    XCTAssertTrue(navigator.prompt === prompt)
    XCTAssertTrue(prompt.typed.isEmpty)
    XCTAssertEqual(navigator.render(size: size).lines[10], "Plan it? (y/Esc)")
    navigator.handle(.character("y"), size: size)
    XCTAssertNil(navigator.prompt)

    // With a field, `?` is typed and F1 is the help.
    let field = AskingPrompt(acceptsText: true)
    navigator.present(field)
    XCTAssertEqual(navigator.render(size: size).lines[11], " y yes, plan it  Esc no  F1 help")
    navigator.handle(.character("?"), size: size)
    XCTAssertFalse(navigator.showsHelp)
    XCTAssertEqual(field.typed, [.character("?")])
    navigator.handle(.function(1), size: size)
    XCTAssertTrue(navigator.showsHelp)
    XCTAssertTrue(navigator.render(size: size).lines.contains { $0.contains("yes, plan it") })
    navigator.handle(.escape, size: size)
    XCTAssertFalse(navigator.showsHelp)
    XCTAssertTrue(navigator.prompt === field, "Esc closed the help, not the prompt")
  }

  func testTooSmallTerminalShowsANotice() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    let lines = navigator.render(size: Size(width: 39, height: 11)).lines
    XCTAssertTrue(lines.contains("          Terminal too small"))
    XCTAssertTrue(lines.contains { $0.contains("39×11, need 40×12") })
    navigator.handle(.character("p"), size: Size(width: 39, height: 11))
    XCTAssertEqual(
      navigator.render(size: size).lines[1], "pings: 0", "keys do nothing while too small")
  }

  func testEventLoopRendersOnlyOnChange() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    let terminal = MemoryTerminal(size: size)
    let loop = EventLoop(terminal: terminal, navigator: navigator, waiter: PollWaiter())
    loop.renderIfNeeded()
    loop.renderIfNeeded()
    XCTAssertEqual(terminal.presentCount, 1)
    terminal.type([.character("p"), .character("p")])
    loop.drainKeys()
    loop.renderIfNeeded()
    XCTAssertEqual(terminal.presentCount, 2)
    XCTAssertEqual(terminal.lines[1], "pings: 2")
    terminal.type([.ctrl("c")])
    loop.drainKeys()
    XCTAssertTrue(navigator.isFinished)
  }
}

/// A screen that logs its update steps and keys, in order.
private final class LoggingScreen: Screen {
  var log: [String] = []
  var title: String { "Log" }
  var keyHelp: [KeyHelp] { [] }
  func prepare(in area: Rect) { log.append("prepare") }
  func handle(_ key: Key) -> Bool {
    log.append("key")
    return true
  }
  func render(into canvas: inout Canvas, in area: Rect) {}
}

final class CatchUpTests: XCTestCase {
  /// A key acts on what the next frame would show: after a change with no frame since, the
  /// screen's update step runs before it has the key; right after a frame, it does not.
  func testAKeyAfterAChangeFindsTheScreenUpdatedFirst() {
    let navigator = Navigator()
    let screen = LoggingScreen()
    navigator.push(screen)
    let terminal = MemoryTerminal(size: Size(width: 50, height: 12))
    let loop = EventLoop(terminal: terminal, navigator: navigator, waiter: PollWaiter())
    loop.renderIfNeeded()
    screen.log = []
    terminal.type([.character("a")])
    loop.drainKeys()
    XCTAssertEqual(screen.log, ["key"], "a frame was drawn: nothing to catch up")
    loop.renderIfNeeded()
    screen.log = []
    navigator.needsDisplay = true  // what a store change does (ListPane.markStale)
    terminal.type([.character("b"), .character("c")])
    loop.drainKeys()
    XCTAssertEqual(screen.log, ["prepare", "key", "prepare", "key"])
  }
}

final class HelpScrollingTests: XCTestCase {
  func testLongHelpScrollsOnSmallTerminals() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    let small = Size(width: 40, height: 12)
    navigator.handle(.character("?"), size: small)
    var text = navigator.render(size: small).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("↓ more · any other key closes"))
    // The keys that work everywhere come first (q quits here, on the last screen).
    XCTAssertTrue(text.contains("q       quit"), text)
    let lastOfTheScreens = "hidden from the footer"
    XCTAssertFalse(text.contains(lastOfTheScreens), text)
    for _ in 0..<10 { navigator.handle(.down, size: small) }
    text = navigator.render(size: small).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains(lastOfTheScreens), text)
    XCTAssertTrue(text.contains("↑ more"))
    XCTAssertTrue(navigator.showsHelp)
    navigator.handle(.character("z"), size: small)
    XCTAssertFalse(navigator.showsHelp)
  }

  /// Where everything fits, any key closes (↓ too) and the box is as wide as its lines.
  func testHelpThatFitsClosesOnAnyKeyAndUsesTheWidth() {
    let navigator = Navigator()
    navigator.push(SampleScreen(title: "Root"))
    let large = Size(width: 120, height: 30)
    navigator.handle(.character("?"), size: large)
    let lines = navigator.render(size: large).lines
    XCTAssertTrue(lines.contains { $0.contains("│ any key closes") }, lines.joined(separator: "\n"))
    XCTAssertTrue(
      lines.contains { $0.contains("quit from anywhere") == false && $0.contains("Ctrl-C  quit") })
    navigator.handle(.down, size: large)
    XCTAssertFalse(navigator.showsHelp, "↓ has nothing to scroll: it closes")
  }
}
