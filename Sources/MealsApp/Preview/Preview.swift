import MealsCore
import TerminalUI
import Translation

/// What a preview pane shows: a title, a line under it, meters, then lines of text.
struct Preview {
  /// A meter: its label, how full it is (0…1) and what it says ("★★★★☆", "45 min").
  struct Meter {
    var label: String
    var fraction: Double
    var caption: String
  }

  var title: String
  var subtitle = ""
  var meters: [Meter] = []
  var lines: [PagerLine] = []

  /// A placeholder while something loads or when nothing is selected.
  static func note(_ text: String) -> Preview {
    Preview(title: "", lines: [PagerLine(text, style: .muted)])
  }

  /// Where the preview's text goes in its pane: a column of margin on each side.
  static func text(in pane: Rect) -> Rect { pane.inset(left: 1, right: 1) }

  /// Draws the divider at `divider` and the preview in `area`, clipped to it.
  func draw(into canvas: inout Canvas, in area: Rect, divider: Rect) {
    for row in divider.y..<divider.maxY {
      canvas.write("│", row: row, column: divider.x, style: .muted)
    }
    let inner = Self.text(in: area)
    var y = inner.y
    if !title.isEmpty {
      canvas.writeTruncated(title, row: y, column: inner.x, width: inner.width, style: .title)
      y += 1
    }
    if !subtitle.isEmpty {
      canvas.writeTruncated(subtitle, row: y, column: inner.x, width: inner.width, style: .muted)
      y += 1
    }
    if !meters.isEmpty { y += 1 }
    let labelWidth = (meters.map { TextWidth.columns(of: $0.label) }.max() ?? 0) + 1
    for meter in meters where y < inner.maxY {
      canvas.write(meter.label, row: y, column: inner.x, style: .muted)
      let captionWidth = min(14, TextWidth.columns(of: meter.caption))
      let barWidth = max(4, inner.width - labelWidth - captionWidth - 2)
      canvas.write(
        Bar.text(meter.fraction, width: barWidth), row: y, column: inner.x + labelWidth,
        style: .bar)
      canvas.writeTruncated(
        meter.caption, row: y, column: inner.x + labelWidth + barWidth + 1, width: captionWidth)
      y += 1
    }
    if y > inner.y { y += 1 }
    for line in lines where y < inner.maxY {
      for span in line.spans {
        let width = min(span.width ?? inner.width, inner.width - span.column)
        canvas.writeTruncated(
          span.text, row: y, column: inner.x + span.column, width: width, style: span.style)
      }
      y += 1
    }
  }
}

