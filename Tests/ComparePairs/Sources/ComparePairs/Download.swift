import StateMachine

/// A file download, written for Swift: progress only goes forward, 100 % finishes it, a failure keeps its reason and
/// may be retried from the start.
public enum Download: StateMachineBuilder {
    public enum State: StateMachineHashable, Codable, Equatable {
        case idle
        case loading(percent: Int)
        case paused(percent: Int)
        case finished
        case failed(reason: String)
        public enum HashableIdentifier: String { case idle, loading, paused, finished, failed }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case start
        case progress(percent: Int)
        case pause
        case resume
        case fail(reason: String)
        case retry
        public enum HashableIdentifier: String { case start, progress, pause, resume, fail, retry }
    }

    public enum SideEffect: Codable, Equatable {
        case beginTransfer
        case showProgress(percent: Int)
        case cancelTransfer
        case notifyFinished
        case showFailure(reason: String)
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.start) { transition(to: .loading(percent: 0), emit: .beginTransfer) }
        }
        state(.loading) {
            on(.progress) { loading, progress in
                let percent: Int = try progress.percent()
                if percent >= 100 { return transition(to: .finished, emit: .notifyFinished) }
                guard percent > (try loading.percent()) else { return dontTransition() }
                return transition(to: .loading(percent: percent), emit: .showProgress(percent: percent))
            }
            on(.pause) { loading in transition(to: .paused(percent: try loading.percent()), emit: .cancelTransfer) }
            on(.fail) { _, fail in
                let reason: String = try fail.reason()
                return transition(to: .failed(reason: reason), emit: .showFailure(reason: reason))
            }
        }
        state(.paused) {
            on(.resume) { paused in transition(to: .loading(percent: try paused.percent()), emit: .beginTransfer) }
        }
        state(.failed) {
            on(.retry) { transition(to: .loading(percent: 0), emit: .beginTransfer) }
        }
    }
}
