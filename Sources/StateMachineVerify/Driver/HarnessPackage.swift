#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Swift side's executable: one package holding every port of a run with its harness, built beside this
/// repository's library (`StateMachineVerify`), so that many ports cost one build.
struct HarnessPackage {
    struct Entry {
        let job: String
        /// The Swift type the port declares (its files are named after it).
        let swiftName: String
        let port: String
        let harness: String
    }

    let repository: String
    let folder: String

    /// The package's build folder, kept between runs so that only what changed is built again.
    var scratch: String { "\(repository)/.build-verify" }

    /// Writes the package for `entries` and builds it. Returns the executable and the entries that built; an entry
    /// whose files do not compile is left out, with the compiler's first errors.
    func build(_ entries: [Entry], log: String) throws(DriverError) -> (executable: String?, refused: [(Entry, String)]) {
        // One verification at a time builds in the shared build folder (the package manager's own lock is in the
        // temporary folder, which each run has to itself).
        try DriverFiles.makeFolder(scratch)
        let lock = open("\(scratch)/verify.lock", O_CREAT | O_RDWR, 0o644)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        var kept = entries
        var refused: [(Entry, String)] = []
        for attempt in 0..<2 {
            try write(kept)
            let ending = try ChildProcess.run(["swift", "build", "--package-path", folder, "--scratch-path", scratch], log: log)
            if ending == .exited(0) { return (try privateCopy(of: executable()), refused) }
            let text = DriverFiles.read(log) ?? ""
            let errors = text.split(separator: "\n").filter { $0.holds(": error") }
            let broken = kept.filter { entry in errors.contains { $0.holds("Sources/PortVerify/\(entry.swiftName).swift:") || $0.holds("Sources/PortVerify/\(entry.swiftName)+Verification.swift:") } }
            if attempt == 1 || broken.isEmpty {
                let reason = errors.prefix(10).joined(separator: "\n")
                return (nil, refused + kept.map { ($0, "the Swift harness does not build:\n\(reason)") })
            }
            for entry in broken {
                let lines = errors.filter { $0.holds("PortVerify/\(entry.swiftName).swift:") || $0.holds("PortVerify/\(entry.swiftName)+Verification.swift:") }
                    .prefix(3).map { String($0).after("Sources/PortVerify/") }
                refused.append((entry, "the harness of the port does not build:\n\(lines.joined(separator: "\n"))"))
            }
            kept.removeAll { entry in broken.contains { $0.job == entry.job } }
            if kept.isEmpty { return (nil, refused) }
        }
        return (nil, refused)
    }

    private func write(_ entries: [Entry]) throws(DriverError) {
        let sources = "\(folder)/Sources/PortVerify"
        DriverFiles.remove(sources)
        try DriverFiles.makeFolder(sources)
        let identity = DriverFiles.baseName(repository).lowercased()
        try DriverFiles.write("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "PortVerify",
                dependencies: [.package(path: \(Self.literal(repository)))],
                targets: [
                    .executableTarget(
                        name: "PortVerify",
                        dependencies: [.product(name: "StateMachineVerify", package: \(Self.literal(identity)))],
                        swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
                    ),
                ]
            )

            """, to: "\(folder)/Package.swift")
        var main = "import StateMachineVerify\n\nVerifyMain.main(ports: [\n"
        for entry in entries {
            try DriverFiles.copy(entry.port, to: "\(sources)/\(entry.swiftName).swift")
            try DriverFiles.copy(entry.harness, to: "\(sources)/\(entry.swiftName)+Verification.swift")
            main += "    \(Self.literal(entry.job)): \(entry.swiftName).Verification.run,\n"
        }
        main += "])\n"
        try DriverFiles.write(main, to: "\(sources)/main.swift")
    }

    private func executable() throws(DriverError) -> String {
        let output = "\(folder)/bin-path"
        var options = ChildProcess.Options()
        options.standardOutput = output
        options.standardError = "/dev/null"
        options.newGroup = true
        let ending = try ChildProcess.start(["swift", "build", "--package-path", folder, "--scratch-path", scratch, "--show-bin-path"],
                                            options: options).wait().ending
        guard ending == .exited(0), let path = DriverFiles.read(output)?.split(separator: "\n").first else {
            throw DriverError("the Swift harness was built, but swift build does not say where")
        }
        return "\(path)/PortVerify"
    }

    /// The built executable, copied into this run's folder while the lock is held: the shared build folder's one is
    /// replaced by the next verification's build, which may come while this run's ports still run.
    private func privateCopy(of executable: String) throws(DriverError) -> String {
        let copy = "\(folder)/PortVerify"
        guard try ChildProcess.run(["cp", executable, copy]) == .exited(0) else {
            throw DriverError("the Swift harness was built, but it cannot be copied to \(copy)")
        }
        return copy
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
