// Ported from DownloadStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusDownload: StateMachineBuilder {

    static let DEFAULT_MAX_RETRIES = 3
    static let BASE_RETRY_DELAY_MS: Int64 = 2_000

    typealias State = DownloadState
    typealias Event = DownloadEvent
    typealias SideEffect = DownloadSideEffect

    enum DownloadState: StateMachineHashable, Codable, Equatable {
        case idle
        case downloading(url: String, bytesReceived: Int64, totalBytes: Int64, retries: Int)
        case paused(url: String, bytesReceived: Int64, totalBytes: Int64)
        case failed(url: String, bytesReceived: Int64, totalBytes: Int64, retries: Int)
        case completed(url: String, totalBytes: Int64)

        enum HashableIdentifier: String { case idle, downloading, paused, failed, completed }
    }

    enum DownloadEvent: StateMachineHashable, Codable, Equatable {
        case start(url: String, totalBytes: Int64)
        case bytesReceived(count: Int64)
        case pause
        case resume
        case networkError
        case retry
        case cancel

        enum HashableIdentifier: String { case start, bytesReceived, pause, resume, networkError, retry, cancel }
    }

    enum DownloadSideEffect: Codable, Equatable {
        case beginTransfer(url: String, offset: Int64)
        case reportProgress(percent: Int)
        case scheduleRetry(delayMillis: Int64)
        case stopTransfer
        case notifyFailed
        case notifyComplete
        case deletePartialFile
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
                on(.start) { _, event in
                    try transition(to: .downloading(url: (event.url() as String), bytesReceived: 0, totalBytes: (event.totalBytes() as Int64), retries: 0), emit: .beginTransfer(url: (event.url() as String), offset: 0))
                }
            }
            state(.downloading) {
                on(.bytesReceived) {
                    // port: not ported, Kotlin line 31: a call on a value `(received * 100 / totalBytes).toInt()`
                    // val received = minOf(totalBytes, bytesReceived + it.count)
                    // if (received >= totalBytes) {
                    //     transitionTo(DownloadState.Completed(url, totalBytes), DownloadSideEffect.NotifyComplete)
                    // } else {
                    //     val percent = (received * 100 / totalBytes).toInt()
                    //     transitionTo(copy(bytesReceived = received), DownloadSideEffect.ReportProgress(percent))
                    // }
                    fatalError("port: DownloadStateMachine.kt:31: a call on a value `(received * 100 / totalBytes).toInt()` is not ported")
                }
                on(.eq(.pause)) { state in
                    try transition(to: .paused(url: (state.url() as String), bytesReceived: (state.bytesReceived() as Int64), totalBytes: (state.totalBytes() as Int64)), emit: .stopTransfer)
                }
                on(.eq(.networkError)) {
                    // port: not ported, Kotlin line 41: the operator shl in `1L shl retries`
                    // transitionTo(
                    //     DownloadState.Failed(url, bytesReceived, totalBytes, retries),
                    //     DownloadSideEffect.ScheduleRetry(BASE_RETRY_DELAY_MS * (1L shl retries)),
                    // )
                    fatalError("port: DownloadStateMachine.kt:41: the operator shl in `1L shl retries` is not ported")
                }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.paused) {
                on(.eq(.resume)) { state in
                    try transition(to: .downloading(url: (state.url() as String), bytesReceived: (state.bytesReceived() as Int64), totalBytes: (state.totalBytes() as Int64), retries: 0), emit: .beginTransfer(url: (state.url() as String), offset: (state.bytesReceived() as Int64)))
                }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.failed, where: { state in try (state.retries() as Int) < context.maxRetries }) {
                on(.eq(.retry)) { state in
                    try transition(to: .downloading(url: (state.url() as String), bytesReceived: (state.bytesReceived() as Int64), totalBytes: (state.totalBytes() as Int64), retries: (state.retries() as Int) + 1), emit: .beginTransfer(url: (state.url() as String), offset: (state.bytesReceived() as Int64)))
                }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.failed) {
                on(.eq(.retry)) { dontTransition(emit: .notifyFailed) }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.completed) {
                on(.start) { state, event in
                    if try (event.url() as String) == (state.url() as String) {
                        return dontTransition(emit: .notifyComplete)
                    } else {
                        return try transition(to: .downloading(url: (event.url() as String), bytesReceived: 0, totalBytes: (event.totalBytes() as Int64), retries: 0), emit: .beginTransfer(url: (event.url() as String), offset: 0))
                    }
                }
            }
            onTransition { _ in
                // port: not ported, Kotlin line 98: the safe call `it.sideEffect?.let(onSideEffect)`
                // if (it is StateMachine.Transition.Valid) {
                //     it.sideEffect?.let(onSideEffect)
                // }
                fatalError("port: DownloadStateMachine.kt:98: the safe call `it.sideEffect?.let(onSideEffect)` is not ported")
            }
        }
    }
}
