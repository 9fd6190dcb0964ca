import FoundationEssentials
import MealsCore
import Translation

/// `meals list|show|search|export|import|plan`, the app's data for pipes and scripts.
///
/// They never start the full-screen app; results go to standard output, errors to standard
/// error.
public enum Subcommand: String, CaseIterable, Sendable {
  case list, show, search, export, `import`, plan, pantry
  case canCook = "can-cook"
  case cooked, log, history
  case sync, serve

  /// Exit statuses (DESIGN §2): 0 done, 1 it could not be done, 2 bad usage.
  public enum Status {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
  }

  /// The command's forms as typed (never translated), one per line; a line starting with a
  /// space goes on from the one before.
  public var synopsis: [String] {
    switch self {
    case .list: ["meals list [--json] [--filter TEXT] [--favourites]"]
    case .show: ["meals show MEAL [--json | --markdown] [--units as-written|metric|us]"]
    case .search: ["meals search TEXT [--json]"]
    case .export:
      [
        "meals export [MEAL…] [--format json|markdown|schema-org|cooklang] [--output PATH]",
        "             [--units metric|us]",
      ]
    case .import: ["meals import FILE|DIR|URL…"]
    case .plan:
      [
        "meals plan [--week YYYY-Www | --from DATE [--days N]] [--json]",
        "meals plan add MEAL DATE [--slot breakfast|lunch|dinner|other] [--servings N]",
        "meals plan remove MEAL DATE",
        "meals plan export [--format ical] [--week … | --from DATE [--days N]] [--output PATH]",
        "meals plan shop [--week … | --from DATE [--days N]]",
        "meals plan suggest [--week YYYY-Www] [--slots dinner,…] [--seed N] [--save]",
      ]
    case .pantry:
      [
        "meals pantry [list] [--json]",
        "meals pantry add ITEM…",
        "meals pantry remove NAME…",
      ]
    case .canCook: ["meals can-cook [--missing N|all] [--json]"]
    case .cooked: ["meals cooked MEAL [--date DATE] [--servings N] [--note TEXT] [--rating N]"]
    case .log: ["meals log [MEAL] [--json]"]
    case .history: ["meals history MEAL [--show N | --restore N]"]
    case .sync: ["meals sync [DIR]"]
    case .serve: ["meals serve [--port N] [--lan] [--new-token] [--new-certificate]"]
    }
  }

  /// The `--help` of each subcommand: its forms under a heading (no translated word has to be
  /// as wide as `Usage: `), then what it does, in the user's language.
  public var usage: String {
    ([tr("Usage:")] + synopsis.map { "  " + $0 }).joined(separator: "\n") + "\n\n" + about
  }

