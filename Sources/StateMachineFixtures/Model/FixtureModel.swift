/// The machine of a fixture, as data: `machine` in the file.
struct MachineTable: Sendable {
    let initialState: FixtureValue
    let states: [StateTable]
    /// Superstates and regions (schemaVersion 2); nil for a flat machine.
    var composition: CompositionTable? = nil
    /// `"runToCompletion": {"initialEvent": e}` (schemaVersion 2, R32–R34): the initial event;
    /// nil for a machine with Tinder's semantics.
    var initialEvent: FixtureValue? = nil
    /// `"onTransitionThrows": {"when": "valid" | "invalid", "message": m}` (schemaVersion 2, R39):
    /// an onTransition listener after the recording one that throws `m` for such a transition.
    var onTransitionThrows: ListenerThrow? = nil
}

/// An onTransition listener that throws (R39): for every valid, or every invalid, transition.
struct ListenerThrow: Sendable {
    enum Result: String, Sendable { case valid, invalid }
    let result: Result
    let message: String
}

/// One state definition: `{"state": matcher, "on": [...], "onEnterSend": v, "onExitSend": v}`.
struct StateTable: Sendable {
    let matcher: MatcherTable
    let handlers: [HandlerTable]
    let onEnterSend: FixtureValue?
    let onExitSend: FixtureValue?
    /// The delayed events, `"after"` (format 2, R18), in declaration order.
    var after: [TimerTable] = []
    /// The child machine of this definition's case (schemaVersion 2).
    var child: ChildTable? = nil
    /// Whether it is a final state, `"final": true` (schemaVersion 2, R27).
    var isFinal = false
    /// What the state does when its child reaches a final state, `"onDone"` (schemaVersion 2, R27).
    var onDone: ActionTable? = nil
    /// Its eventless transitions, `"always"` (schemaVersion 2, R33), in declaration order.
    var always: [EventlessTable] = []
    /// The definition's raise actions on entry and exit, `"onEnterRaise"` / `"onExitRaise"`
    /// (schemaVersion 2, R32, R36), in order; the recording listener records a call for each.
    var onEnterRaise: [FixtureValue] = []
    var onExitRaise: [FixtureValue] = []
    /// The definition's post actions on entry and exit, `"onEnterPost"` / `"onExitPost"`
    /// (schemaVersion 2, R37), in order, declared after its raise actions.
    var onEnterPost: [FixtureValue] = []
    var onExitPost: [FixtureValue] = []
}

/// An eventless transition, `{"where": condition, "do": action}` (R33); no `where`: always enabled.
struct EventlessTable: Sendable {
    let condition: Expression?
    let action: ActionTable
}

enum MatcherTable: Sendable {
    case caseName(String, where: Expression?)
    case eq(FixtureValue)
}

struct HandlerTable: Sendable {
    let event: MatcherTable
    let action: ActionTable
    /// A superstate handler's `"reenter": true` (R29).
    var reenter = false
}

indirect enum ActionTable: Sendable {
    case transition(Expression, emit: Expression?)
    case dontTransition(emit: Expression?)
    /// `{"stay": true}` (schemaVersion 2): a targetless transition, which exits and enters nothing (R35).
    case stay(emit: Expression?)
    case choice(Expression, then: ActionTable, else: ActionTable)
    case throwing(String)
    /// A history target (schemaVersion 2): the superstate or child-holding case named, or the
    /// default when it was never left.
    /// A history target; `shallow` for `"history": "shallow"` (R24).
    case history(String, default: Expression, emit: Expression?, shallow: Bool = false)
}

struct Scenario: Sendable {
    let name: String
    let start: FixtureValue?
    let steps: [Step]
    let finalState: FixtureValue
    /// Where the scenario is in the document, `scenarios[2]`.
    let path: DocumentPath
    /// The listener calls made when the scenario's machine is made, `"initialCalls"` (R34); `[]`
    /// when absent.
    var initialCalls: [Call] = []
}

