// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StateMachine",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "StateMachine", targets: ["StateMachine"]),
    ],
    targets: [
        .target(name: "StateMachine"),
        .testTarget(name: "StateMachineTests", dependencies: ["StateMachine"]),
        // Public machine types in a module of their own, used from `CrossModuleTests`.
        .target(name: "CrossModuleMachines", dependencies: ["StateMachine"], path: "Tests/CrossModuleMachines"),
        .testTarget(name: "CrossModuleTests", dependencies: ["CrossModuleMachines", "StateMachine"]),
        .testTarget(name: "PortedMachinesTests", dependencies: ["StateMachine"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
