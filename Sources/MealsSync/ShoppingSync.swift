import FoundationEssentials
import MealsCore
import MealsStore

/// The shopping list kept in step with the folder's `.shopping-list` and `.shopping-checked`.
///
/// The list: whichever side changed since the last sync wins; both changed, the items of both
/// are kept (nothing bought is forgotten). The ticks: three-way by name against the ticks at
/// the last sync — a tick changed here is appended to the log, one changed there (another
/// machine, a phone, CookCLI) is taken into the book; the log only grows, so git merges two
/// machines' logs as a union (`.gitattributes`).
struct ShoppingSync {
  let store: MealStore
  let folder: SyncFolder

  static let listFile = ".shopping-list"
  static let logFile = ".shopping-checked"
  private static let listSetting = "sync.shopping-list"
  private static let ticksSetting = "sync.shopping-checked"

  /// Runs the step; true when the book or the folder changed.
  func run(files: RecipeFiles) throws(SyncError) -> Bool {
    let stored: [SyncedShoppingItem]
    do {
      stored = try store.syncedShoppingItems()
    } catch {
      throw SyncError(error.message)
    }
    let fileText = try read(Self.listFile)
    // The file's items, a recipe named by the path its file had before a move being the meal
    // it is now.
    let theirs = fileText.map { ShoppingListFile.parse($0).map { following($0, files: files) } }
    // An item that came while its recipe's file had not (Syncthing brings files one by one):
    // linked to the meal once it is here, as a book that had the file linked it.
    let items = theirs.map { linked(stored, to: $0, files) } ?? stored
    var logText = try read(Self.logFile) ?? ""
    // Syncthing's conflict copies of the two files (`.sync-conflict-…-DEVICE.shopping-list`):
    // what they hold is merged in, then they go — a tick made in a shop is never lost.
    let copies = conflictCopies()
    for copy in copies where copy.hasSuffix(Self.logFile) {
      logText = Self.union(logText, try read(copy) ?? "")
    }
    var copiedItems: [ShoppingListFile.Item] = []
    for copy in copies where copy.hasSuffix(Self.listFile) {
      copiedItems += ShoppingListFile.parse(try read(copy) ?? "")
    }
    // The hash of the file as last written, and of the book's list as it then was (they
    // differ while the book names an item otherwise: a meal it has no file of yet).
    let recorded = (store.setting(Self.listSetting) ?? "").split(separator: " ").map(String.init)
    let fileBase = recorded.first
    let bookBase = recorded.count > 1 ? recorded[1] : fileBase
    let book = items.map { fileItem($0, files: files) }
    let bookText = ShoppingListFile.render(book)
    let bookChanged = ContentHash.of(bookText) != bookBase
    let fileChanged = ContentHash.of(fileText ?? "") != fileBase

    // The list: each item with the book's own row when it came from the book.
    var list: [(item: ShoppingListFile.Item, row: SyncedShoppingItem?)] = zip(book, items).map {
      ($0, $1)
    }
    if fileChanged, let theirs {
      if bookChanged {
        list += Self.missing(from: list.map(\.item), in: theirs).map { ($0, nil) }
      } else {
        list = theirs.map { ($0, nil) }
      }
    }
    if !copiedItems.isEmpty {
      let copied = copiedItems.map { following($0, files: files) }
      list += Self.missing(from: list.map(\.item), in: copied).map { ($0, nil) }
    }

    // The ticks, by name.
    let baseTicks = Set(
      (store.setting(Self.ticksSetting) ?? "").split(separator: "\n").map(String.init))
    var bookTicks: [String: Bool] = [:]
    for item in items {
      let name = item.ingredient.lowercased()
      bookTicks[name] = (bookTicks[name] ?? true) && item.ticked
    }
    let fileTicks = ShoppingListFile.checked(logText)
    var names = Set(list.map { $0.item.name.lowercased() })
    names.formUnion(baseTicks)
    var final: [String: Bool] = [:]
    var appended: [String] = []
    for name in names.sorted() {
      let here = bookTicks[name] ?? false
      let before = baseTicks.contains(name)
      let there = fileTicks[name] ?? false
      if here != before {
        final[name] = here
        if there != here { appended.append(ShoppingListFile.logLine(name, ticked: here)) }
      } else {
        final[name] = there
      }
    }

    // The book.
    let wanted = list.map { entry in
      var row =
        entry.row
        ?? SyncedShoppingItem(
          ref: ref(of: entry.item, files: files), mealName: mealName(of: entry.item, files: files),
          ingredient: entry.item.name, measure: entry.item.quantity, ticked: false)
      row.ticked = final[entry.item.name.lowercased()] ?? false
      return row
    }
    var changed = false
    do {
      if wanted != stored {
        try store.replaceShoppingList(with: wanted)
        changed = true
      }
    } catch {
      throw SyncError("cannot write the folder's shopping list into the book: \(error.message)")
    }

    // The folder.
    // Neither side changed: the file stays as it is (the book may name an item otherwise).
    let listText =
      bookChanged || fileChanged || !copiedItems.isEmpty || fileText == nil
      ? ShoppingListFile.render(list.map(\.item)) : (fileText ?? "")
    if listText != (fileText ?? "") && !(listText.isEmpty && fileText == nil) {
      _ = try folder.write(listText, to: Self.listFile)
      changed = true
    }
    let mergedLog = copies.contains { $0.hasSuffix(Self.logFile) }
    if !appended.isEmpty || mergedLog {
      let separator = logText.isEmpty || logText.hasSuffix("\n") ? "" : "\n"
      _ = try folder.write(
        appended.isEmpty
          ? logText : logText + separator + appended.joined(separator: "\n") + "\n",
        to: Self.logFile)
      changed = true
    }
    // Their content is in the two files now.
    for copy in copies {
      try folder.remove(copy)
      changed = true
    }
    do {
      let bookNow = ShoppingListFile.render(wanted.map { fileItem($0, files: files) })
      try store.setSetting(
        Self.listSetting, to: ContentHash.of(listText) + " " + ContentHash.of(bookNow))
      try store.setSetting(
        Self.ticksSetting, to: final.filter(\.value).keys.sorted().joined(separator: "\n"))
    } catch {
      throw SyncError(error.message)
    }
    return changed
  }

