// Ported from EnumClassTypes.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum GarageDoorController: StateMachineBuilder {

    typealias State = DoorState
    typealias Event = DoorEvent
    typealias SideEffect = DoorSound

    enum DoorState: StateMachineHashable, Codable, Equatable {
        case closed
        case opened
        case locked
        case broken

        var label: String {
            switch self {
            case .closed: "closed"
            case .opened: "open"
            case .locked: "locked"
            case .broken: "broken"
            }
        }

        var terminal: Bool {
            switch self {
            case .closed: false
            case .opened: false
            case .locked: false
            case .broken: true
            }
        }

        /// The constant's Kotlin name, as `name` and `toString()` give it.
        var name: String {
            switch self {
            case .closed: "Closed"
            case .opened: "Opened"
            case .locked: "Locked"
            case .broken: "Broken"
            }
        }

        /// The constant's position in the Kotlin enum class, as `ordinal` gives it.
        var ordinal: Int {
            switch self {
            case .closed: 0
            case .opened: 1
            case .locked: 2
            case .broken: 3
            }
        }

        func describe() -> String {
            if self.terminal {
                return "\(self.label) (final)"
            } else {
                return self.label
            }
        }
    }

    enum DoorEvent: StateMachineHashable, Codable, Equatable {
        case `open`
        case close
        case lock
        case unlock
        case kick

        /// The constant's Kotlin name, as `name` and `toString()` give it.
        var name: String {
            switch self {
            case .`open`: "OPEN"
            case .close: "CLOSE"
            case .lock: "LOCK"
            case .unlock: "UNLOCK"
            case .kick: "KICK"
            }
        }
    }

    enum DoorSound: Codable, Equatable {
        case noise(text: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var kicks: Int { get set }
        var log: [String] { get set }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.eq(.closed)) {
                on(.eq(.`open`)) { transition(to: .opened, emit: .noise(text: "creak")) }
                on(.eq(.lock)) { transition(to: .locked) }
            }
            state(.eq(.locked)) {
                on(.eq(.unlock)) { state in
                    transition(to: .closed, emit: .noise(text: "click \(state.name.lowercased())"))
                }
            }
            state(.closed) {
                on(.eq(.close)) { transition(to: .closed, emit: .noise(text: "slam")) }
                on(.eq(.kick)) { state in
                    context.kicks += 1
                    if state == .broken {
                        return dontTransition()
                    } else if context.kicks >= 3 {
                        return transition(to: .broken, emit: .noise(text: "crash after \(context.kicks) kicks in \(state.name)"))
                    } else {
                        return transition(to: state, emit: .noise(text: "thud \(state.ordinal)"))
                    }
                }
            }
            state(.opened) {
                on(.eq(.close)) { transition(to: .closed, emit: .noise(text: "slam")) }
                on(.eq(.kick)) { state in
                    context.kicks += 1
                    if state == .broken {
                        return dontTransition()
                    } else if context.kicks >= 3 {
                        return transition(to: .broken, emit: .noise(text: "crash after \(context.kicks) kicks in \(state.name)"))
                    } else {
                        return transition(to: state, emit: .noise(text: "thud \(state.ordinal)"))
                    }
                }
            }
            state(.locked) {
                on(.eq(.close)) { transition(to: .closed, emit: .noise(text: "slam")) }
                on(.eq(.kick)) { state in
                    context.kicks += 1
                    if state == .broken {
                        return dontTransition()
                    } else if context.kicks >= 3 {
                        return transition(to: .broken, emit: .noise(text: "crash after \(context.kicks) kicks in \(state.name)"))
                    } else {
                        return transition(to: state, emit: .noise(text: "thud \(state.ordinal)"))
                    }
                }
            }
            state(.broken) {
                on(.eq(.close)) { transition(to: .closed, emit: .noise(text: "slam")) }
                on(.eq(.kick)) { state in
                    context.kicks += 1
                    if state == .broken {
                        return dontTransition()
                    } else if context.kicks >= 3 {
                        return transition(to: .broken, emit: .noise(text: "crash after \(context.kicks) kicks in \(state.name)"))
                    } else {
                        return transition(to: state, emit: .noise(text: "thud \(state.ordinal)"))
                    }
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                context.log.append("\(valid.fromState.name) -> \(valid.toState.describe()) on \(valid.event.name)")
                print(context.log.last!)
            }
        }
    }
}
