// Ported from BuilderNames.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum BuilderNames: StateMachineBuilder {

    typealias State = NodeState
    typealias Event = NodeEvent
    typealias SideEffect = NodeEffect

    enum NodeState: StateMachineHashable, Codable, Equatable {
        case follower(state: KotlinState)
        case candidate(state: KotlinState)

        enum HashableIdentifier: String { case follower, candidate }
    }

    enum NodeEvent: StateMachineHashable, Codable, Equatable {
        case tick(kind: KotlinEvent)
        case vote(from: String)

        enum HashableIdentifier: String { case tick, vote }
    }

    enum NodeEffect: Codable, Equatable {
        case log(text: String)
    }

    struct KotlinState: Codable, Equatable {
        var term: Int
        var votedFor: String?

        func nextTerm() -> KotlinState {
            KotlinState(term: term + 1, votedFor: nil)
        }
    }

    enum KotlinEvent: Codable, Hashable, CaseIterable {
        case timeout, heartbeat
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.follower(state: KotlinState(term: 0, votedFor: nil)))
        state(.follower) {
            on(.tick) { state, event in
                guard case let .follower(stateState) = state else { preconditionFailure() }
                guard case let .tick(kind) = event else { preconditionFailure() }
                if kind == KotlinEvent.timeout {
                    return transition(to: .candidate(state: stateState.nextTerm()))
                } else {
                    return dontTransition()
                }
            }
        }
        state(.candidate) {
            on(.vote) { state, event in
                guard case let .candidate(stateState) = state else { preconditionFailure() }
                guard case let .vote(from) = event else { preconditionFailure() }
                return transition(to: .follower(state: KotlinState(term: stateState.term, votedFor: from)), emit: .log(text: "voted for \(from) in term \(stateState.term)"))
            }
        }
    }
}
