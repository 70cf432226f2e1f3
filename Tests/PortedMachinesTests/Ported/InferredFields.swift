// Ported from InferredFields.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ReportQueue: StateMachineBuilder {

    typealias State = ReportState
    typealias Event = ReportEvent
    typealias SideEffect = ReportAction

    enum ReportState: StateMachineHashable, Codable, Equatable {
        case queued(attempts: Int)
        case running(device: String, shard: Int, attempts: Int)
        case parked(reason: String?, retryable: Bool, cancelled: Bool)
        case done(device: String, shard: Int)

        enum HashableIdentifier: String { case queued, running, parked, done }

        var title: KotlinAny {
            switch self {
            case .queued: fatalError("An operation is not implemented: port: ReportState.title is not declared in the files given; give Queued its value")
            case .running: fatalError("An operation is not implemented: port: ReportState.title is not declared in the files given; give Running its value")
            case .parked: fatalError("An operation is not implemented: port: ReportState.title is not declared in the files given; give Parked its value")
            case .done: fatalError("An operation is not implemented: port: ReportState.title is not declared in the files given; give Done its value")
            }
        }
    }

    enum ReportEvent: StateMachineHashable, Codable, Equatable {
        case escalate(severity: Severity)
        case passed(device: String, shard: Int)
        case flaky(reason: String?, final: Bool)
        case cancel
        case requeue(budget: Int)

        enum HashableIdentifier: String { case escalate, passed, flaky, cancel, requeue }
    }

    enum ReportAction: Codable, Equatable {
        case save(device: String, shard: Int)
    }

    /// port: Severity is not declared in the files given; these are the constants the machine uses.
    enum Severity: Codable, Hashable {
        case high, low
    }

    /// port: Any is not ported; give it the fields the machine needs.
    struct KotlinAny: Codable, Hashable {}

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

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var initialAttempts: Int { get }
        var strict: Bool { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.queued(attempts: context.initialAttempts))
            state(.queued) {
                on(.passed) { state, event in
                    guard case let .queued(attempts) = state else { preconditionFailure() }
                    guard case let .passed(device, shard) = event else { preconditionFailure() }
                    if context.strict && attempts > 1 {
                        return transition(to: .running(device: device, shard: shard, attempts: attempts - 1))
                    } else {
                        return transition(to: .done(device: device, shard: shard), emit: .save(device: device, shard: shard))
                    }
                }
                on(.flaky) { _, event in
                    guard case let .flaky(reason, final) = event else { preconditionFailure() }
                    return transition(to: .parked(reason: reason, retryable: !final, cancelled: false))
                }
                on(.cancel) { transition(to: .parked(reason: nil, retryable: false, cancelled: true)) }
            }
            state(.running) {
                on(.passed) { state in
                    guard case let .running(device, shard, attempts) = state else { preconditionFailure() }
                    return transition(to: .running(device: device, shard: shard, attempts: attempts - 1))
                }
                on(.cancel) {
                    // port: not ported, Kotlin line 43: a constructor call without retryable `Parked(cancelled = true, reason = "cancelled while running")`
                    // transitionTo(ReportState.Parked(cancelled = true, reason = "cancelled while running"))
                    fatalError("port: InferredFields.kt:43: a constructor call without retryable `Parked(cancelled = true, reason = \"cancelled while running\")` is not ported")
                }
            }
            state(.parked) {
                on(.cancel) { state in
                    guard case let .parked(reason, retryable, cancelled) = state else { preconditionFailure() }
                    if cancelled {
                        return dontTransition()
                    } else {
                        return transition(to: .parked(reason: reason, retryable: retryable, cancelled: true))
                    }
                }
                on(.requeue) { state, event in
                    guard case let .requeue(budget) = event else { preconditionFailure() }
                    if budget > 0 {
                        return transition(to: .queued(attempts: budget))
                    } else {
                        throw KotlinException("IllegalStateException", "no budget left for \(state.title)")
                    }
                }
                on(.escalate) { _, event in
                    guard case let .escalate(severity) = event else { preconditionFailure() }
                    switch severity {
                    case Severity.high:
                        return transition(to: .queued(attempts: 0))
                    case Severity.low:
                        return dontTransition()
                    }
                }
            }
        }
    }
}
