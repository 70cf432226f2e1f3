import Foundation
import PackagePlugin

/// The command that SwiftPM built for the plugin (`statemachine`, or `statemachine-migrate`), run in the package the
/// plugin was invoked on, so that the paths the user gives are relative to that package whatever folder
/// `swift package` ran from.
///
/// Shared by the two plugins of this package (`statemachine` and `statemachine-migrate`): each plugin folder
/// holds a symbolic link to this file.
struct StatemachineTool {
    let url: URL
    let package: Package

    init(context: PluginContext, named name: String) throws {
        url = try context.tool(named: name).url
        package = context.package
    }

    /// The options that `swift package` reads after a plugin's verb as well as before it, and passes on to the
    /// plugin all the same: they are SwiftPM's, not the command's. The value is whether the option takes a value.
    private static let swiftPMOptions: [String: Bool] = [
        "--allow-writing-to-package-directory": false,
        "--allow-writing-to-directory": true,
        "--allow-network-connections": true,
        "--disable-sandbox": false,
        "--package": true,
    ]

    /// The arguments the user typed for the command: the plugin's, without SwiftPM's own options.
    func userArguments(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let takesValue = Self.swiftPMOptions[name] {
                index += takesValue && !argument.contains("=") ? 2 : 1
            } else {
                result.append(argument)
                index += 1
            }
        }
        return result
    }

    /// The command's arguments: [userArguments], each `--target NAME` replaced by the folder of the package's
    /// target NAME (the way SwiftPM's own plugins name what to work on).
    func commandArguments(_ arguments: [String]) throws -> [String] {
        let arguments = userArguments(arguments)
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--target" {
                guard index + 1 < arguments.endIndex else {
                    throw PluginUsageError("--target needs the name of a target of \(package.displayName)")
                }
                result.append(try targetFolder(named: arguments[index + 1]))
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    private func targetFolder(named name: String) throws -> String {
        guard let target = package.targets.first(where: { $0.name == name }) else {
            let names = package.targets.map(\.name).sorted().joined(separator: ", ")
            throw PluginUsageError("\(package.displayName) has no target named \(name); its targets: \(names)")
        }
        // `Target.directoryURL` needs tools version 6.1; the source module targets have had theirs since 6.0.
        switch target {
        case let target as SwiftSourceModuleTarget: return target.directoryURL.path
        case let target as ClangSourceModuleTarget: return target.directoryURL.path
        default: throw PluginUsageError("\(name) is not a target with sources")
        }
    }

    /// Runs the command with [arguments] in the package's folder and ends the plugin with the command's exit
    /// status (its output, and its message when it fails, went to the terminal as it ran).
    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Never {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = package.directoryURL
        if let environment { process.environment = environment }
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("statemachine \(arguments.first ?? ""): stopped by signal \(process.terminationStatus)")
            exit(1)
        }
        exit(process.terminationStatus)
    }
}

/// A mistake in what was typed after the plugin's verb: SwiftPM prints it as `error: …`.
struct PluginUsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
