import Foundation
import PackagePlugin

/// `swift package statemachine check|trace|graph|port|compare …`: the `statemachine` command, built by SwiftPM and
/// run in the package the plugin is invoked on (paths are relative to that package).
///
/// `migrate` is a second plugin, `statemachine-migrate`, with a command of its own: it is the only one that parses
/// Swift, so the only one that builds swift-syntax (minutes on a small machine), and the only one that rewrites
/// files, so the only one that asks for write permission: `check` and `graph` never make anyone wait for
/// swift-syntax or type `--allow-writing-to-package-directory`.
@main
struct StateMachinePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try StatemachineTool(context: context, named: "statemachine")
        let typed = tool.userArguments(arguments)
        let arguments = try tool.commandArguments(arguments)
        switch arguments.first {
        case "migrate":
            let paths = typed.dropFirst().filter { $0 != "--dry-run" }.joined(separator: " ")
            throw PluginUsageError("""
                statemachine migrate rewrites files of your package, so it runs as the plugin statemachine-migrate, \
                which asks SwiftPM for permission to write:
                    swift package --allow-writing-to-package-directory statemachine-migrate \(paths)
                To see the changes without writing them:
                    swift package --allow-writing-to-package-directory statemachine-migrate --dry-run \(paths)
                """)
        case "port":
            let porter = try PorterRequirements(context: context)
            try tool.run(arguments, environment: porter.environment)
        default:
            try tool.run(arguments)
        }
    }
}
