// swift-tools-version:6.0
// Machines written twice, once in Swift (Sources/ComparePairs) and once in Kotlin (Kotlin/), each pair independently,
// some with a difference planted on purpose: what scripts/test-compare compares, with `statemachine compare` and with
// `compareMachines` in this package's tests.
import Foundation
import PackageDescription

/// This project's checkout, two folders up; a path dependency's identity is its folder's name, lower-cased.
let checkout = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let identity = checkout.lastPathComponent.lowercased()

let package = Package(
    name: "ComparePairs",
    products: [.library(name: "ComparePairs", targets: ["ComparePairs"])],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "ComparePairs", dependencies: [.product(name: "StateMachine", package: identity)]),
        .testTarget(name: "ComparePairsTests", dependencies: ["ComparePairs", .product(name: "StateMachineVerify", package: identity)]),
    ]
)