/// A meal as lines: ingredients in two aligned columns, the instructions, the links; for Meal
/// Detail's pager and the previews.
enum MealLines {
  /// The meal's ingredients, instructions and links as pager lines.
  ///
  /// `servings`, when given, scales the measures and says so in the heading; a measure that
  /// is not an amount stays as written, marked `*`. `beside`: the first rows are that narrow (a picture sits to their right); the
  /// instructions flow back to the full width under it. `steps`: the instructions already in
  /// `units` (their conversion does not change with the servings: a caller may keep it).
  static func body(
    of meal: Meal, width: Int, instructionLines: Int? = nil, links: Bool = true,
    servings: Servings? = nil, units: UnitConversion = .asWritten,
    beside: (rows: Int, width: Int) = (0, 0), steps: String? = nil
  ) -> [PagerLine] {
    let narrowWidth = beside.rows > 0 ? beside.width : width
    var heading = tr("INGREDIENTS (%d)").filled(String(meal.ingredients.count))
    if let servings { heading += " · " + servings.description }
    if units.system != .asWritten { heading += " · " + units.system.label }
    var lines: [PagerLine] = [PagerLine(heading, style: .key)]
    let nameWidth = min(
      max(12, narrowWidth / 2 - 2),
      (meal.ingredients.map { TextWidth.columns(of: $0.name) }.max() ?? 0) + 2)
    var unscaled = false
    // Lines in groups sit in from their groups' titles.
    let inset = meal.ingredients.hasGroups ? 4 : 2
    for (index, line) in meal.ingredients.enumerated() {
      // A group's title over its first line (a group named again after another: again).
      let previous = index > 0 ? meal.ingredients[index - 1].group : ""
      if !line.group.isEmpty, index == 0 || line.group != previous {
        lines.append(PagerLine(line.group, style: .title, indent: 2))
      } else if line.group.isEmpty, !previous.isEmpty {
        lines.append(.blank)
      }
      var measure = line.quantity  // none (salt): nothing is shown
      var asWritten = false
      if let servings, !line.quantity.isEmpty {
        let scaled = servings.measure(line.quantity)
        measure = scaled.text
        asWritten = !scaled.scaled
        unscaled = unscaled || asWritten
      }
      // Scaled first, then in the units shown (as written: unchanged).
      if !measure.isEmpty { measure = DecimalText.shown(units.measure(measure, of: line.name)) }
      if asWritten { measure += " *" }
      lines.append(
        PagerLine([
          PagerLine.Span(line.name, column: inset, width: nameWidth - 1),
          PagerLine.Span(measure, column: inset + nameWidth, style: .muted),
        ]))
    }
    if unscaled {
      lines.append(
        PagerLine("  " + tr("* as written: not an amount, so not scaled"), style: .muted))
    }
    // What a .cook file marks as cookware (`#wok{}`): what to have at hand.
    if !meal.cookware.isEmpty {
      lines += [.blank, PagerLine(tr("COOKWARE"), style: .key)]
      lines += PagerLine.wrapped(
        Cookware.line(meal.cookware), width: width, indent: 2,
        narrow: (max(0, beside.rows - lines.count), narrowWidth))
    }
    lines += [.blank, PagerLine(tr("INSTRUCTIONS"), style: .key)]
    var instructions = PagerLine.wrapped(
      meal.instructions.isEmpty ? tr("(none given)") : steps ?? units.text(meal.instructions),
      width: width,
      indent: 2,
      narrow: (max(0, beside.rows - lines.count), narrowWidth))
    // A section's title reads as a heading over its steps.
    let titles = Set(meal.sectionTitles)
    if !titles.isEmpty {
      instructions = instructions.map { line in
        guard line.spans.count == 1, titles.contains(MealRules.trimmed(line.spans[0].text))
        else { return line }
        var heading = line
        heading.spans[0].style = .title
        return heading
      }
    }
    if let instructionLines, instructions.count > instructionLines {
      instructions =
        Array(instructions.prefix(instructionLines)) + [PagerLine("  …", style: .muted)]
    }
    lines += instructions
    guard links else { return lines }
    for (label, url) in [(tr("SOURCE"), meal.sourceURL), (tr("VIDEO"), meal.videoURL)] {
      guard let url else { continue }
      lines += [.blank, PagerLine(label, style: .key), PagerLine(url, style: .accent, indent: 2)]
    }
    return lines
  }

  /// The preview of a meal.
  ///
  /// `rating` and `minutes` are the meters' current (gliding) values for a saved meal, nil for
  /// one from TheMealDB (which has neither); `units`, the measures and steps as the reader
  /// wants them (`U`).
  static func preview(
    of meal: Meal, width: Int, rating: Double?, minutes: Double?,
    units: UnitConversion = .asWritten, servings: Servings? = nil
  ) -> Preview {
    var meters: [Preview.Meter] = []
    if let rating {
      meters.append(
        .init(
          label: tr("Rating"), fraction: rating / 5,
          caption: meal.rating > 0 ? MealFields.stars(meal.rating) : tr("not rated")))
    }
    if let minutes {
      meters.append(
        .init(
          label: tr("Time"), fraction: minutes / 180,
          caption: meal.totalMinutes.map(MealFields.describeMinutes) ?? tr("not timed")))
    }
    var subtitle = [meal.kindDescription, meal.difficulty?.label ?? ""].filter { !$0.isEmpty }
    if meal.favourite { subtitle.insert("★", at: 0) }
    return Preview(
      title: MealRules.trimmed(meal.name), subtitle: subtitle.joined(separator: " · "),
      meters: meters,
      lines: body(
        of: meal, width: width, instructionLines: 6, links: false, servings: servings,
        units: units))
  }
}
