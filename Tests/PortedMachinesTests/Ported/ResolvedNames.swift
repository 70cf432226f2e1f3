// Ported from ResolvedNames.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ResolvedNames: StateMachineBuilder {

    typealias State = FeedState
    typealias Event = FeedEvent
    typealias SideEffect = FeedEffect

    enum FeedState: StateMachineHashable, Codable, Equatable {
        case idle
        case loading(page: Int)
        case shown(page: Int)
        case failed(error: AppError)

        enum HashableIdentifier: String { case idle, loading, shown, failed }
    }

    enum FeedEvent: StateMachineHashable, Codable, Equatable {
        case completedLoad(page: Int)
        case completedRefresh
        case timeoutLoad
        case timeoutRefresh
        case request(page: Int)
        case fail(error: AppError)
        case networkDown

        enum HashableIdentifier: String { case completedLoad, completedRefresh, timeoutLoad, timeoutRefresh, request, fail, networkDown }
    }

    enum FeedEffect: Codable, Equatable {
        case fetch(page: Int)
        case report(error: AppError)
    }

    enum AppError: Codable, Equatable {
        case timeout
        case server(status: Int)
        case networkDown

        var code: Int {
            switch self {
            case .timeout: 408
            case .server: 500
            case .networkDown: 503
            }
        }

        /// Whether this value is a Kotlin `Timeout`.
        var isTimeout: Bool {
            switch self {
            case .timeout: true
            default: false
            }
        }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.request) { _, event in
                guard case let .request(page) = event else { preconditionFailure() }
                return transition(to: .loading(page: page), emit: .fetch(page: page))
            }
        }
        state(.loading) {
            on(.completedLoad) { _, event in
                guard case let .completedLoad(eventPage) = event else { preconditionFailure() }
                return transition(to: .shown(page: eventPage))
            }
            on(.timeoutLoad) { transition(to: .failed(error: .timeout), emit: .report(error: .timeout)) }
            on(.fail) { _, event in
                guard case let .fail(error) = event else { preconditionFailure() }
                return transition(to: .failed(error: error), emit: .report(error: error))
            }
            on(.networkDown) {
                transition(to: .failed(error: .networkDown), emit: .report(error: .networkDown))
            }
        }
        state(.shown) {
            on(.completedRefresh) { state in
                guard case let .shown(page) = state else { preconditionFailure() }
                return transition(to: .loading(page: page), emit: .fetch(page: page))
            }
            on(.timeoutRefresh) { dontTransition() }
        }
        state(.failed) {
            on(.request) { state, event in
                guard case let .failed(error) = state else { preconditionFailure() }
                guard case let .request(page) = event else { preconditionFailure() }
                if error.isTimeout || error == .networkDown {
                    return transition(to: .loading(page: page), emit: .fetch(page: page))
                } else {
                    return dontTransition(emit: .report(error: error))
                }
            }
        }
    }
}
