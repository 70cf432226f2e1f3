// Ported from NullableUndeclaredGenerics.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Runner: StateMachineBuilder {

    typealias State = RunnerState
    typealias Event = RunnerEvent

    enum RunnerState: StateMachineHashable, Codable, Equatable {
        case idle
        case running(result: CompletableDeferred_BatchResults_?)

        enum HashableIdentifier: String { case idle, running }
    }

    enum RunnerEvent: StateMachineHashable, Codable, Equatable {
        case execute(result: CompletableDeferred_BatchResults_)
        case done

        enum HashableIdentifier: String { case execute, done }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    /// port: CompletableDeferred<BatchResults> is not ported; give it the fields the machine needs.
    struct CompletableDeferred_BatchResults_: Codable, Hashable {}

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.execute) { _, event in
                guard case let .execute(result) = event else { preconditionFailure() }
                return transition(to: .running(result: result))
            }
        }
        state(.running) {
            on(.done) { transition(to: .idle) }
        }
    }
}
