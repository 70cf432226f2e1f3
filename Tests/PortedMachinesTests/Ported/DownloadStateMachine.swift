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
            onExit { _, cause in print("Leaving idle because of \(cause)") }
            on(.start) { transition(to: .downloading(progress: 0, retries: 0), emit: .startDownload) }
        }
        state(.downloading) {
            onEnter { state, _ in
                try! print("Downloading: \((state.progress() as Int))% (retry \((state.retries() as Int)))")
            }
            on(.progress, where: { event in try (event.percent() as Int) >= 100 }) { _, _ in
                transition(to: .completed, emit: .notifyComplete)
            }
            on(.progress) { state, event in
                if try (event.percent() as Int) > (state.progress() as Int) {
                    return try transition(to: .downloading(progress: (event.percent() as Int), retries: (state.retries() as Int)), emit: .showProgress(percent: (event.percent() as Int)))
                } else {
                    return dontTransition()
                }
            }
            on(.fail) { state in try transition(to: .failed(retries: (state.retries() as Int))) }
            on(.eq(.cancel)) { transition(to: .idle) }
        }
        state(.failed, where: { state in try (state.retries() as Int) >= MAX_RETRIES }) {
            onEnter { state, _ in try! print("Giving up after \((state.retries() as Int)) retries") }
            on(.retry) { dontTransition(emit: .giveUp) }
            on(.cancel) { transition(to: .idle) }
        }
        state(.failed) {
            on(.retry) { state in
                try transition(to: .downloading(progress: 0, retries: (state.retries() as Int) + 1), emit: .startDownload)
            }
            on(.cancel) { transition(to: .idle) }
        }
        state(.eq(.completed)) {
            onEnter { _, _ in print("Download complete") }
        }
    }
}
