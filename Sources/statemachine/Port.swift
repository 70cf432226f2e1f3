import ArgumentParser
import StateMachineCommandSupport
import StateMachineVerify

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `statemachine port <Machine.kt | folder>... [-o Machine.swift] [--name SwiftName]`: the Kotlin-to-Swift porter
/// (`scripts/port-kotlin`, which runs on the JVM), with the same arguments, output and exit status.
struct Port: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Port a Tinder-style Kotlin state machine (files or a folder) to the Swift DSL.",
        discussion: """
            Runs the porter of this repository (scripts/port-kotlin; STATEMACHINE_PORT_KOTLIN names another one), which \
            installs its Kotlin compiler on first use. The Swift is type-checked against the library: exit status 0 means \
            the port is complete and compiles; 1 the Swift output needs a hand (each place is a warning \
            file:line:column); 2 nothing was written: the input could not be ported (a located error), and also for \
            usage and path errors. With --verify, the port is also run beside the Kotlin on generated event sequences: \
            0 they agree, 1 the first difference is printed, 2 the verification could not run. \(ExitStatus.reference)
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "Kotlin files or folders, then -o FILE, --name NAME (see --help of the porter).")
    var arguments: [String] = []

    func run() throws {
        if arguments.contains("--verify") {
            throw ExitCode(VerifyCommandLine.run(arguments, repository: Port.repository()))
        }
        let script = Port.porterScript()
        guard access(script, X_OK) == 0 else {
            var standardError = StandardError()
            print("statemachine port: error: the porter \(script) is not there or not executable", to: &standardError)
            throw ExitStatus.nothingWritten
        }
        let argv = ["bash", script] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv("/bin/bash", &cArguments)
        var standardError = StandardError()
        print("statemachine port: error: could not run \(script): errno \(errno)", to: &standardError)
        throw ExitStatus.nothingWritten
    }

    /// `STATEMACHINE_PORT_KOTLIN`, or `scripts/port-kotlin` of the repository this command was built from.
    static func porterScript() -> String {
        if let value = getenv("STATEMACHINE_PORT_KOTLIN") { return String(cString: value) }
        return repository() + "/scripts/port-kotlin"
    }

    /// The checkout this command was built from: its scripts and library.
    static func repository() -> String {
        var path = "\(#filePath)"
        for _ in 0..<3 {
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return path
    }
}
