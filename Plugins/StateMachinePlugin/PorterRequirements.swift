import Foundation
import PackagePlugin

/// What `statemachine port` needs and a plugin does not install: the porter (`scripts/port-kotlin` of this
/// package's checkout) runs on Java 17 or later with a Kotlin 2.x compiler, either the one pinned in
/// `scripts/kotlin-env` (installed once with pip) or the user's own (`KOTLIN_COMPILER_JAR`).
///
/// Checked before the porter runs, so that a missing piece is named with the command that supplies it rather
/// than met halfway (a plugin cannot install packages, and on macOS its sandbox allows no download).
struct PorterRequirements {
    /// The environment to run the porter with: `$JAVA_HOME/bin` first on `PATH` when `JAVA_HOME` is set, and
    /// the porter's compiled classes kept in the plugin's own folder (`KOTLIN_BUILD_DIR`) unless set.
    let environment: [String: String]

    init(context: PluginContext) throws {
        var environment = ProcessInfo.processInfo.environment
        guard environment["STATEMACHINE_PORT_KOTLIN"] == nil else {
            self.environment = environment
            return
        }
        guard let checkout = Self.statemachinePackage(from: context.package)?.directoryURL else {
            throw PluginUsageError("statemachine port: the StateMachine package is not among the dependencies of \(context.package.displayName)")
        }
        if let javaHome = environment["JAVA_HOME"] {
            environment["PATH"] = "\(javaHome)/bin:\(environment["PATH"] ?? "/usr/bin:/bin")"
        }
        let problems = [Self.javaProblem(environment), Self.compilerProblem(environment, checkout: checkout)].compactMap { $0 }
        guard problems.isEmpty else {
            throw PluginUsageError(
                "statemachine port runs the Kotlin porter on the JVM, and it cannot run here:\n"
                    + problems.map { "  - " + $0 }.joined(separator: "\n")
            )
        }
        if environment["KOTLIN_BUILD_DIR"] == nil {
            environment["KOTLIN_BUILD_DIR"] = context.pluginWorkDirectoryURL.appending(path: "kotlin").path
        }
        self.environment = environment
    }

    /// The package that provides this plugin: the one with the `statemachine` executable, found among the
    /// dependencies (or the package itself, when the plugin runs in this repository).
    private static func statemachinePackage(from root: Package) -> Package? {
        var queue = [root]
        var seen = Set<String>()
        while let package = queue.popLast() {
            guard seen.insert(package.id).inserted else { continue }
            if package.displayName == "StateMachine",
                package.products.contains(where: { $0.name == "statemachine" && $0 is ExecutableProduct })
            {
                return package
            }
            queue += package.dependencies.map(\.package)
        }
        return nil
    }

    /// Why the Java of `JAVA_HOME`, or else the first on `PATH`, cannot run the porter, or nil when it can.
    private static func javaProblem(_ environment: [String: String]) -> String? {
        let install = "install Java 17 or later (Debian/Ubuntu: apt-get install openjdk-17-jre-headless; macOS: brew install openjdk@17) or set JAVA_HOME"
        let java: String
        if let javaHome = environment["JAVA_HOME"] {
            java = javaHome + "/bin/java"
            guard FileManager.default.isExecutableFile(atPath: java) else { return "no java in JAVA_HOME (\(java)): \(install)" }
        } else {
            let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
            guard let found = folders.map({ $0 + "/java" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                return "no java on PATH: \(install)"
            }
            java = found
        }
        guard let major = javaMajorVersion(java) else {
            return "\(java) -version did not say its version: \(install)"
        }
        return major >= 17 ? nil : "\(java) is Java \(major): \(install)"
    }

    /// The major version `java -version` prints (`"17.0.15"` is 17, `"1.8.0_292"` is 8), or nil.
    private static func javaMajorVersion(_ java: String) -> Int? {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: java)
        process.arguments = ["-version"]
        process.standardError = output
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let start = text.firstIndex(of: "\"") else { return nil }
        let parts = text[text.index(after: start)...].prefix { $0 != "\"" }.split(separator: ".")
        guard let first = parts.first.flatMap({ Int($0) }) else { return nil }
        return first == 1 ? parts.dropFirst().first.flatMap { Int($0) } : first
    }

    /// Why no Kotlin compiler is at hand, or nil: `KOTLIN_COMPILER_JAR` names a file, or the compiler pinned in
    /// the checkout's `scripts/kotlin-env` is installed in its `.build-kotlin/toolchain`.
    private static func compilerProblem(_ environment: [String: String], checkout: URL) -> String? {
        if let jars = environment["KOTLIN_COMPILER_JAR"] {
            let first = String(jars.split(separator: ":").first ?? "")
            return FileManager.default.fileExists(atPath: first) ? nil : "KOTLIN_COMPILER_JAR names \(first), which does not exist"
        }
        let scripts = checkout.appending(path: "scripts")
        let pinned = (try? String(contentsOf: scripts.appending(path: "kotlin-env"), encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("KOTLIN_KERNEL_VERSION=") }?
            .dropFirst("KOTLIN_KERNEL_VERSION=".count)
        if let pinned,
            FileManager.default.fileExists(atPath: checkout.appending(path: ".build-kotlin/toolchain/\(pinned).installed").path)
        {
            return nil
        }
        return """
            no Kotlin compiler: install the one the porter pins once (pip downloads about 80 MB) and build the porter:
                  bash \(scripts.appending(path: "port-kotlin").path) --help
                or use your own Kotlin 2.x compiler: KOTLIN_COMPILER_JAR=path/to/kotlin-compiler-embeddable.jar (see the porting guide)
            """
    }
}
