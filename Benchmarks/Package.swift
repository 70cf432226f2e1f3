// swift-tools-version:6.0
import PackageDescription

// The benchmarks live in their own package so that the library stays free of dependencies
// and is used exactly as an application uses it: from other modules, through its public,
// unspecialized generic API.
//
// Release builds of Swift 6 run "default" cross-module optimization (`-enable-default-cmo`),
// which serializes small internal functions of the library so that clients may inline and
// specialize them. `scripts/benchmark` builds with `-Xswiftc -disable-cmo` for every module,
// so no function of the library is specialized for the benchmark's types: the figures are
// those of the slowest way a client can call the library. `scripts/benchmark --cmo` keeps the
// compiler's default instead, for comparison.
let package = Package(
    name: "StateMachineBenchmarks",
    dependencies: [
        .package(name: "StateMachine", path: ".."),
    ],
    targets: [
        // Counts calls to malloc, calloc, realloc and the aligned allocators.
        .target(name: "MallocCounter"),
        // The machines under test and their hand-written `switch` equivalents, in a module of
        // their own, as in an application.
        .target(
            name: "BenchmarkMachines",
            dependencies: [.product(name: "StateMachine", package: "StateMachine")]
        ),
        .executableTarget(
            name: "StateMachineBenchmarks",
            dependencies: [
                "BenchmarkMachines",
                "MallocCounter",
                .product(name: "StateMachine", package: "StateMachine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
