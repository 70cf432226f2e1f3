import Foundation
import PackagePlugin

/// `swift package statemachine check|trace|graph|port|migrate --dry-run …`: the `statemachine` command, built by
/// SwiftPM and run in the package the plugin is invoked on (paths are relative to that package).
///
/// `migrate` without `--dry-run` rewrites files, and SwiftPM asks a plugin for its permissions before every run
/// of it, so writing is the job of a second plugin, `statemachine-migrate`, the only one that asks for write
/// permission: `check` and `graph` never make anyone type `--allow-writing-to-package-directory`.
@main
struct StateMachinePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try StatemachineTool(context: context)
        let typed = tool.userArguments(arguments)
        let arguments = try tool.commandArguments(arguments)
        switch arguments.first {
        case "migrate" where !arguments.contains("--dry-run"):
            let paths = typed.dropFirst().joined(separator: " ")
            throw PluginUsageError("""
                statemachine migrate rewrites files of your package, so it runs as the plugin statemachine-migrate, \
                which asks SwiftPM for permission to write:
                    swift package --allow-writing-to-package-directory statemachine-migrate \(paths)
                To see the changes without writing them:
                    swift package statemachine migrate --dry-run \(paths)
                """)
        case "port":
            let porter = try PorterRequirements(context: context)
            try tool.run(arguments, environment: porter.environment)
        default:
            try tool.run(arguments)
        }
    }
}
