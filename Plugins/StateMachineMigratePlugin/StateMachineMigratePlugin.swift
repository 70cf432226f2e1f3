import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory statemachine-migrate [--dry-run] Sources/App …`: the
/// `statemachine-migrate` command on the package the plugin is invoked on, rewriting code written for Tinder's
/// StateMachine in place (or, with `--dry-run`, printing the diff).
///
/// The plugin declares `writeToPackageDirectory`, so SwiftPM asks before it runs (in a terminal) or refuses
/// with the flag to pass (elsewhere), with `--dry-run` too: the permission is the plugin's, not the run's.
/// It is the only plugin that builds swift-syntax; `statemachine` (check, graph, …) does not.
@main
struct StateMachineMigratePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try StatemachineTool(context: context, named: "statemachine-migrate")
        let arguments = try tool.commandArguments(arguments)
        guard arguments.contains(where: { !$0.hasPrefix("-") }) || arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else {
            throw PluginUsageError("""
                name the Swift files or folders to migrate, relative to the package, or its targets:
                    swift package --allow-writing-to-package-directory statemachine-migrate Sources/App
                    swift package --allow-writing-to-package-directory statemachine-migrate --target App
                    swift package --allow-writing-to-package-directory statemachine-migrate --dry-run --target App
                """)
        }
        try tool.run(arguments)
    }
}
