import ArgumentParser
import StateMachineVerify

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `statemachine compare`: are a Swift machine and a Kotlin machine, each written by hand, alike
/// (`Docs/Comparing.md`, Spec/VERIFY.md V10)?
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare a Swift machine and a Kotlin machine written by hand, on generated event sequences.",
        discussion: """
            Both machines run on the same events, made from the Kotlin event type's cases and the Kotlin files' literals: \
            every sequence up to --depth events and --random sequences of up to --length events. Each event's outcome \
            (valid, with its states and side effect; invalid; failed), each call of the machine's listeners (onTransition, \
            onExit, onEnter) and the state each sequence starts and ends in are compared, with the names of each side paired by name or by --mapping. Each side runs contained, as port \
            --verify's do. Exit status: 0 they agree; 1 the first difference is printed; 2 the comparison could not run \
            (a name that cannot be paired, a side that does not build, both sides crashing at one event).
            """
    )

    @Option(name: .customLong("swift"), help: ArgumentHelp("The Swift machine: Module.Type.definition, or Module.makeMachine() (a call that makes one).", valueName: "expression"))
    var swiftMachine: String

    @Option(name: .customLong("swift-package"), help: ArgumentHelp("The Swift package that holds the module (default: the current folder; the plugin's package).", valueName: "folder"))
    var package = "."

    @Option(name: .customLong("kotlin"), help: ArgumentHelp("A Kotlin file or folder of the Kotlin machine (repeat for more).", valueName: "path"))
    var kotlinSources: [String] = []

    @Option(name: .customLong("kotlin-jar"), help: ArgumentHelp("A jar of compiled Kotlin that holds the machine (repeat for more).", valueName: "jar"))
    var kotlinJars: [String] = []

    @Option(name: .customLong("kotlin-machine"), help: ArgumentHelp("Owner.member: the class, object or file class (MachineKt) and the property or function that makes the Kotlin machine.", valueName: "name"))
    var kotlinMachine: String

    @Option(help: ArgumentHelp("A JSON file pairing Kotlin names with Swift ones: {\"states\": {\"Idle\": \"waiting\"}, \"events\": {\"InsertCoin\": {\"case\": \"insertCoin\", \"fields\": {\"amount\": \"cents\"}}}}.", valueName: "file"))
    var mapping: String?

    @Option(help: "The random sequences' seed.") var seed = 1
    @Option(help: "Every sequence of up to this many events, one value per event case.") var depth = 2
    @Option(help: "How many random sequences.") var random = 200
    @Option(help: "The most events of a random sequence.") var length = 8
    @Option(name: .customLong("time-limit"), help: "Seconds each sequence may take on each side.") var timeLimit = 10.0
    @Option(name: .customLong("memory-limit"), help: "Mebibytes each side may use.") var memoryLimit = 2048
    @Option(help: ArgumentHelp("Keep the comparison's files (sequences, traces) in this folder.", valueName: "folder")) var keep: String?

    func validate() throws {
        guard !kotlinSources.isEmpty || !kotlinJars.isEmpty else { throw ValidationError("give the Kotlin machine: --kotlin FILE-OR-FOLDER or --kotlin-jar JAR") }
        guard length > 0 else { throw ValidationError("--length takes a number above 0") }
        guard timeLimit > 0 else { throw ValidationError("--time-limit takes seconds above 0") }
        guard memoryLimit >= 64 else { throw ValidationError("--memory-limit takes 64 MiB or more") }
        for path in kotlinSources + kotlinJars + [package] + (mapping.map { [$0] } ?? []) where access(path, F_OK) != 0 {
            throw ValidationError("\(path) does not exist")
        }
    }

    func run() throws {
        var request = MachineComparison.Request()
        request.swiftMachine = swiftMachine
        request.package = VerifyCommandLine.absolute(package)
        request.kotlinSources = kotlinSources.map(VerifyCommandLine.absolute)
        request.kotlinJars = kotlinJars.map(VerifyCommandLine.absolute)
        request.kotlinMachine = kotlinMachine
        request.mapping = mapping.map(VerifyCommandLine.absolute)
        request.generation.seed = seed
        request.generation.depth = depth
        request.generation.random = random
        request.generation.length = length
        request.limits.secondsPerSequence = timeLimit
        request.limits.memoryMiB = memoryLimit
        request.keep = keep.map(VerifyCommandLine.absolute)
        throw ExitCode(VerifyCommandLine.compare(request, repository: Port.repository()))
    }
}
