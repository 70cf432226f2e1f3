#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateMachine
import StateMachineFixtures

/// The Kotlin machine a comparison runs: its source files (compiled against this project's Tinder-compatible library)
/// or jars, and `Owner.member`, the class, object or file class (`MachineKt`) and the property or function that makes it.
public struct KotlinMachine: Sendable {
    public var sources: [String]
    public var jars: [String]
    public var machine: String

    /// Kotlin files or folders of them: `.sources("../android/app/src/main/java/com/example/turnstile", machine: "TurnstileStateMachine.stateMachine")`.
    public static func sources(_ paths: String..., machine: String) -> KotlinMachine {
        KotlinMachine(sources: paths, jars: [], machine: machine)
    }

    /// Jars of compiled Kotlin: `.jars("build/libs/turnstile.jar", machine: "com.example.TurnstileStateMachine.stateMachine")`.
    public static func jars(_ paths: String..., machine: String) -> KotlinMachine {
        KotlinMachine(sources: [], jars: paths, machine: machine)
    }
}

/// How a comparison generates its sequences and contains the Kotlin side (as `statemachine compare`'s options).
public struct ComparisonOptions: Sendable {
    public var seed = 1
    public var depth = 2
    public var random = 200
    public var length = 8
    /// Seconds each sequence may take on the Kotlin side.
    public var timeLimit = 10.0
    /// Mebibytes the Kotlin side may use.
    public var memoryLimit = 2048
    /// A folder to keep the comparison's files in (sequences, traces).
    public var keep: String?

    public init() {}
}

/// What a comparison found: agreement, the first difference, or why it could not run; `description` is the report.
public struct MachineComparisonResult: Sendable, CustomStringConvertible {
    /// 0 the machines agree, 1 they differ, 2 the comparison could not run (as `statemachine compare`'s exit status).
    public let status: Int32
    public let description: String

    public var agrees: Bool { status == 0 }
}

/// Runs `definition` and the Kotlin machine on the same generated event sequences and compares what they do: each
/// event's outcome, the listener calls and the state each sequence starts and ends in (`Docs/Comparing.md`). The Kotlin runs in processes
/// of its own, contained; the Swift machine runs in this process, so call this from a test.
///
/// ```swift
/// @Test func androidTurnstileAgrees() {
///     let result = compareMachines(Turnstile.definition,
///                                  withKotlin: .sources("../android/turnstile/src", machine: "TurnstileStateMachine.stateMachine"),
///                                  mapping: "turnstile.mapping.json")
///     #expect(result.agrees, "\(result)")
/// }
/// ```
///
/// - Parameters:
///   - mapping: a JSON file that pairs the Kotlin names with the Swift ones, where they differ.
/// - Returns: the result; relative paths are read from the current folder (a test's is its package's).
public func compareMachines<State: Codable, Event: Codable, SideEffect: Codable>(
    _ definition: StateMachine<State, Event, SideEffect>.Definition,
    withKotlin kotlin: KotlinMachine,
    mapping: String? = nil,
    options: ComparisonOptions = .init()
) -> MachineComparisonResult {
    var request = MachineComparison.Request()
    request.package = DriverFiles.absolute(".")
    request.kotlinSources = kotlin.sources.map(DriverFiles.absolute)
    request.kotlinJars = kotlin.jars.map(DriverFiles.absolute)
    request.kotlinMachine = kotlin.machine
    request.mapping = mapping.map(DriverFiles.absolute)
    request.generation.seed = options.seed
    request.generation.depth = options.depth
    request.generation.random = options.random
    request.generation.length = options.length
    request.limits.secondsPerSequence = options.timeLimit
    request.limits.memoryMiB = options.memoryLimit
    request.keep = options.keep.map(DriverFiles.absolute)
    let work: String
    do {
        work = try DriverFiles.temporaryFolder("statemachine-compare")
    } catch {
        return MachineComparisonResult(status: 2, description: "compare: could not run: \(error)")
    }
    defer { DriverFiles.remove(work) }
    let comparison = MachineComparison(repository: DriverFiles.repository, request: request, work: work)
    do {
        let kotlinShapes = try comparison.runKotlin()
        let notes = try comparison.pair(kotlin: kotlinShapes, swiftShapes: VerifyMain.shapes(State.self, Event.self, SideEffect.self))
        let folder = comparison.folder
        guard let text = DriverFiles.read("\(folder)/sequences.json"), case .list(let lists) = try FixtureValueCoding.field(json: text, file: "sequences.json"),
              let trace = VerifyTraceFile(path: "\(folder)/swift.trace", append: false) else {
            return MachineComparisonResult(status: 2, description: "compare: could not run: the Kotlin runner's sequences could not be read")
        }
        let names = try VerifyNamePairs(json: DriverFiles.read("\(folder)/names.json") ?? "")
        let run = VerifyRun(sequences: lists.map { if case .list(let events) = $0 { events } else { [] } },
                            context: VerifyContext(.list([]), trace: trace), first: 0, trace: trace, names: names)
        // The Swift side's record (`VerifyContext.current`) is one per process: tests that compare in parallel take turns
        // here, while their Kotlin sides run side by side.
        swiftSideTurn.run { run.compare(definition) }
        let outcome = comparison.verdict(notes)
        return MachineComparisonResult(status: outcome.status, description: outcome.report)
    } catch let stop as MachineComparison.Stop {
        return MachineComparisonResult(status: 2, description: stop.report)
    } catch {
        return MachineComparisonResult(status: 2, description: "compare: could not run: \(error)")
    }
}

/// One comparison's Swift side at a time in a process (a mutex of its own, so the module needs no Foundation).
private final class SwiftSideTurn: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    func run(_ body: () -> Void) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        body()
    }
}

private let swiftSideTurn = SwiftSideTurn()
