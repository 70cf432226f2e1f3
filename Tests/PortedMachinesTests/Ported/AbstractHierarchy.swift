// Ported from ReactorController.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ReactorController: StateMachineBuilder {

    typealias State = ReactorState
    typealias Event = ReactorEvent
    typealias SideEffect = ReactorEffect

    enum ReactorState: StateMachineHashable, Codable, Equatable {
        case cold
        case heating(target: Int)
        case running
        case failed(code: Int)

        enum HashableIdentifier: String { case cold, heating, running, failed }
    }

    enum ReactorEvent: StateMachineHashable, Codable, Equatable {
        case start(target: Int)
        case stop
        case warmUpElapsed
        case coolDownElapsed
        case fault(code: Int)

        enum HashableIdentifier: String { case start, stop, warmUpElapsed, coolDownElapsed, fault }

        var seconds: Int64 {
            switch self {
            case .warmUpElapsed: 30
            case .coolDownElapsed: 120
            default: preconditionFailure("seconds is a property of Timed, and \(self) is not one")
            }
        }
    }

    enum ReactorEffect: Codable, Equatable {
        case log(message: String)
        case replay(event: ReactorEvent)
        case alarm
    }

    /// A Kotlin exception a handler throws (`throw IllegalStateException("too hot")`, `error("too hot")`): its
    /// class name and message. It is the error `transition` throws, as Kotlin's throws the exception.
    struct KotlinException: Error, CustomStringConvertible {
        let type: String
        let message: String?

        init(_ type: String, _ message: String? = nil) {
            self.type = type
            self.message = message
        }

        /// The class's name, then the message, as Kotlin's `toString()` writes them.
        var description: String { message.map { "\(type): \($0)" } ?? type }
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var maxTarget: Int { get }
    }

    /// Kotlin's `ReactorController.report`, ported.
    private static func report(_ message: String, _ loud: Bool) {
        if loud {
            print(message.uppercased())
        } else {
            print(message)
        }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.cold)
            state(.cold) {
                on(.start) { _, event in
                    guard case let .start(target) = event else { preconditionFailure() }
                    precondition(target > 0, "a target above zero")
                    if target > context.maxTarget {
                        throw KotlinException("IllegalStateException", "target \(target) is above \(context.maxTarget)")
                    }
                    return transition(to: .heating(target: target), emit: .log(message: "heating"))
                }
            }
            state(.heating) {
                on(.warmUpElapsed) { transition(to: .running) }
                on(.coolDownElapsed) { transition(to: .running) }
                on(.fault) { _, event in
                    guard case let .fault(code) = event else { preconditionFailure() }
                    return transition(to: .failed(code: code), emit: .replay(event: event))
                }
            }
            state(.running) {
                on(.stop) { transition(to: .cold, emit: .alarm) }
                on(.fault) { fatalError("An operation is not implemented: fault handling while running") }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                switch valid.sideEffect {
                case .alarm:
                    report("alarm", true)
                case .log:
                    report("log", false)
                case .replay:
                    report("replay", false)
                default:
                    break
                }
            }
        }
    }
}
