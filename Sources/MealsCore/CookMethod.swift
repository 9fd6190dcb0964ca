import FoundationEssentials

/// A meal's instructions as a cook follows them: the steps to do, and apart from them what is
/// only to read — the notes, a description, the source an export kept as a section of its own.
///
/// Exports (Paprika, Mela, Nextcloud…) and recipe pages keep their notes as the instructions'
/// last section (`Notes`, `Tips`, `Source`…); Cook Mode counts steps, so those are not steps.
public struct CookMethod: Equatable, Sendable {
  public var steps: [CookStep]
  /// The notes' paragraphs, each under its section's title when there are several
  /// (`Tips: …`); the title `Notes` itself is not repeated.
  public var notes: [String]

  public init(steps: [CookStep], notes: [String]) {
    self.steps = steps
    self.notes = notes
  }

  /// The meal's steps and notes.
  public init(of meal: Meal) {
    self.init(CookSteps.steps(of: meal))
  }

  /// Steps under a notes title go to `notes`; the rest stay steps, in order.
  public init(_ all: [CookStep]) {
    steps = all.filter { !Self.isNotesTitle($0.section) }
    let noteSteps = all.filter { Self.isNotesTitle($0.section) }
    let titles = Set(noteSteps.compactMap { $0.section.map(Self.key) })
    // A note of several lines (numbered steps keep a number's lines together) is one a line.
    notes = noteSteps.flatMap { step in
      let lines = step.text.split(separator: "\n").map { MealRules.trimmed(String($0)) }
        .filter { !$0.isEmpty }
      guard titles.count > 1, let section = step.section, Self.key(section) != "notes",
        let first = lines.first
      else { return lines }
      return ["\(section): \(first)"] + lines.dropFirst()
    }
  }

  /// Titles of sections that are for reading, not doing, in the languages the page reader
  /// knows; compared without case, accents or a trailing colon.
  static let notesTitles: Set<String> = [
    // English
    "notes", "note", "recipe notes", "recipe note", "cook's notes", "cooks notes", "cook's note",
    "chef's notes", "chefs notes", "tips", "tip", "tips and notes", "notes and tips",
    "tips & notes", "notes & tips", "hints", "description", "source", "sources", "remarks",
    "comments", "variations", "serving suggestions", "storage", "to store", "nutrition",
    "nutrition information", "nutritional information",
    // German, French, Spanish, Italian, Dutch, Portuguese, Swedish, Danish, Polish
    "notizen", "hinweise", "anmerkungen", "tipps", "tipp", "quelle", "beschreibung",
    "remarques", "remarque", "astuces", "astuce", "conseils", "conseil", "source", "notas",
    "nota", "consejos", "consejo", "fuente", "consigli", "consiglio", "fonte", "notities",
    "opmerkingen", "bron", "dicas", "dica", "anteckningar", "tips", "noter", "uwagi", "porady",
  ]

  static func isNotesTitle(_ title: String?) -> Bool {
    guard let title else { return false }
    return notesTitles.contains(key(title))
  }

  private static func key(_ title: String) -> String {
    TextFolding.key(
      MealRules.trimmed(title).trimming({ $0 == ":" || $0 == " " }).replacingEvery("’", with: "'"))
  }
}
