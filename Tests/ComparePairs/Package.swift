// swift-tools-version:6.0
// Machines written twice, once in Swift (Sources/ComparePairs) and once in Kotlin (Kotlin/), each pair independently,
// some with a difference planted on purpose: what scripts/test-compare runs `statemachine compare` on.
import PackageDescription

let package = Package(
    name: "ComparePairs",
    products: [.library(name: "ComparePairs", targets: ["ComparePairs"])],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "ComparePairs", dependencies: [.product(name: "StateMachine", package: "main")]),
    ]
)