  // MARK: - Helpers

  /// The Syncthing conflict copies of the list and the log at the folder's top.
  private func conflictCopies() -> [String] {
    folder.names(in: "").filter {
      SyncPaths.syncthingConflict($0) != nil
        && ($0.hasSuffix(Self.logFile) || $0.hasSuffix(Self.listFile))
    }.sorted()
  }

  /// Two versions of the log as one: the lines they share, then what each added after them
  /// (the log only grows, so what one added is after what both had).
  static func union(_ mine: String, _ theirs: String) -> String {
    let ours = mine.split(separator: "\n", omittingEmptySubsequences: false)
    let other = theirs.split(separator: "\n", omittingEmptySubsequences: false)
    var shared = 0
    while shared < ours.count, shared < other.count, ours[shared] == other[shared] { shared += 1 }
    let added = other[shared...].filter { !MealRules.isBlank(String($0)) }
    guard !added.isEmpty else { return mine }
    let separator = mine.isEmpty || mine.hasSuffix("\n") ? "" : "\n"
    return mine + separator + added.joined(separator: "\n") + "\n"
  }

  /// What `other` holds more often than `list` does, item by item: a merge of two lists that
  /// neither loses an item nor doubles one both have (a meal's flour put on twice is twice).
  static func missing(from list: [ShoppingListFile.Item], in other: [ShoppingListFile.Item])
    -> [ShoppingListFile.Item]
  {
    var have: [String: Int] = [:]
    for item in list { have[key(item), default: 0] += 1 }
    var added: [ShoppingListFile.Item] = []
    for item in other {
      let itemKey = key(item)
      if let count = have[itemKey], count > 0 {
        have[itemKey] = count - 1
      } else {
        added.append(item)
      }
    }
    return added
  }

  /// An item whose recipe is named by a path its file had before it moved, named by its path
  /// now.
  private func following(_ item: ShoppingListFile.Item, files: RecipeFiles)
    -> ShoppingListFile.Item
  {
    guard let recipe = item.recipe else { return item }
    var moved = item
    moved.recipe = files.current(recipe)
    return moved
  }

  /// The book's items named by a meal (`Stew`, no file of it then) linked to the meal the
  /// file's list names by its recipe, now that the book holds it: the same ingredient and
  /// amount, the recipe's file named as the item's meal, and no item of the book's already
  /// matching that line.
  private func linked(
    _ items: [SyncedShoppingItem], to theirs: [ShoppingListFile.Item], _ files: RecipeFiles
  ) -> [SyncedShoppingItem] {
    var unmatched: [String: Int] = [:]
    for item in theirs { unmatched[Self.key(item), default: 0] += 1 }
    var named: [Int] = []
    for (index, item) in items.enumerated() {
      let key = Self.key(fileItem(item, files: files))
      if let count = unmatched[key], count > 0 {
        unmatched[key] = count - 1
      } else if !item.ref.hasPrefix("id:") {
        named.append(index)
      }
    }
    var left = theirs.filter { item in
      guard item.recipe.flatMap(files.mealID) != nil,
        let count = unmatched[Self.key(item)], count > 0
      else { return false }
      unmatched[Self.key(item)] = count - 1
      return true
    }
    guard !left.isEmpty, !named.isEmpty else { return items }
    var result = items
    for index in named {
      let row = result[index]
      guard
        let at = left.firstIndex(where: { item in
          item.name.lowercased() == row.ingredient.lowercased() && item.quantity == row.measure
            && item.recipe.map { PathText.name($0) } == row.mealName + ".cook"
        }), let id = left[at].recipe.flatMap(files.mealID)
      else { continue }
      result[index].ref = MealRef.saved(id).stored
      result[index].mealName = mealName(of: left[at], files: files)
      left.remove(at: at)
    }
    return result
  }

  private static func key(_ item: ShoppingListFile.Item) -> String {
    [item.recipe ?? "", item.meal ?? "", item.name.lowercased(), item.quantity]
      .joined(separator: "\u{1F}")
  }

  private func read(_ name: String) throws(SyncError) -> String? { try folder.text(of: name) }

  private func fileItem(_ item: SyncedShoppingItem, files: RecipeFiles)
    -> ShoppingListFile.Item
  {
    let id = item.ref.hasPrefix("id:") ? Int64(item.ref.dropFirst(3)) : nil
    let recipe = id.flatMap { files.path[$0] }
    return ShoppingListFile.Item(
      recipe: recipe, meal: recipe == nil ? item.mealName : nil, name: item.ingredient,
      quantity: item.measure)
  }

  private func ref(of item: ShoppingListFile.Item, files: RecipeFiles) -> String {
    if let id = item.recipe.flatMap(files.mealID) {
      return MealRef.saved(id).stored
    }
    return MealRef.named(mealName(of: item, files: files)).stored
  }

  /// The meal's name: the saved meal's own, else the group's, else the recipe file's.
  private func mealName(of item: ShoppingListFile.Item, files: RecipeFiles) -> String {
    guard let recipe = item.recipe else { return item.meal ?? "" }
    if let id = files.mealID(recipe), let meal = try? store.meal(id: id) {
      return meal.name
    }
    let name = PathText.name(recipe)
    return name.hasSuffix(".cook") ? String(name.dropLast(5)) : name
  }
}
