import Translation

/// A meal as plain text for `meals show`: what Meal Detail shows, without the screen.
public enum MealPlainText {
  public static func render(_ meal: Meal, id: Int64? = nil) -> String {
    var lines = [meal.name]
    var about: [String] = []
    if !meal.kindDescription.isEmpty { about.append(meal.kindDescription) }
    if !meal.tags.isEmpty { about.append(tr("tags: %s").filled(meal.tags.joined(separator: ", "))) }
    if !about.isEmpty { lines.append(about.joined(separator: " · ")) }
    var notes: [String] = []
    if meal.favourite { notes.append(tr("★ favourite")) }
    if meal.rating > 0 { notes.append(MealFields.stars(meal.rating)) }
    if let minutes = meal.totalMinutes { notes.append(MealFields.describeMinutes(minutes)) }
    if let difficulty = meal.difficulty { notes.append(difficulty.label) }
    if let servings = meal.servings { notes.append(tr("serves %d").filled(String(servings))) }
    if !notes.isEmpty { lines.append(notes.joined(separator: " · ")) }
    var ids: [String] = []
    if let id { ids.append(tr("id %d").filled(String(id))) }
    if let mealDBID = meal.mealDBID { ids.append("TheMealDB \(mealDBID)") }
    if !ids.isEmpty { lines.append(ids.joined(separator: " · ")) }
    lines += ["", tr("Ingredients")]
    let width = meal.ingredients.map { MealRules.trimmed($0.quantity).count }.max() ?? 0
    // Groups' titles over their lines (with a colon, as one writes them), the lines indented
    // below them.
    let indent = meal.ingredients.hasGroups ? "    " : "  "
    for run in meal.ingredients.groupRuns {
      if !run.group.isEmpty {
        lines.append("  " + (run.group.hasSuffix(":") ? run.group : run.group + ":"))
      }
      for line in run.lines {
        let quantity = MealRules.trimmed(line.quantity)
        let padding = String(repeating: " ", count: width - quantity.count)
        lines.append(
          indent + (width == 0 ? line.name : "\(quantity)\(padding)  \(line.name)"))
      }
    }
    if meal.ingredients.isEmpty { lines.append("  " + tr("(none)")) }
    if !meal.cookware.isEmpty {
      lines += ["", tr("Cookware"), "  " + Cookware.line(meal.cookware)]
    }
    // A section's title reads as a heading: with a colon, as one writes it in a letter.
    let titles = Set(meal.sectionTitles)
    let instructions = meal.instructions.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line -> String in
        let text = MealRules.trimmed(String(line))
        return titles.contains(text) && !text.hasSuffix(":") ? text + ":" : String(line)
      }
    lines += ["", tr("Instructions")] + instructions
    for (label, url) in [(tr("Source: %s"), meal.sourceURL), (tr("Video: %s"), meal.videoURL)] {
      if let url { lines.append(label.filled(url)) }
    }
    if meal.sourceURL != nil || meal.videoURL != nil {
      lines.insert("", at: lines.count - [meal.sourceURL, meal.videoURL].compactMap { $0 }.count)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
