import StateMachineFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.count) {
        case ("run", 3...):
            guard let port = ports[arguments[1]] else { fail("no port named \(arguments[1]) in this harness") }
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
            port(VerifyRun(sequences: sequences, context: VerifyContext(context, trace: trace), first: first, trace: trace))
            exit(0)
        default:
            fail("usage: harness run PORT FOLDER [--from N]")
        }
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
