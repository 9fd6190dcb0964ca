import FoundationEssentials
import MealsCore
import MealsStore
import TerminalUI
import Translation

/// My Meals' chips: a strip under the header, one chip per category, area and difficulty in
/// use, each with its count; chosen chips stack and are kept between runs.
extension MyMealsScreen {
  static let chipsSetting = "myMeals.chips"

  enum StripAction: String, Sendable { case choose, clearAll, leave }
  /// In the chips (the strip itself moves with ←→).
  static let stripKeys = KeyTable<StripAction>(
    "my-meals-chips",
    [
      KeyBinding([.character(" "), .enter], .choose, tr("choose / drop"), label: "Space/Enter"),
      KeyBinding([.character("x")], .clearAll, tr("clear all")),
      KeyBinding(
        [.tab, .escape, .down, .backTab], .leave, tr("back to the list"), label: "Tab/Esc/↓"),
    ])

  /// The strip shows once meals have a category, area or difficulty.
  var showsStrip: Bool { !showsWelcome && !book.chips.isEmpty }

  /// `All`, then every chip in use, each with what it would show.
  var stripChips: [Chip?] { [nil] + book.chips }

  var stripItems: [ChipStrip.Item] {
    stripChips.map { chip in
      guard let chip else {
        return ChipStrip.Item(
          tr("All %d").filled(String(book.meals)), isChosen: chips.isEmpty, group: 0)
      }
      let group = Facet.allCases.firstIndex(of: chip.facet).map { $0 + 1 } ?? 1
      // Numbers as soon as they are known: the match count on the worker does not hide them.
      let counted = countDue == nil && countAnswer.asked != true
      let label = counted ? "\(chip.value) \(chipCounts[chip] ?? 0)" : chip.value
      return ChipStrip.Item(label, isChosen: chips.contains(chip), group: group)
    }
  }

  /// Does what a key of the strip's table says.
  func performStrip(_ action: StripAction) {
    let all = stripChips
    switch action {
    case .choose:
      var next = chips
      if let chip = all[min(strip.cursor, all.count - 1)] {
        next.toggle(chip)
      } else {
        next.clear()
      }
      setChips(next)
    case .clearAll:
      setChips(ChipSelection())
    case .leave:
      mode = .list
    }
  }

  /// Applies a new choice of chips: the list, the counts, and the kept setting.
  func setChips(_ selection: ChipSelection) {
    chips = selection
    reloadResults()
    // Read-only: the choice holds for this session only, without a message at every chip.
    guard !context.store.isReadOnly else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys  // the same choice, the same bytes
    guard
      let data = try? encoder.encode(
        chips.chips.sorted { ($0.facet.rawValue, $0.value) < ($1.facet.rawValue, $1.value) })
    else {
      context.navigator.showError(tr("The chips could not be kept."))
      return
    }
    let store = context.store
    let navigator = context.navigator
    context.write(
      { () throws(StoreError) in
        try store.setSetting(Self.chipsSetting, to: String(decoding: data, as: UTF8.self))
      },
      failed: { navigator.showError(tr("The chips could not be kept: %s").filled($0.message)) })
  }

  /// The chips chosen in an earlier run (those still in use).
  func restoreChips() {
    // No chips kept (most starts): no JSON decoder to set up before the first frame.
    guard let text = context.store.setting(Self.chipsSetting), text != "[]",
      let saved = try? JSONDecoder().decode([Chip].self, from: Data(text.utf8))
    else {
      countChips()
      return
    }
    let inUse = Set(context.store.chips())
    chips = ChipSelection(Set(saved.filter { inUse.contains($0) }))
    if !chips.isEmpty { showMatches() }
    countChips()
  }

  /// How long typing must pause before the matches and chips are counted against a text
  /// filter.
  static let chipCountDelay: UInt64 = 150

  /// Counts every chip for the filter and the chosen chips: at once without text (a read of
  /// a small summary), after a pause in typing with text.
  func countChips() {
    stopCounting()
    if MealRules.isBlank(filter.text) {
      countChipsNow()
    } else {
      counting = .due(context.navigator.now() + Self.chipCountDelay)
    }
  }

  /// Counts the filter's matches (the header's number) and, with text, every chip's.
  ///
  /// On the counting worker with its own connection: a key never waits for them. Without text
  /// the chips come from a small summary, read here.
  func countChipsNow() {
    counting = .idle
    let text = filter.text
    let wantsChips = !context.store.chips().isEmpty
    if !wantsChips {
      chipCounts = [:]
    } else if MealRules.isBlank(text) {
      chipCounts = context.store.chipCounts(matching: text, chips: chips)
      strip.clamp(count: stripChips.count)
    }
    let chipsOnWorker = wantsChips && !MealRules.isBlank(text)
    let request = meals.results.countRequest
    guard request != nil || chipsOnWorker else {
      finishGoingToEnd()
      return
    }
    let ticket = countAnswer.ask(chipsOnWorker)
    let reader = context.countReader
    let selection = chips
    context.counter.run(
      { () -> Counts in
        Counts(
          matches: request.flatMap { reader.count($0.query) },
          chips: chipsOnWorker ? reader.chipCounts(matching: text, chips: selection) : nil)
      },
      then: { [weak self] counts in
        guard let self, self.countAnswer.take(ticket) != nil else { return }
        switch counts.matches {
        case .success(let matches)?:
          if let request { self.meals.results.acceptCount(matches, generation: request.generation) }
        case .failure(let error)?:
          // Said, and the header says the count failed rather than "counting…" for ever.
          self.counting = .failed(error)
          self.context.store.onReadFailure?(error)
        case nil: break
        }
        if let chips = counts.chips {
          self.chipCounts = chips
          self.strip.clamp(count: self.stripChips.count)
        }
        self.finishGoingToEnd()
        self.context.navigator.needsDisplay = true
      })
  }

  /// Drops the counting under way (its answer is for a filter or chips no longer shown) and
  /// stops its query.
  func stopCounting() {
    guard countAnswer.drop() != nil else { return }
    context.countReader.interrupt()
  }

  /// End before the count: to the last row, now that it is known.
  private func finishGoingToEnd() {
    guard goesToEndWhenCounted, let count = meals.results.knownCount, count > 0 else { return }
    goesToEndWhenCounted = false
    meals.apply(.last, pageSize: pageSize, reachable: count)
    followSelection()
  }
}

/// What the counting worker found; nil where it was not asked (chips: or failed).
struct Counts: Sendable {
  var matches: Result<Int, StoreError>?
  var chips: [Chip: Int]?
}

extension MyMealsScreen {
  /// When a count waits for a pause in typing to end.
  var countDue: UInt64? {
    if case .due(let time) = counting { return time }
    return nil
  }

  var countFailed: Bool {
    if case .failed = counting { return true }
    return false
  }
}
