#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Swift side of a comparison: a package beside the user's that links the module holding the user's machine and
/// this repository's `StateMachineVerify`, and runs the machine the user named (`statemachine compare --swift`).
/// It is built in the user's build folder (`.build/statemachine-compare`), so that a second comparison builds only
/// what changed.
///
/// The harness holds every machine of the module that a comparison named, each under its expression: the file
/// `machines` of its folder lists them, one a line, and a comparison adds its own. So comparing several machines of
/// a package links the harness once for each new one, and a comparison of a machine it holds builds nothing unless a
/// source changed. A list written before the first comparison (a CI stage that compares many machines) makes one
/// build for all; a machine of the list that no longer builds is dropped, and the harness is built for the one
/// compared.
struct ComparisonHarness {
    let repository: String
    let package: SwiftPackageDescription
    let product: SwiftPackageDescription.Product
    let module: String
    let expression: String

    var folder: String { "\(package.folder)/.build/statemachine-compare" }

    func build(log: String) throws(DriverError) -> Result<String, DriverError> {
        let sources = "\(folder)/harness/Sources/StateMachineCompare"
        try DriverFiles.makeFolder(sources)
        let lock = open("\(folder)/build.lock", O_CREAT | O_RDWR, 0o644)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        let samePackage = DriverFiles.absolute(package.folder) == DriverFiles.absolute(repository)
        let userIdentity = DriverFiles.baseName(DriverFiles.absolute(package.folder)).lowercased()
        let ourIdentity = DriverFiles.baseName(repository).lowercased()
        var dependencies = [".package(path: \(HarnessPackage.literal(DriverFiles.absolute(package.folder))))"]
        // The user's package depends on this one, often by URL: a path dependency of the same identity stands for it.
        if !samePackage { dependencies.append(".package(path: \(HarnessPackage.literal(repository)))") }
        let platforms = package.platforms.isEmpty ? "" : "\n    platforms: [\(package.platforms.joined(separator: ", "))],"
        try DriverFiles.write("""
            // swift-tools-version:6.0
            // Written by statemachine compare: runs \(expression) on the sequences of a comparison.
            import PackageDescription

            let package = Package(
                name: "StateMachineCompare",\(platforms)
                dependencies: [\(dependencies.joined(separator: ", "))],
                targets: [
                    .executableTarget(
                        name: "StateMachineCompare",
                        dependencies: [
                            .product(name: \(HarnessPackage.literal(product.name)), package: \(HarnessPackage.literal(userIdentity))),
                            .product(name: "StateMachineVerify", package: \(HarnessPackage.literal(samePackage ? userIdentity : ourIdentity))),
                        ],
                        swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
                    ),
                ]
            )

            """, to: "\(folder)/harness/Package.swift")
        let listed = (DriverFiles.read(registry) ?? "").split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        // The machines of other modules stay listed, for when their module is compared again.
        let others = listed.filter { Self.module(of: $0) != module }
        var machines = listed.filter { Self.module(of: $0) == module }
        if !machines.contains(expression) { machines.append(expression) }
        let scratch = "\(folder)/build"
        var ending = try build(machines, sources: sources, scratch: scratch, log: log)
        if ending != .exited(0) && machines.count > 1 {
            machines = [expression]
            ending = try build(machines, sources: sources, scratch: scratch, log: log)
        }
        if ending == .exited(0) {
            try DriverFiles.write((others + machines).map { $0 + "\n" }.joined(), to: registry)
        }
        guard ending == .exited(0) else {
            let errors = (DriverFiles.read(log) ?? "").split(separator: "\n").filter { $0.holds("error:") }.prefix(6)
            let hint = errors.contains { $0.holds("main.swift") }
                ? "\n(--swift names `Module.Type.definition`, a StateMachine<State, Event, SideEffect>.Definition whose State, Event and SideEffect are Codable, or `Module.function()`, a call that makes such a machine)"
                : ""
            return .failure(DriverError("the Swift harness that links \(module) does not build:\n\(errors.joined(separator: "\n"))\(hint)"))
        }
        let output = "\(folder)/bin-path"
        var options = ChildProcess.Options()
        options.standardOutput = output
        options.standardError = "/dev/null"
        options.newGroup = true
        _ = try ChildProcess.start(["swift", "build", "--package-path", "\(folder)/harness", "--scratch-path", scratch, "--show-bin-path"],
                                   options: options).wait()
        guard let path = DriverFiles.read(output)?.split(separator: "\n").first else {
            return .failure(DriverError("the Swift harness was built, but swift build does not say where"))
        }
        return .success("\(path)/StateMachineCompare")
    }

    /// The list of the machines the harness holds, one expression a line.
    var registry: String { "\(folder)/machines" }

    /// The module of an expression, `ComparePairs` of `ComparePairs.Matter.definition`.
    static func module(of expression: String) -> Substring {
        expression.prefix { $0 != "." }
    }

    /// Writes the harness's main file for `machines` (left as it is when it already says that, so that nothing is
    /// recompiled) and builds it.
    private func build(_ machines: [String], sources: String, scratch: String, log: String) throws(DriverError) -> ChildProcess.Ending {
        let entries = machines.map { machine in
            let make = machine.hasSuffix(")") ? "{ \(machine) }" : machine
            return "    \(HarnessPackage.literal(machine)): VerifyMain.compared(\(make)),"
        }
        let main = """
            // Written by statemachine compare.
            @testable import \(module)
            import StateMachineVerify

            VerifyMain.main(machines: [
            \(entries.joined(separator: "\n"))
            ])

            """
        if DriverFiles.read("\(sources)/main.swift") != main {
            try DriverFiles.write(main, to: "\(sources)/main.swift")
        }
        return try ChildProcess.run(["swift", "build", "--package-path", "\(folder)/harness", "--scratch-path", scratch], log: log)
    }
}

/// Where the two sides declare a name, for the comparison's report: the first line of the Kotlin files that declares
/// a class or object of that name, and the first `case` line of the Swift files that declares a case of that name.
struct SourceLocations {
    let kotlinFiles: [String]
    let swiftFolder: String

    func kotlin(_ declared: String) -> String? {
        let name = declared.split(separator: ".").last.map(String.init) ?? declared
        return first(in: kotlinFiles) { line in
            let words = Self.words(line)
            return zip(words, words.dropFirst()).contains { ($0 == "class" || $0 == "object") && $1 == name }
        }
    }

    func swift(_ name: String) -> String? {
        first(in: DriverFiles.files(under: swiftFolder, suffix: ".swift")) { line in
            let words = Self.words(line)
            guard let index = words.firstIndex(of: "case"), words.prefix(index).allSatisfy({ $0 == "indirect" }) else { return false }
            return words.dropFirst(index + 1).contains(name)
        }
    }

    private func first(in files: [String], where matches: (Substring) -> Bool) -> String? {
        for file in files {
            guard let text = DriverFiles.read(file) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where matches(line) {
                return "\(DriverFiles.baseName(file)):\(index + 1)"
            }
        }
        return nil
    }

    /// The identifiers of a line, up to a comment or a `(`, `=` or `:` after `case`'s names.
    private static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var word = ""
        for character in line {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if !word.isEmpty { words.append(word) }
                word = ""
                if character == "(" || character == "=" || character == "/" { break }
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
