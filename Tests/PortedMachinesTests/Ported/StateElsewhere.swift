// Ported from StateElsewhere.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Uploader: StateMachineBuilder {

    typealias State = UploadState
    typealias Event = UploadEvent
    typealias SideEffect = UploadEffect

    enum UploadState: StateMachineHashable, Codable, Equatable {
        case idle
        case broken(code: Int)
        case retrying(maxRetries: Int)

        enum HashableIdentifier: String { case idle, broken, retrying }
    }

    enum UploadEvent: StateMachineHashable, Codable, Equatable {
        case failed(code: Int)
        case retry

        enum HashableIdentifier: String { case failed, retry }
    }

    enum UploadEffect: Codable, Equatable {
        case report(code: Int)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var maxRetries: Int { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.failed) { _, event in
                    guard case let .failed(code) = event else { preconditionFailure() }
                    return transition(to: .broken(code: code), emit: .report(code: code))
                }
                on(.retry) { transition(to: .retrying(maxRetries: context.maxRetries)) }
            }
            state(.broken)
            state(.retrying)
        }
    }
}
