import MealsCore
import MealsStore
import TerminalUI
import Translation

/// Add Ingredient: a type-to-filter picker over the stored catalogue, then a quantity prompt.
///
/// A typed name the catalogue lacks can be used as it is (kept as the user's own). Opened to
/// change a row's ingredient (`replacing`), it keeps the row's quantity and asks nothing.
public final class AddIngredientScreen: IngredientPickerScreen {
  public weak var delegate: AddIngredientScreenDelegate?
  /// The row whose ingredient is being changed, or nil to add a new row.
  public let replacing: IngredientMeasurement?

  init(context: AppContext, replacing: IngredientMeasurement? = nil) {
    self.replacing = replacing
    super.init(context: context, offersNew: true)
  }

  public override var title: String {
    replacing.map { tr("Change %s").filled(MealRules.trimmed($0.name)) } ?? tr("Add Ingredient")
  }

  enum Action: String { case choose, details, importCatalogue }
  static let keys = KeyTable<Action>(
    "add-ingredient",
    [
      KeyBinding([.enter], .choose, tr("choose"), detail: "choose it: asks the quantity"),
      KeyBinding([.right], .details, tr("details (◆)"), detail: "details of a `◆` ingredient"),
      KeyBinding(
        [.ctrl("r")], .importCatalogue, tr("retry import"),
        detail: "import the ingredient list from TheMealDB again"),
    ], typing: true)
  public override var keyHelp: [KeyHelp] { chainHelp }

  /// What typing does here: filter, or name an ingredient the catalogue lacks.
  static let typingHelp = KeyHelp(
    keys: trc("key column", "type"), text: tr("filter the list, or name a new ingredient"),
    inFooter: false,
    detail:
      "filter the list (as in Ingredients); a name it lacks gives `Use “…” (new ingredient)`, kept as yours (`yours`) and offered next time"
  )

  public var filter: TextField { picker.filter }

  /// `Ctrl-R retry import` while the ingredient list could not be imported; nothing else.
  var retryHelp: [KeyHelp] {
    guard case .failed = context.catalogue.state else { return [] }
    return Self.keys.help { $0 == .importCatalogue }
  }

  /// The ingredient under the selection bar.
  public var selectedIngredient: IngredientRow? { picker.selected }

  public override func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    switch action {
    case .choose: choose()
    case .details: context.openDetail(of: picker.selected)
    case .importCatalogue: context.catalogue.startIfNeeded(asked: true)
    }
  }

  private func choose() {
    guard let choice = picker.choice else { return }
    if let replacing {
      do throws(StoreError) {
        let name = try keep(choice)
        delegate?.addIngredientScreen(
          self, didReplace: replacing,
          with: IngredientMeasurement(
            name: name, quantity: replacing.quantity, group: replacing.group))
      } catch {
        context.navigator.showError(error.message)
      }
      return
    }
    let isNew = if case .new = choice { true } else { false }
    let prompt = TextPrompt(
      label: (isNew ? tr("Quantity of %s (new):") : tr("Quantity of %s:")).filled(choice.name),
      hint: tr("Enter to add (to taste, a pinch…) · Esc to cancel"), action: tr("add")
    ) { [weak self] text in
      guard let self else { return nil }
      if let broken = MealRules.checkQuantity(text) { return broken.message }
      do throws(StoreError) {
        let name = try self.keep(choice)
        self.delegate?.addIngredientScreen(
          self, didAdd: IngredientMeasurement(name: name, quantity: MealRules.trimmed(text)))
        return nil
      } catch {
        return error.message
      }
    }
    context.navigator.present(prompt)
  }

  /// The chosen ingredient's name; a new one is kept in the catalogue first.
  private func keep(_ choice: IngredientPicker.Choice) throws(StoreError) -> String {
    guard case .new(let typed) = choice else { return choice.name }
    do {
      return try context.store.addOwnIngredient(typed)
    } catch {
      throw StoreError(
        error.kind, tr("Could not keep “%1$s”: %2$s").filled(Quote.name(typed), error.message))
    }
  }

  override var emptyMessage: String {
    context.emptyCatalogueMessage(filter: picker.filter.text, ownNames: true)
  }
}

extension AddIngredientScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case typing }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .typing: .section("add-ingredient", "Add Ingredient")
    }
  }
  public var keyMode: KeyMode { .typing }

  /// Ctrl-R: the ingredient list's import again.
  private static func retry(_ screen: AddIngredientScreen, _ key: Key) -> Bool {
    guard keys.action(for: key) == .importCatalogue else { return false }
    screen.perform(.importCatalogue)
    return true
  }

  /// The screen's own keys, then the picker's moves and typing in its filter.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<AddIngredientScreen>] {
    [
      .table(keys, only: { $0 != .importCatalogue }, does: { $0.perform($1) }),
      // Offered only while the catalogue's import failed: there is nothing to retry else.
      .widget(keys, help: { $0.retryHelp }, retry),
      .lines([.back, typingHelp]),
      .widget(IngredientPicker.moves) { $0.handlePickerKey($1) },
    ]
  }
}
