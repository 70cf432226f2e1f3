// swift-tools-version:6.0
import PackageDescription

/// `STATEMACHINE_PTHREAD_LOCK=1 swift build` compiles the engine's lock as Apple platforms do (a
/// pthread mutex) instead of the Linux atomic word, so that the concurrency tests run that path
/// on Linux too (`scripts/sanitize-thread`).
let lockSettings: [SwiftSetting] = Context.environment["STATEMACHINE_PTHREAD_LOCK"] == "1"
    ? [.define("STATEMACHINE_PTHREAD_LOCK")] : []

/// `STATEMACHINE_ENGINE_ONLY=1 swift test` builds the engine and its own tests alone: no tools, no dependencies.
/// The sanitizer runs use it (`scripts/sanitize-address`, `scripts/sanitize-thread`), so that they do not
/// instrument and build swift-syntax and the command line, which their tests never run.
let engineOnly = Context.environment["STATEMACHINE_ENGINE_ONLY"] == "1"

let package = Package(
    name: "StateMachine",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "StateMachine", targets: ["StateMachine"]),
        .library(name: "StateMachineFixtures", targets: ["StateMachineFixtures"]),
        .library(name: "StateMachineFixturesTesting", targets: ["StateMachineFixturesTesting"]),
        // What `statemachine port --verify` builds a ported machine with, to run it as its Kotlin original ran.
        .library(name: "StateMachineVerify", targets: ["StateMachineVerify"]),
        .executable(name: "statemachine", targets: ["statemachine"]),
        // The only command that parses Swift, so the only one that builds swift-syntax (minutes on a small machine).
        .executable(name: "statemachine-migrate", targets: ["statemachine-migrate"]),
        // `swift package statemachine check Fixtures` (and trace, graph, port, compare) in a package that depends on
        // this one, without building swift-syntax; `statemachine-migrate` (and --dry-run) asks for write permission.
        .plugin(name: "StateMachinePlugin", targets: ["StateMachinePlugin"]),
        .plugin(name: "StateMachineMigratePlugin", targets: ["StateMachineMigratePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only the `statemachine-migrate` command parses Swift; `import StateMachine` and `statemachine` stay free of it.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .target(name: "StateMachine", swiftSettings: lockSettings),
        .systemLibrary(
            name: "CJansson",
            path: "Sources/CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        // jansson reads fixtures on Linux; Apple platforms, where an app's test target has no
        // system jansson, use the module's own JSON reader (`FixtureJSON`).
        .target(
            name: "StateMachineFixtures",
            dependencies: ["StateMachine", .target(name: "CJansson", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "StateMachineFixturesTesting", dependencies: ["StateMachine", "StateMachineFixtures"]),
        // The driver of `statemachine port --verify` starts and contains processes (Spec/VERIFY.md, V7) through it.
        .target(name: "CProcessControl"),
        .target(name: "StateMachineVerify", dependencies: ["StateMachine", "StateMachineFixtures", "CProcessControl"]),
        .target(
            name: "StateMachineMigration",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The exit statuses and messages that `statemachine` and `statemachine-migrate` share.
        .target(
            name: "StateMachineCommandSupport",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // SCXML documents read (with Foundation's XMLParser, libxml2) and converted into fixture machines.
        .target(name: "StateMachineSCXML"),
        .executableTarget(
            name: "statemachine",
            dependencies: [
                "StateMachineFixtures",
                "StateMachineVerify",
                "StateMachineSCXML",
                "StateMachineCommandSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "statemachine-migrate",
            dependencies: [
                "StateMachineFixtures",
                "StateMachineMigration",
                "StateMachineCommandSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Each plugin runs its own command (`statemachine`, `statemachine-migrate`); Plugins/Shared/StatemachineTool.swift
        // is linked into each.
        .plugin(
            name: "StateMachinePlugin",
            capability: .command(
                intent: .custom(
                    verb: "statemachine",
                    description: "Check, trace and draw fixtures, port Kotlin machines, compare a Swift and a Kotlin machine."
                )
            ),
            dependencies: ["statemachine"]
        ),
        .plugin(
            name: "StateMachineMigratePlugin",
            capability: .command(
                intent: .custom(
                    verb: "statemachine-migrate",
                    description: "Rewrite Swift sources written for Tinder's StateMachine into sources for this library."
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "statemachine migrate rewrites the Swift files you name, written for Tinder's StateMachine, in place."
                    ),
                ]
            ),
            dependencies: ["statemachine-migrate"]
        ),
        // Graphviz's `dot`, run on a diagram, and its SVG read back: for the diagram tests of both suites.
        .target(name: "GraphvizTestSupport", path: "Tests/GraphvizTestSupport"),
        .testTarget(name: "StateMachineTests", dependencies: ["StateMachine", "GraphvizTestSupport"]),
        .testTarget(
            name: "StateMachineFixturesTests",
            dependencies: ["StateMachine", "StateMachineFixtures", "StateMachineFixturesTesting", "GraphvizTestSupport"]
        ),
        // Public machine types in a module of their own, used from `CrossModuleTests`.
        .target(name: "CrossModuleMachines", dependencies: ["StateMachine"], path: "Tests/CrossModuleMachines"),
        .testTarget(name: "CrossModuleTests", dependencies: ["CrossModuleMachines", "StateMachine"]),
        .testTarget(name: "StateMachineMigrationTests", dependencies: ["StateMachineMigration"]),
        .testTarget(name: "StateMachineVerifyTests", dependencies: ["StateMachineVerify"]),
        .testTarget(name: "StateMachineSCXMLTests", dependencies: ["StateMachineSCXML"]),
        // The Swift DSL code `statemachine scxml --swift` writes for Tests/SCXML/pass, compiled and run.
        .testTarget(name: "SCXMLMachinesTests", dependencies: ["StateMachine"]),
        // The expected outputs of the migration corpus (Tests/MigrationCorpus), compiled and run.
        .testTarget(name: "MigratedCorpusTests", dependencies: ["StateMachine"]),
        .testTarget(
            name: "PortedMachinesTests",
            dependencies: ["StateMachine", "StateMachineFixturesTesting"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

if engineOnly {
    let engineTargets: Set = ["StateMachine", "CrossModuleMachines", "GraphvizTestSupport", "StateMachineTests", "CrossModuleTests"]
    package.products = package.products.filter { $0.name == "StateMachine" }
    package.dependencies = []
    package.targets = package.targets.filter { engineTargets.contains($0.name) }
}
