import StateMachine
import StateMachineFixtures

extension VerifyRun {
    /// Sends every sequence to a fresh machine made from `definition`, a Swift machine written by hand, and writes
    /// what it does as a comparison does (Spec/VERIFY.md, V10): the state each sequence starts in, each event's
    /// listener calls and outcome, and the state it ends in, with the names of the Kotlin machine's values
    /// (``VerifyNames``).
    public func compare<State: Encodable, Event: Decodable, SideEffect>(
        _ definition: StateMachine<State, Event, SideEffect>.Definition
    ) {
        let probed = definition.probingListeners { [self] call in trace.write(line(call)) }
        run { StateMachine(definition: probed) }
    }

    /// The same, for a machine that `make` makes afresh for each sequence.
    public func compare<State: Encodable, Event: Decodable, SideEffect>(_ make: () -> StateMachine<State, Event, SideEffect>) {
        run { make().probingListeners { [self] call in trace.write(line(call)) } }
    }

    private func run<State: Encodable, Event: Decodable, SideEffect>(_ make: () -> StateMachine<State, Event, SideEffect>) {
        VerifyContext.current = context
        for index in sequences.indices where index >= first {
            trace.write("# sequence \(index + 1)")
            let machine = make()
            trace.write("= start \(render(machine.state))")
            var ended = false
            for field in sequences[index] {
                trace.write("> \(field)")
                let decoded: Event
                do {
                    decoded = try FixtureValueCoding.decode(Event.self, from: names.toSwift.rename(field))
                } catch {
                    trace.write("= stop the Swift Event has no value for \(field): \(error)")
                    ended = true
                    break
                }
                let (transition, _, exceeded) = VerifyOutput.capture { machine.tryTransition(decoded) }
                if exceeded {
                    trace.write("= output limit")
                    ended = true
                    break
                }
                trace.write(outcome(transition))
            }
            if !ended { trace.write("= final \(render(machine.state))") }
        }
    }

    /// A listener call's line, with the Kotlin listener's name: `listener onEnter {"loggedIn":{"username":"a"}}`.
    private func line<State, Event, SideEffect>(_ call: StateMachine<State, Event, SideEffect>.Definition.ListenerCall) -> String {
        switch call {
        case .onTransition: "listener onTransition"
        case .onExit(let state, _): "listener onExit \(render(state))"
        case .onEnter(let state, _): "listener onEnter \(render(state))"
        }
    }

    private func outcome<State, Event, SideEffect>(_ transition: StateMachine<State, Event, SideEffect>.Transition) -> String {
        switch transition {
        case .valid(let valid):
            "= valid \(render(valid.fromState)) -> \(render(valid.toState)) / \(render(valid.sideEffect))"
        case .invalid(let invalid):
            "= invalid \(render(invalid.fromState))"
        case .failed(let error):
            error is StateMachine<State, Event, SideEffect>.MissingDefinitionError ? "= error missing definition" : "= error thrown"
        }
    }

    /// `value` in its fixture form with the Kotlin machine's names; `?` when it has none.
    private func render<T>(_ value: T) -> String {
        if let encodable = value as? any Encodable, let field = try? FixtureValueCoding.encode(encodable) {
            return names.toKotlin.rename(field).description
        }
        return "?"
    }
}

/// The names both ways: what the driver paired and the user's mapping said (`names.json` of a comparison's folder).
public struct VerifyNamePairs: Sendable {
    public let toSwift: VerifyNames
    public let toKotlin: VerifyNames

    public static let same = VerifyNamePairs(toSwift: .same, toKotlin: .same)

    public init(toSwift: VerifyNames, toKotlin: VerifyNames) {
        self.toSwift = toSwift
        self.toKotlin = toKotlin
    }
}
