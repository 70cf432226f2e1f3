import StateMachine
import StateMachineFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A machine of a harness: how it runs on the sequences, and the shapes of its types (a comparison's; `null` for a port).
public struct VerifyMachine {
    let run: (VerifyRun) -> Void
    let shapes: () -> String

    public init(run: @escaping (VerifyRun) -> Void, shapes: @escaping () -> String) {
        self.run = run
        self.shapes = shapes
    }
}

/// The entry point of a verification harness (written by `statemachine port --verify`, Spec/VERIFY.md):
///
///     harness run PORT FOLDER [--from N]   # runs PORT on FOLDER/sequences.json, appending to FOLDER/swift.trace
///
/// It exits 0 when every sequence ran, ``stoppedStatus`` after a sequence a stub stopped (the driver starts it again
/// at the next one), 2 when it cannot read its files, and with the port's own status or signal when the port stopped
/// the process (a `fatalError`, a crash, an `exit`).
public enum VerifyMain {
    /// The exit status of a run that a stub stopped (V8).
    public static let stoppedStatus: Int32 = 86

    public static func main(ports: [String: (VerifyRun) -> Void]) -> Never {
        main(machines: ports.mapValues { VerifyMachine(run: $0, shapes: { "null" }) })
    }

    /// The entry point of a comparison's harness: `harness run NAME FOLDER [--from N]` as for ports, and
    /// `harness shape NAME`, which prints the cases and fields of the machine's types (Spec/VERIFY.md, V10).
    public static func main(machines: [String: VerifyMachine]) -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.count) {
        case ("shape", 2):
            guard let machine = machines[arguments[1]] else { fail("no machine named \(arguments[1]) in this harness") }
            print(machine.shapes())
            exit(0)
        case ("run", 3...):
            guard let port = machines[arguments[1]]?.run else { fail("no port named \(arguments[1]) in this harness") }
            let folder = arguments[2]
            let first = arguments.firstIndex(of: "--from").flatMap { Int(arguments[$0 + 1]) } ?? 0
            guard let trace = VerifyTraceFile(path: folder + "/swift.trace", append: first > 0) else {
                fail("cannot write \(folder)/swift.trace")
            }
            let sequences: [[FixtureValue.Field]]
            let context: FixtureValue.Field
            do {
                guard case .list(let lists) = try FixtureValueCoding.field(json: read(folder + "/sequences.json"), file: "sequences.json") else {
                    fail("sequences.json is not a list of sequences")
                }
                sequences = lists.map { if case .list(let events) = $0 { events } else { [] } }
                context = try FixtureValueCoding.field(json: read(folder + "/context.json"), file: "context.json")
            } catch {
                fail("\(error)")
            }
            var names = VerifyNamePairs.same
            if access(folder + "/names.json", F_OK) == 0 {
                do {
                    names = try VerifyNamePairs(json: read(folder + "/names.json"))
                } catch {
                    fail("\(error)")
                }
            }
            port(VerifyRun(sequences: sequences, context: VerifyContext(context, trace: trace), first: first, trace: trace, names: names))
            exit(0)
        default:
            fail("usage: harness run PORT FOLDER [--from N]")
        }
    }

    /// A Swift machine written by hand that a comparison runs (`statemachine compare`): made from its definition.
    public static func compared<State: Codable, Event: Codable, SideEffect: Codable>(
        _ definition: StateMachine<State, Event, SideEffect>.Definition
    ) -> VerifyMachine {
        VerifyMachine(run: { $0.compare(definition) }, shapes: { shapes(State.self, Event.self, SideEffect.self) })
    }

    /// The same, for a machine that `make` makes.
    public static func compared<State: Codable, Event: Codable, SideEffect: Codable>(
        _ make: @escaping () -> StateMachine<State, Event, SideEffect>
    ) -> VerifyMachine {
        VerifyMachine(run: { $0.compare(make) }, shapes: { shapes(State.self, Event.self, SideEffect.self) })
    }

    static func shapes<State: Decodable, Event: Decodable, SideEffect: Decodable>(_: State.Type, _: Event.Type, _: SideEffect.Type) -> String {
        """
        {"state": \(VerifyShape.json(VerifyShape.read(State.self))), "event": \(VerifyShape.json(VerifyShape.read(Event.self))), \
        "sideEffect": \(VerifyShape.json(VerifyShape.read(SideEffect.self)))}
        """
    }

    static func read(_ path: String) -> String {
        do {
            return String(decoding: try FileSystem.contents(of: path), as: UTF8.self)
        } catch {
            fail("cannot read \(path): \(error.reason)")
        }
    }

    static func fail(_ message: String) -> Never {
        let text = Array("verify: \(message)\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(2)
    }
}
