// Ported from LoggingListeners.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum DoorLog: StateMachineBuilder {

    typealias State = Door
    typealias Event = Push
    typealias SideEffect = Sound

    enum Door: StateMachineHashable, Codable, Equatable {
        case closed
        case `open`

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Closed`, `Open` (not a data class or data object) as an identity that changes from
        /// run to run (`Closed@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case .closed: "Closed"
            case .`open`: "Open"
            }
        }
    }

    enum Push: StateMachineHashable, Codable, Equatable {
        case knob
        case kick(force: Int)

        enum HashableIdentifier: String { case knob, kick }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Knob` (not a data class or data object) as an identity that changes from run to run
        /// (`Knob@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case .knob: "Knob"
            case let .kick(force): "Kick(force=\(force))"
            }
        }
    }

    enum Sound: Codable, Equatable {
        case creak
        case bang(volume: Int)

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .creak: "Creak"
            case .bang: "Bang"
            }
        }
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Sink {
        func accept(_ p1: Sound)
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol KLogger {
        func debug(_ p1: @escaping () -> String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var sink: any Sink { get }
        var log: (String) -> Void { get }
        var logger: any KLogger { get }
        func audit(_ transition: Result<StateMachine<State, Event, SideEffect>.Transition.Valid, any Error>)
    }

    /// Kotlin's `DoorLog.loud`, ported.
    private static func loud(_ force: Int) -> Bool {
        force > 5
    }

    /// Kotlin's `DoorLog.remember`, ported: it reads the class's properties on `context`.
    private static func remember(_ context: some Collaborators, _ sound: Sound) {
        context.log("remembered " + sound.simpleName)
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                on(.knob) { transition(to: .`open`, emit: .creak) }
                on(.kick) { _, event in
                    guard case let .kick(force) = event else { preconditionFailure() }
                    if loud(force) {
                        return transition(to: .`open`, emit: .bang(volume: force * 2))
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.`open`) {
                on(.knob) { transition(to: .closed) }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                print("door: " + valid.toState.kotlinText)
                if let sideEffect = valid.sideEffect {
                    context.sink.accept(sideEffect)
                }
                if let sideEffect = valid.sideEffect {
                    remember(context, sideEffect)
                }
                context.log("effect " + (valid.sideEffect?.simpleName ?? "null"))
                if valid.sideEffect != nil {
                    let sound = valid.sideEffect!
                    switch sound {
                    case let .bang(volume):
                        context.log("bang at " + String(describing: volume))
                    case .creak:
                        context.log("creak")
                    }
                }
            }
            onTransition { result in
                let transition: (fromState: State, event: Event)
                switch result {
                case .success(let valid): transition = (valid.fromState, valid.event)
                case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid): transition = (invalid.fromState, invalid.event)
                case .failure: return // a handler threw: Kotlin calls no listener
                }
                context.logger.debug { "from \(transition.fromState.kotlinText) on \(transition.event.kotlinText)" }
                context.audit(result)
            }
        }
    }
}