  /// What the command does and its options.
  var about: String {
    switch self {
    case .list:
      tr(
        """
        Your saved meals in name order, one per line: id, name, and category · area, separated
        by tabs.

          --json          a JSON array instead (docs/formats.md)
          --filter TEXT   only meals matching TEXT, the same search as / in the app
          --favourites    only favourites
        """)
    case .show:
      tr(
        """
        One meal, whole. MEAL is a database id (see meals list) or a name: the exact name,
        else the only name that starts with it, accents and case ignored as / does in the app.
        Several matches exit with status 1 and list them.

          --json          the meal in meals' JSON format
          --markdown      the meal as Markdown
          --units U       its measures, temperatures and lengths in metric or US units
                          (default: set units); the meal itself is not changed
        """)
    case .search:
      tr(
        """
        Asks TheMealDB for meals whose name contains TEXT: one per line, TheMealDB id, name,
        and category · area. Nothing is saved. A network failure exits with status 1.

          --json          the meals in meals' JSON format (an array)
        """)
    case .export:
      tr(
        """
        Writes all saved meals, or the named ones (ids or names, as for meals show).

          --format F      json (default: every field, read back exactly by meals import),
                          markdown, schema-org (JSON-LD Recipe) or cooklang (.cook)
          --output PATH   a file; or a folder (an existing one, or a path ending in /) with
                          one file per meal, named after it. Default: standard output.
                          Cooklang holds one recipe per file: several need a folder.
          --units U       the measures, temperatures and lengths converted (never without
                          it: an export keeps what the meals say)
        """)
    case .import:
      tr(
        """
        Adds the meals in each FILE (- reads standard input) or web page (an http or https
        address): meals' JSON, a recipe page (schema.org JSON-LD, microdata, RDFa, the recipe
        plugins' markup, or the page's own headings and lists), Markdown as meals writes it,
        or Cooklang (.cook). A page's address is kept with its meal, and its picture is kept
        for the app. Everything is read first; if one cannot be read, nothing is imported.
        A meal already saved (same TheMealDB id, or the same name, ingredients and
        instructions) is skipped. One transaction: everything is imported, or nothing. Exit
        status 1 when nothing could be imported (a recipe broke a rule, a page failed).

        Another recipe manager's export — a file, an archive (zip, tar, gzip) or a folder DIR —
        is known by its content and imported whole, photos included, in a transaction of its
        own: Paprika, Mela, Nextcloud Cookbook, Mealie, Tandoor, Chowdown, Copy Me That, Recipe
        Keeper, Plan to Eat, My Recipe Box, Crouton, Meal-Master, or a folder of meals' own
        files. A recipe that cannot be read is named and the rest come in; the same export
        imported again adds nothing.
        """)
    case .plan:
      tr(
        """
        The week plan. Without a command: the planned meals of this week (Monday first), one
        per line: date, slot, servings, meal id and name, separated by tabs. DATE is YYYY-MM-DD,
        today, tomorrow or a weekday's name (the next one; today when it is today). MEAL is an
        id or a name, as for meals show.

          add             plans MEAL on DATE (dinner, at the meal's servings, unless told)
          remove          takes MEAL off DATE's plan
          export          the days as an iCalendar file (one all-day event per planned meal)
          shop            puts the days' ingredients, each meal at its planned servings, on
                          the shopping list, then prints the list as Markdown in the shop's
                          order (aisle.conf), each aisle a heading
          suggest         fills the week's empty slots (dinner unless --slots says) from today
                          on by the rules (set plan-fresh-days, plan-weekday-minutes,
                          plan-pins): one per line: date, slot, meal id, name and why, separated
                          by tabs; nothing is saved unless --save; --seed N suggests others
          --json          the list as a JSON array
        """)
    case .pantry:
      tr(
        """
        What is at home. Without a command: the pantry, one item per line: name and amount,
        separated by tabs. A name matches whatever its case, accents or plural (eggs is Egg),
        and an ingredient whose name ends in its words (flour is plain flour).

          add             puts each ITEM in the pantry: a name, or an amount and a name
                          (“6 eggs”, “1 kg rice”); an item already there takes the new amount
          remove          takes each NAME out
          --json          the list as a JSON array of {"name", "amount"}
        """)
    case .canCook:
      tr(
        """
        The saved meals you can cook from what is at home (meals pantry, and the staples:
        set staples, salt, pepper, water and oil unless you say otherwise), those missing
        nothing first, then by how many ingredients they miss; a tie goes to the meal that
        uses more of what is at home, then the name. One per line: id, how many are missing,
        name, and the missing ingredients, separated by tabs.

          --missing N     only meals missing at most N ingredients (default 3; all: every
                          meal with ingredients)
          --json          a JSON array of {"id", "name", "missing": [names]}
        """)
    case .cooked:
      tr(
        """
        Writes in the cook log that you cooked MEAL (an id or a name, as for meals show):
        today unless --date says another day, for the meal's servings unless told. The log
        travels with the sync folder; meals log prints it.

          --date DATE     the day: YYYY-MM-DD, today, yesterday or a weekday's name (the
                          last one; today when it is today)
          --servings N    for how many (1 to 1000)
          --note TEXT     a note (“less chilli next time”)
          --rating N      1 to 5 stars for this time (the meal's own rating is not changed)
        """)
    case .log:
      tr(
        """
        The cook log, the latest first: one cooking per line: date, meal id (empty when the
        meal is no longer in the book), name, servings, rating and note, separated by tabs.
        With MEAL, only its cookings.

          --json          a JSON array of {"date", "meal", "id", "servings", "rating", "note"}
        """)
    case .history:
      tr(
        """
        The versions of MEAL (an id or a name, as for meals show) saved in this book, the
        newest first: number, when it was saved, and what changed from the one before,
        separated by tabs. A version is kept each time the meal is saved (the editor, a sync,
        a restore); the first when it is first changed.

          --show N        version N whole, after what changed from the one before (the steps
                          word by word: [-out-] {+in+})
          --restore N     puts version N back as the newest version (the others are kept:
                          restoring the one before undoes it)
        """)
    case .sync:
      tr(
        """
        Keeps the book and a folder of Cooklang files in step, both ways: DIR, else the
        sync-folder setting (set sync-folder = ~/Recipes in the config, or MEALS_SYNC_FOLDER).
        Each meal is DIR/CATEGORY/NAME.cook; a meal changed here rewrites its file, a file
        changed, added or removed there changes the book (a removed file's meal goes to
        Recently Deleted). When both sides changed one meal, both versions are kept, the
        second as “NAME (edited on HOST, DATE TIME)”, the same two names on every machine.
        When DIR is a git work tree, its own changes are committed, the upstream is merged
        in, and what the sync wrote is committed and pushed. Hidden and temporary files are
        passed over; a file or change the sync cannot take (not text, over 1 MB, a link out
        of the folder) is set aside, said on standard error with what to do, and tried again
        at the next sync. Exit status 1 only when the sync as a whole could not be done.
        """)
    case .serve:
      tr(
        """
        Serves the book to a phone or a browser on this machine until Ctrl-C: the meals
        (search as you type), a meal scaled to any servings, Cook Mode a step at a time with
        timers, the week plan and the shopping list, ticked live. The first line printed is
        the address that pairs (it holds the token); without the token nothing is served.

          --port N        the port (default 9080; 0 takes any free one)
          --lan           every address of this machine, over HTTPS, for the phones on the
                          local network: the certificate is signed by meals' own certificate
                          authority (made at first use, for this machine alone), which a phone
                          installs once from the book's page (“Trust this phone”)
          --new-token     a new token: every paired phone must pair again
          --new-certificate
                          a new certificate authority: every phone that trusted the old one
                          must install the new one
        """)
    }
  }

  /// One line for `meals --help`.
  public var summary: String {
    switch self {
    case .list: tr("list saved meals (tab-separated or --json)")
    case .show: tr("show one meal (text, --json or --markdown)")
    case .search: tr("search TheMealDB by name")
    case .export: tr("export meals as json, markdown, schema-org or cooklang")
    case .import: tr("import meals from files, web pages or another app's export (Paprika, Mela…)")
    case .plan: tr("the week plan: list, add, remove, export as iCalendar, shop, suggest")
    case .pantry: tr("what is at home: list, add, remove")
    case .canCook: tr("the meals you can cook from what is at home, by what is missing")
    case .cooked: tr("write in the cook log that you cooked a meal (a date, servings, a note)")
    case .log: tr("the cook log: what was cooked when, the latest first")
    case .history: tr("a meal's saved versions: list, show one, put one back")
    case .sync: tr("keep the book in step with a folder of Cooklang files (git too)")
    case .serve: tr("serve the book, Cook Mode and the shopping list to a phone")
    }
  }
}
