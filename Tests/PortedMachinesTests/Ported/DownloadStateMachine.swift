// Ported from DownloadStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum DownloadStateMachine: StateMachineBuilder {

    static let MAX_RETRIES = 2

    typealias State = DownloadState
    typealias Event = DownloadEvent
    typealias SideEffect = DownloadEffect

    enum DownloadState: StateMachineHashable, Codable, Equatable {
        case idle
        case downloading(progress: Int, retries: Int)
        case failed(retries: Int)
        case completed

        enum HashableIdentifier: String { case idle, downloading, failed, completed }
    }

    enum DownloadEvent: StateMachineHashable, Codable, Equatable {
        case start
        case progress(percent: Int)
        case fail
        case retry
        case cancel

        enum HashableIdentifier: String { case start, progress, fail, retry, cancel }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Start`, `Fail`, `Retry`, `Cancel` (not a data class or data object) as an identity
        /// that changes from run to run (`Start@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case .start: "Start"
            case let .progress(percent): "Progress(percent=\(percent))"
            case .fail: "Fail"
            case .retry: "Retry"
            case .cancel: "Cancel"
            }
        }
    }

    enum DownloadEffect: Codable, Equatable {
        case startDownload
        case showProgress(percent: Int)
        case notifyComplete
        case giveUp
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            onExit { _, cause in print("Leaving idle because of \(cause.kotlinText)") }
            on(.start) { transition(to: .downloading(progress: 0, retries: 0), emit: .startDownload) }
        }
        state(.downloading) {
            onEnter { state, _ in
                guard case let .downloading(progress, retries) = state else { preconditionFailure() }
                print("Downloading: \(progress)% (retry \(retries))")
            }
            on(.progress, where: { event in
                guard case let .progress(percent) = event else { preconditionFailure() }
                return percent >= 100
            }) { _, _ in
                transition(to: .completed, emit: .notifyComplete)
            }
            on(.progress) { state, event in
                guard case let .downloading(progress, retries) = state else { preconditionFailure() }
                guard case let .progress(percent) = event else { preconditionFailure() }
                if percent > progress {
                    return transition(to: .downloading(progress: percent, retries: retries), emit: .showProgress(percent: percent))
                } else {
                    return dontTransition()
                }
            }
            on(.fail) { state in
                guard case let .downloading(_, retries) = state else { preconditionFailure() }
                return transition(to: .failed(retries: retries))
            }
            on(.eq(.cancel)) { transition(to: .idle) }
        }
        state(.failed, where: { state in
            guard case let .failed(retries) = state else { preconditionFailure() }
            return retries >= MAX_RETRIES
        }) {
            onEnter { state, _ in
                guard case let .failed(retries) = state else { preconditionFailure() }
                print("Giving up after \(retries) retries")
            }
            on(.retry) { dontTransition(emit: .giveUp) }
            on(.cancel) { transition(to: .idle) }
        }
        state(.failed) {
            on(.retry) { state in
                guard case let .failed(retries) = state else { preconditionFailure() }
                return transition(to: .downloading(progress: 0, retries: retries + 1), emit: .startDownload)
            }
            on(.cancel) { transition(to: .idle) }
        }
        state(.eq(.completed)) {
            onEnter { _, _ in print("Download complete") }
        }
    }
}
