import MealsCore
import MealsLaunch
import MealsStore
import Translation

/// `meals show MEAL [--json | --markdown] [--units U]`.
enum ShowCommand {
  static func run(
    _ arguments: CommandArguments, store: MealStore, io: CommandIO, conversion: UnitConversion
  ) -> Int32 {
    guard let wanted = arguments.positionals.first else {
      return Subcommand.usageError(tr("which meal? Give its id or name."), .show, io: io)
    }
    if arguments.flags.contains("--json") && arguments.flags.contains("--markdown") {
      return Subcommand.usageError(
        tr("--json and --markdown cannot be used together."), .show, io: io)
    }
    guard
      let conversion = Subcommand.conversion(
        arguments, fallback: conversion, command: .show, io: io)
    else { return Subcommand.Status.usage }
    guard let id = Subcommand.resolve(wanted, store: store, io: io) else {
      return Subcommand.Status.failure
    }
    let meal: Meal
    do {
      guard let stored = try store.meal(id: id) else {
        io.fail(tr("meal %d was deleted meanwhile.").filled(String(id)))
        return Subcommand.Status.failure
      }
      meal = conversion.meal(stored)
    } catch {
      io.fail(error.message)
      return Subcommand.Status.failure
    }
    if arguments.flags.contains("--json") {
      var object = MealJSON.object(meal, withReadings: true)
      if case .object(let pairs) = object { object = .object([("id", .integer(id))] + pairs) }
      io.output.write(object.serialized() + "\n")
    } else if arguments.flags.contains("--markdown") {
      io.output.write(MealMarkdown.render(meal))
    } else {
      io.output.write(MealPlainText.render(meal, id: id))
    }
    return Subcommand.Status.success
  }
}
