import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory statemachine-migrate Sources/App …`: `statemachine migrate`
/// on the package the plugin is invoked on, rewriting code written for Tinder's StateMachine in place.
///
/// The plugin declares `writeToPackageDirectory`, so SwiftPM asks before it runs (in a terminal) or refuses
/// with the flag to pass (elsewhere).
@main
struct StateMachineMigratePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try StatemachineTool(context: context)
        let arguments = try tool.commandArguments(arguments)
        guard arguments.contains(where: { !$0.hasPrefix("-") }) || arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else {
            throw PluginUsageError("""
                name the Swift files or folders to migrate, relative to the package, or its targets:
                    swift package --allow-writing-to-package-directory statemachine-migrate Sources/App
                    swift package --allow-writing-to-package-directory statemachine-migrate --target App
                """)
        }
        try tool.run(["migrate"] + arguments)
    }
}
