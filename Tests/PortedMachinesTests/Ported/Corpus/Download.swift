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
        var onSideEffect: (DownloadSideEffect) -> Void { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.start) { _, event in
                    guard case let .start(url, totalBytes) = event else { preconditionFailure() }
                    return transition(to: .downloading(url: url, bytesReceived: 0, totalBytes: totalBytes, retries: 0), emit: .beginTransfer(url: url, offset: 0))
                }
            }
            state(.downloading) {
                on(.bytesReceived) { state, event in
                    guard case let .downloading(url, bytesReceived, totalBytes, retries) = state else { preconditionFailure() }
                    guard case let .bytesReceived(count) = event else { preconditionFailure() }
                    let received = min(totalBytes, bytesReceived + count)
                    if received >= totalBytes {
                        return transition(to: .completed(url: url, totalBytes: totalBytes), emit: .notifyComplete)
                    } else {
                        let percent = Int(received * 100 / totalBytes)
                        return transition(to: .downloading(url: url, bytesReceived: received, totalBytes: totalBytes, retries: retries), emit: .reportProgress(percent: percent))
                    }
                }
                on(.eq(.pause)) { state in
                    guard case let .downloading(url, bytesReceived, totalBytes, _) = state else { preconditionFailure() }
                    return transition(to: .paused(url: url, bytesReceived: bytesReceived, totalBytes: totalBytes), emit: .stopTransfer)
                }
                on(.eq(.networkError)) { state in
                    guard case let .downloading(url, bytesReceived, totalBytes, retries) = state else { preconditionFailure() }
                    return transition(to: .failed(url: url, bytesReceived: bytesReceived, totalBytes: totalBytes, retries: retries), emit: .scheduleRetry(delayMillis: BASE_RETRY_DELAY_MS * (1 << retries)))
                }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.paused) {
                on(.eq(.resume)) { state in
                    guard case let .paused(url, bytesReceived, totalBytes) = state else { preconditionFailure() }
                    return transition(to: .downloading(url: url, bytesReceived: bytesReceived, totalBytes: totalBytes, retries: 0), emit: .beginTransfer(url: url, offset: bytesReceived))
                }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.failed, where: { state in
                guard case let .failed(_, _, _, retries) = state else { preconditionFailure() }
                return retries < context.maxRetries
            }) {
                on(.eq(.retry)) { state in
                    guard case let .failed(url, bytesReceived, totalBytes, retries) = state else { preconditionFailure() }
                    return transition(to: .downloading(url: url, bytesReceived: bytesReceived, totalBytes: totalBytes, retries: retries + 1), emit: .beginTransfer(url: url, offset: bytesReceived))
                }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.failed) {
                on(.eq(.retry)) { dontTransition(emit: .notifyFailed) }
                on(.eq(.cancel)) { transition(to: .idle, emit: .deletePartialFile) }
            }
            state(.completed) {
                on(.start) { state, event in
                    guard case let .completed(url, _) = state else { preconditionFailure() }
                    guard case let .start(eventUrl, eventTotalBytes) = event else { preconditionFailure() }
                    if eventUrl == url {
                        return dontTransition(emit: .notifyComplete)
                    } else {
                        return transition(to: .downloading(url: eventUrl, bytesReceived: 0, totalBytes: eventTotalBytes, retries: 0), emit: .beginTransfer(url: eventUrl, offset: 0))
                    }
                }
            }
            onTransition { result in
                if case .success(let valid) = result {
                    if let sideEffect = valid.sideEffect {
                        context.onSideEffect(sideEffect)
                    }
                }
            }
        }
    }
}