enum Step: Sendable {
    case event(FixtureValue, expect: Outcome, calls: [Call])
    case with([StateTable])
    /// A restore step: a new machine restored in the saved state, with the saved history when
    /// the step has one (format 2), and the calls restoring made.
    case restore(FixtureValue, history: [RestoredHistory], calls: [Call])
    /// An advance step (format 2, R18): the manual clock moves forward by `milliseconds`; the
    /// results of the transitions the fired timers made, in firing order, and the calls.
    case advance(milliseconds: Int64, expect: [Outcome], calls: [Call])
}

/// What one transition gave, as the fixture writes it under `expect`.
enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case valid(from: FixtureValue, to: FixtureValue, sideEffect: FixtureValue?)
    case invalid(from: FixtureValue)
    case missingDefinition(state: FixtureValue)
    case thrown(message: String)
    case recursionDetected

    /// Canonical JSON, as compared and printed.
    var description: String {
        switch self {
        case let .valid(from, to, sideEffect):
            Canonical.object([("result", "\"valid\""), ("from", "\(from)"), ("to", "\(to)"), ("sideEffect", sideEffect?.description ?? "null")])
        case .invalid(let from):
            Canonical.object([("result", "\"invalid\""), ("from", "\(from)")])
        case .missingDefinition(let state):
            Canonical.object([("result", "\"error\""), ("error", "\"missingDefinition\""), ("state", "\(state)")])
        case .thrown(let message):
            Canonical.object([("result", "\"error\""), ("error", "\"thrown\""), ("message", Canonical.string(message))])
        case .recursionDetected:
            Canonical.object([("result", "\"error\""), ("error", "\"recursionDetected\"")])
        }
    }
}

/// One recorded listener call, as the fixture writes it under `calls`.
enum Call: Hashable, Sendable, CustomStringConvertible {
    case transitionValid(from: FixtureValue, event: FixtureValue, to: FixtureValue, sideEffect: FixtureValue?)
    case transitionInvalid(from: FixtureValue, event: FixtureValue)
    case exit(state: FixtureValue, cause: FixtureValue, level: String? = nil, superstate: String? = nil)
    case enter(state: FixtureValue, cause: FixtureValue, level: String? = nil, superstate: String? = nil)
    case send(event: FixtureValue, result: Outcome)
    /// The recording listener raised `event` (R32): queued, handled after the current step.
    case raise(event: FixtureValue)
    /// The recording listener posted `event` (R37): on the external queue, handled after the raised events.
    case post(event: FixtureValue)

    var description: String {
        switch self {
        case let .transitionValid(from, event, to, sideEffect):
            Canonical.object([("onTransition", Canonical.object([
                ("result", "\"valid\""), ("from", "\(from)"), ("event", "\(event)"), ("to", "\(to)"),
                ("sideEffect", sideEffect?.description ?? "null"),
            ]))])
        case let .transitionInvalid(from, event):
            Canonical.object([("onTransition", Canonical.object([("result", "\"invalid\""), ("from", "\(from)"), ("event", "\(event)")]))])
        case let .exit(state, cause, level, superstate):
            Canonical.object([("onExit", Canonical.object(Self.listenerFields(state, cause, level, superstate)))])
        case let .enter(state, cause, level, superstate):
            Canonical.object([("onEnter", Canonical.object(Self.listenerFields(state, cause, level, superstate)))])
        case let .send(event, result):
            Canonical.object([("send", Canonical.object([("event", "\(event)"), ("result", "\(result)")]))])
        case .raise(let event):
            Canonical.object([("raise", Canonical.object([("event", "\(event)")]))])
        case .post(let event):
            Canonical.object([("post", Canonical.object([("event", "\(event)")]))])
        }
    }
}

extension Call {

    /// The fields of an onExit / onEnter record, in canonical order; `level` and `superstate`
    /// only when set (schemaVersion 2).
    static func listenerFields(_ state: FixtureValue, _ cause: FixtureValue, _ level: String?, _ superstate: String?) -> [(String, String)] {
        var fields = [("cause", "\(cause)")]
        if let level { fields.append(("level", Canonical.string(level))) }
        fields.append(("state", "\(state)"))
        if let superstate { fields.append(("superstate", Canonical.string(superstate))) }
        return fields
    }
}
