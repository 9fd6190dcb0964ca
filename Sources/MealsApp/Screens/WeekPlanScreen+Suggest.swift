import MealsCore
import MealsStore
import TerminalUI
import Translation

/// `s` on the Week Plan: the week's empty dinners filled by the rules (`PlanSuggester`),
/// shown in the days as `? Meal  why`, nothing saved until Enter.
extension WeekPlanScreen {
  enum SuggestionAction: String, Sendable { case save, another, drop, discard }

  static let suggestionKeys = KeyTable<SuggestionAction>(
    "week-plan-suggestions",
    [
      KeyBinding(
        [.enter, .character("y")], .save, tr("plan them"), label: "Enter",
        detail: "plan every suggestion shown, each at its meal's servings"),
      KeyBinding(
        [.character("r")], .another, tr("another for this slot"),
        detail: "another meal for the selected suggestion, by the same rules"),
      KeyBinding(
        [.character("d"), .delete], .drop, tr("leave this slot empty"), label: "d",
        detail: "take the selected suggestion away (the slot stays empty)"),
      KeyBinding(
        [.escape], .discard, tr("none of them"), detail: "drop every suggestion: nothing is saved"),
    ])

  /// The slots `s` fills.
  static let suggestedSlots: [PlanSlot] = [.dinner]

  /// Asks the worker for the week's suggestions (the book's meals weighed there: 100 000 of
  /// them take a moment); the answer is shown when it comes.
  func suggest() {
    let store = context.store
    let firstDay = firstDay
    let today = Self.today(context)
    guard firstDay.adding(days: 6) >= today else {
      return context.navigator.showInfo(
        tr("This week is over: → goes to next week, where s suggests."))
    }
    let week: [PlanEntry]
    let pantry: [Pantry.Item]
    do {
      week = try store.readPlanEntries(from: firstDay, days: 7)
      pantry = try store.readPantryItems()
    } catch {
      return context.navigator.showError(error.message)
    }
    let rules = context.planRules
    let seed = suggestionSeed
    let ticket = suggestionAnswer.ask(firstDay)
    let reader = context.countReader
    context.navigator.showInfo(tr("Weighing the book's meals for the week…"))
    context.counter.run(
      { () -> Result<([PlanCandidate], [PlanSuggestion]), StoreError> in
        reader.planCandidates(pantry: pantry).map { candidates in
          let suggested = PlanSuggester.suggest(
            week: firstDay, slots: Self.suggestedSlots, entries: week, candidates: candidates,
            rules: rules, today: today, seed: seed)
          return (candidates, suggested)
        }
      },
      then: { [weak self] result in
        guard let self, self.suggestionAnswer.take(ticket) != nil, self.firstDay == firstDay else {
          return
        }
        switch result {
        case .success(let (candidates, suggested)):
          self.candidates = candidates
          self.show(suggested)
        case .failure(let error):
          self.context.navigator.showError(error.message)
        }
      })
  }

  /// Shows what was suggested (or says why nothing was), the bar on the first.
  private func show(_ suggested: [PlanSuggestion]) {
    suggestions = suggested
    suggestionSeed &+= 1
    list.markStale(redrawing: context.navigator)
    guard let first = suggested.first else {
      return context.navigator.showInfo(
        tr("Nothing to suggest: the week's dinners are planned, or no meal keeps the rules."))
    }
    list.select(id: .suggestion(first.day.daysSince1970, first.slot))
    context.navigator.showInfo(
      trn(
        "%d dinner suggested — Enter plans it, r another, d leaves it empty, Esc none.",
        "%d dinners suggested — Enter plans them, r another, d leaves one empty, Esc none.",
        suggested.count))
  }

  func performSuggestion(_ action: SuggestionAction) {
    switch action {
    case .save: saveSuggestions()
    case .another: reroll()
    case .drop:
      guard case .suggestion(let chosen)? = list.selected else { return }
      suggestions.removeAll { $0.day == chosen.day && $0.slot == chosen.slot }
      list.markStale(redrawing: context.navigator)
    case .discard:
      dropSuggestions()
      context.navigator.showInfo(tr("No suggestion was planned."))
    }
  }

  /// Forgets the suggestions (another week shown, Esc, or planned).
  func dropSuggestions() {
    _ = suggestionAnswer.drop()
    guard !suggestions.isEmpty else { return }
    suggestions = []
    candidates = []
    list.markStale(redrawing: context.navigator)
  }

  /// `r`: another meal for the selected slot, none of the week's others.
  private func reroll() {
    guard case .suggestion(let chosen)? = list.selected,
      let index = suggestions.firstIndex(where: { $0.day == chosen.day && $0.slot == chosen.slot })
    else {
      return context.navigator.showInfo(
        tr("Select a suggestion (marked ?) first: r suggests another."))
    }
    let planned = rows.compactMap { row -> Int64? in
      if case .entry(let entry) = row { return entry.mealID }
      return nil
    }
    let used = Set(planned + suggestions.map(\.meal.id))
    let before = suggestions[..<index].last?.meal
    suggestionSeed &+= 1
    guard
      let other = PlanSuggester.another(
        for: chosen, candidates: candidates, used: used, after: before,
        rules: context.planRules, today: Self.today(context), seed: suggestionSeed)
    else {
      return context.navigator.showInfo(tr("No other meal keeps the rules for this slot."))
    }
    suggestions[index] = other
    list.markStale(redrawing: context.navigator)
  }

  /// Enter: every suggestion planned, in one go; the suggestions go.
  private func saveSuggestions() {
    let store = context.store
    let chosen = suggestions
    context.write(
      by: self,
      { () throws(StoreError) in try store.plan(chosen) },
      then: { screen, _ in
        screen.dropSuggestions()
        screen.context.navigator.showInfo(
          trn(
            "Planned %d dinner — d takes one off.", "Planned %d dinners — d takes one off.",
            chosen.count))
      })
  }
}
