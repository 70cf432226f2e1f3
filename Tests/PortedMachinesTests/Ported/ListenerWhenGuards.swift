// Ported from ListenerWhenGuards.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Doorbell: StateMachineBuilder {

    enum State: StateMachineHashable, Codable, Equatable {
        case quiet
        case ringing(times: Int)

        enum HashableIdentifier: String { case quiet, ringing }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .quiet: "Quiet"
            case let .ringing(times): "Ringing(times=\(times))"
            }
        }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case press
        case release

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .press: "Press"
            case .release: "Release"
            }
        }
    }

    enum SideEffect: Codable, Equatable {
        case chime
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
        var chime: (String) -> Void { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.quiet)
            state(.quiet) {
                on(.press) { transition(to: .ringing(times: 1), emit: .chime) }
            }
            state(.ringing) {
                on(.release) { transition(to: .quiet) }
            }
            onTransition { result in
                guard case .success(let valid) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        throw KotlinException("IllegalStateException", "no \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                    }
                    return
                }
                context.chime("\(valid.fromState.kotlinText) to \(valid.toState.kotlinText)")
            }
            onTransition { transition in
                guard case .success(let shown) = transition else { return }
                if shown.sideEffect == .chime {
                    context.chime("ding")
                }
            }
        }
    }
}
