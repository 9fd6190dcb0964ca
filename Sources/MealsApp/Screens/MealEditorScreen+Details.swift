import FoundationEssentials
import MealsCore
import MealsNet
import TerminalUI
import Translation

/// The editor's DETAILS rows: the user's own fields, all part of the draft.
extension MealEditorScreen {
  /// Enter on a details row.
  func edit(_ detail: Detail) {
    switch detail {
    case .favourite:
      draft.meal.favourite.toggle()
    case .category, .area:
      let picker = ValuePickerScreen(
        context: context, field: detail.label, values: knownValues(for: detail),
        current: detail == .category ? draft.meal.category : draft.meal.area)
      picker.delegate = self
      context.navigator.push(picker)
      offerTheMealDBs(detail, to: picker)
    case .tags:
      ask(tr("Tags (separated by commas):"), text: draft.meal.tags.joined(separator: ", ")) {
        [weak self] text in
        self?.draft.meal.tags = MealFields.tags(text)
        return nil
      }
    case .servings:
      ask(tr("Servings:"), text: draft.meal.servings.map(String.init) ?? "") { [weak self] text in
        switch MealFields.servings(text) {
        case .success(let value):
          self?.draft.meal.servings = value
          return nil
        case .failure(let problem): return problem.message
        }
      }
    case .totalTime:
      ask(
        tr("Total time (45, 1h 30m):"),
        text: draft.meal.totalMinutes.map(MealFields.describeMinutes) ?? ""
      ) { [weak self] text in
        switch MealFields.minutes(text) {
        case .success(let value):
          self?.draft.meal.totalMinutes = value
          return nil
        case .failure(let problem): return problem.message
        }
      }
    case .difficulty:
      draft.meal.difficulty = Difficulty.next(after: draft.meal.difficulty)
    case .rating:
      draft.meal.rating = (draft.meal.rating + 1) % 6
    }
  }

  /// A digit on the Rating row (0–5) or the Difficulty row (0 none, 1–3).
  func setDigit(_ digit: Int, on detail: Detail) {
    if detail == .rating {
      guard digit <= 5 else {
        context.navigator.showInfo(tr("A rating goes from 0 (none) to 5."))
        return
      }
      draft.meal.rating = digit
    } else {
      guard digit <= 3 else {
        context.navigator.showInfo(
          tr("Difficulty: 1 Beginner, 2 Intermediate, 3 Advanced, 0 none."))
        return
      }
      draft.meal.difficulty = digit == 0 ? nil : Difficulty.allCases[digit - 1]
    }
  }

  private func ask(_ label: String, text: String, onSubmit: @escaping (String) -> String?) {
    context.navigator.present(
      TextPrompt(
        label: label, text: text, hint: tr("Enter to set · Esc to cancel"), action: tr("set"),
        onSubmit: onSubmit)
    )
  }

  /// TheMealDB's categories or areas, when not known yet, asked for and offered as they come.
  ///
  /// A failure leaves the book's own values, unsaid: typing a new one always works.
  private func offerTheMealDBs(_ detail: Detail, to picker: ValuePickerScreen) {
    let navigator = context.navigator
    let offer = { [weak picker] (names: [String]) in
      guard let picker, navigator.holds(picker) else { return }
      picker.offer(names)
      navigator.needsDisplay = true
    }
    if detail == .category {
      guard context.remote.known(.categories, decode: MealDBDecoder.categories) == nil else {
        return
      }
      context.remote.fetch(.categories, decode: MealDBDecoder.categories) { result in
        if case .success(let loaded) = result { offer(loaded.value.map(\.name)) }
      }
    } else {
      let decode = { (data: Data) throws(MealDBDecodingError) -> [String] in
        try MealDBDecoder.names(from: data, key: "strArea")
      }
      guard context.remote.known(.areas, decode: decode) == nil else { return }
      context.remote.fetch(.areas, decode: decode) { result in
        if case .success(let loaded) = result { offer(loaded.value) }
      }
    }
  }

  /// TheMealDB's categories or areas when their lists are cached, and every value already used.
  private func knownValues(for detail: Detail) -> [String] {
    var values: [String] = []
    if detail == .category {
      values +=
        context.remote.known(.categories, decode: MealDBDecoder.categories)?.value.map(\.name) ?? []
      values += context.store.chips().filter { $0.facet == .category }.map(\.value)
    } else {
      values +=
        context.remote.known(.areas) { (data) throws(MealDBDecodingError) in
          try MealDBDecoder.names(from: data, key: "strArea")
        }?.value ?? []
      values += context.store.chips().filter { $0.facet == .area }.map(\.value)
    }
    return values
  }
}

extension MealEditorScreen: ValuePickerScreenDelegate {
  public func valuePicker(_ screen: ValuePickerScreen, didPick value: String?) {
    if screen.field == Detail.category.label {
      draft.meal.category = value
    } else {
      draft.meal.area = value
    }
    context.navigator.pop(to: self)
  }
}
