import StateMachine
import StateMachineFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of a ported machine on the event sequences its Kotlin original was sent (`statemachine port --verify`),
/// writing what the port does as the lines the Kotlin runner writes:
///
/// ```text
/// # sequence 3
/// > {"insertCoin":{"value":30}}
/// call logger.d("Turnstile", "credit 30")
/// print unlocked by insertCoin
/// = valid {"locked":{"credit":0}} -> {"unlocked":{}} / {"openDoors":{}}
/// ```
///
/// Each line is written to the trace file as soon as it is known, so that a run the port stops (a `fatalError` of a
/// part the porter did not port) leaves what came before; the driver starts it again at the next sequence.
public final class VerifyRun {
    /// What the port's owner gives: the properties and function results of the Kotlin owner, and its stubs' calls.
    public let context: VerifyContext
    let sequences: [[FixtureValue.Field]]
    let first: Int
    let trace: VerifyTraceFile

    /// The names of the Kotlin machine's values on the Swift side and back (a comparison; the same names for a port).
    let names: VerifyNamePairs

    init(sequences: [[FixtureValue.Field]], context: VerifyContext, first: Int, trace: VerifyTraceFile, names: VerifyNamePairs = .same) {
        self.sequences = sequences
        self.context = context
        self.first = first
        self.trace = trace
        self.names = names
    }

    /// Sends every sequence from the first one this run starts at, each to a fresh machine that `make` returns.
    public func sequences<State, Event, SideEffect>(
        event: (FixtureValue.Field) throws -> Event,
        make: (VerifyContext) -> StateMachine<State, Event, SideEffect>
    ) {
        VerifyContext.current = context
        for index in sequences.indices where index >= first {
            trace.write("# sequence \(index + 1)")
            context.startSequence(index + 1)
            context.calls.removeAll()
            // The stubs' answers count from 0 in each sequence, again once the machine is made (the Kotlin owner
            // makes other calls, or none, while it is made).
            context.restartAnswers()
            let machine = make(context)
            context.restartAnswers()
            for (position, field) in sequences[index].enumerated() {
                trace.write("> \(field)")
                let decoded: Event
                do {
                    decoded = try event(field)
                } catch {
                    trace.write("= stop the port's Event has no value for \(field): \(error)")
                    break
                }
                let (transition, printed, exceeded) = VerifyOutput.capture { machine.tryTransition(decoded) }
                context.flush(to: trace)
                if exceeded {
                    trace.write("= output limit")
                    break
                }
                printed.forEach { trace.write("print \($0)") }
                trace.write(Self.outcome(transition))
                noteThrown(transition, sequence: index + 1, event: position + 1)
            }
        }
    }

    /// The kinds of error the port threw so far, each noted once.
    private var thrownKinds: Set<String> = []

    /// Notes what a handler threw, once per kind of error (Spec/VERIFY.md, V6): the trace says only `= error thrown`,
    /// as the Kotlin's does, and the report says what each side threw where the two differ.
    func noteThrown<State, Event, SideEffect>(_ transition: StateMachine<State, Event, SideEffect>.Transition, sequence: Int, event: Int) {
        guard case .failed(let error) = transition, !(error is StateMachine<State, Event, SideEffect>.MissingDefinitionError) else { return }
        let kind = String(describing: type(of: error))
        guard thrownKinds.insert(kind).inserted else { return }
        trace.note("thrown: the Swift port threw \(kind): \(error), first in sequence \(sequence) at event \(event)")
    }

    static func outcome<State, Event, SideEffect>(_ transition: StateMachine<State, Event, SideEffect>.Transition) -> String {
        switch transition {
        case .valid(let valid):
            "= valid \(verifyRender(valid.fromState)) -> \(verifyRender(valid.toState)) / \(verifyRender(valid.sideEffect))"
        case .invalid(let invalid):
            "= invalid \(verifyRender(invalid.fromState))"
        case .failed(let error):
            error is StateMachine<State, Event, SideEffect>.MissingDefinitionError ? "= error missing definition" : "= error thrown"
        }
    }
}

/// The value as the fixture format writes it (as the Kotlin runner writes it); `?` when it has none there, which
/// the Kotlin runner writes for the same values.
public func verifyRender<T>(_ value: T) -> String {
    if T.self == Void.self { return "()" }
    // No value is `null` whatever the type, as the Kotlin runner writes it: a side effect of a type without cases,
    // which is not Encodable, is no side effect.
    if let optional = value as? any VerifyOptional, optional.isNone { return "null" }
    if let encodable = value as? any Encodable {
        return (try? FixtureValueCoding.encode(encodable))?.description ?? "?"
    }
    return "?"
}

/// An optional value of any type, to tell `nil` from a value without a fixture form.
protocol VerifyOptional {
    var isNone: Bool { get }
}

extension Optional: VerifyOptional {
    var isNone: Bool { self == nil }
}

/// Stops the sequence: a stub cannot answer (the Kotlin stub stopped at the same call). The run goes on with the next
/// sequence.
public func verifyStop(_ reason: String) -> Never {
    VerifyContext.current?.stop(reason)
    exit(VerifyMain.stoppedStatus)
}
