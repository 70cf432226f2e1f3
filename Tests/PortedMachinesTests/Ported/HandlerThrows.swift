// Ported from HandlerThrows.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Percolator: StateMachineBuilder {

    enum State: StateMachineHashable, Codable, Equatable {
        case cold
        case heating(target: Int)

        enum HashableIdentifier: String { case cold, heating }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case start(target: Int)
        case stop
        case reset
        case boil

        enum HashableIdentifier: String { case start, stop, reset, boil }
    }

    enum SideEffect: Codable, Equatable {
        case beep
    }

    /// The Kotlin exception `OverheatException` a handler throws, with what its constructor takes.
    struct OverheatException: Error, CustomStringConvertible {
        let degrees: Int
        var description: String { "OverheatException: too hot: \(degrees)" }
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

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.cold)
        state(.cold) {
            on(.start) { _, event in
                guard case let .start(target) = event else { preconditionFailure() }
                if target > 100 {
                    throw OverheatException(degrees: target)
                }
                if target < 0 {
                    throw KotlinException("IllegalArgumentException", "target \(target) is below zero")
                }
                return transition(to: .heating(target: target))
            }
            on(.stop) { throw KotlinException("IllegalStateException") }
        }
        state(.heating) {
            on(.reset) { state in
                guard case let .heating(target) = state else { preconditionFailure() }
                if target == 0 {
                    throw KotlinException("IllegalStateException", "heating to nothing")
                }
                return transition(to: .cold, emit: .beep)
            }
            on(.boil) { state in
                guard case let .heating(target) = state else { preconditionFailure() }
                switch target {
                case 100:
                    return transition(to: .cold, emit: .beep)
                default:
                    throw KotlinException("UnsupportedOperationException", "no boiling at \(target)")
                }
            }
            on(.stop) { throw KotlinException("UnsupportedOperationException", "no stopping") }
        }
    }
}
