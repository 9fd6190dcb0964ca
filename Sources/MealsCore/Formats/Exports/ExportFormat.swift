/// The recipe managers whose exports `meals import` reads, each known by its content.
public enum ExportFormat: String, CaseIterable, Sendable {
  case paprika, mela, nextcloud, mealie, tandoor, chowdown, copyMeThat, recipeKeeper
  case planToEat, myRecipeBox, crouton, mealMaster
  /// Recipe files of meals' own formats in a folder or an archive (`meals export` to a folder:
  /// Cooklang, Markdown, JSON), each photo beside its file.
  case recipeFiles

  /// What the import says it found: `Imported 214 meals from a Paprika export`.
  public var exportName: String {
    switch self {
    case .paprika: "a Paprika export"
    case .mela: "a Mela export"
    case .nextcloud: "a Nextcloud Cookbook export"
    case .mealie: "a Mealie backup"
    case .tandoor: "a Tandoor export"
    case .chowdown: "a Chowdown site"
    case .copyMeThat: "a Copy Me That export"
    case .recipeKeeper: "a Recipe Keeper export"
    case .planToEat: "a Plan to Eat export"
    case .myRecipeBox: "a My Recipe Box export"
    case .crouton: "a Crouton export"
    case .mealMaster: "a Meal-Master file"
    case .recipeFiles: "recipe files"
    }
  }
}
