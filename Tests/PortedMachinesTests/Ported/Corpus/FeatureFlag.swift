// Ported from RolloutStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusFeatureFlag: StateMachineBuilder {

    typealias State = RolloutState
    typealias Event = RolloutEvent
    typealias SideEffect = RolloutSideEffect

    enum RolloutState: StateMachineHashable, Codable, Equatable {
        case draft
        case ramping(percent: Int, stage: Int)
        case paused(percent: Int, stage: Int, reason: String)
        case fullyRolledOut
        case rolledBack(fromPercent: Int, reason: String)

        enum HashableIdentifier: String { case draft, ramping, paused, fullyRolledOut, rolledBack }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .draft: "Draft"
            case let .ramping(percent, stage): "Ramping(percent=\(percent), stage=\(stage))"
            case let .paused(percent, stage, reason): "Paused(percent=\(percent), stage=\(stage), reason=\(reason))"
            case .fullyRolledOut: "FullyRolledOut"
            case let .rolledBack(fromPercent, reason): "RolledBack(fromPercent=\(fromPercent), reason=\(reason))"
            }
        }
    }

    enum RolloutEvent: StateMachineHashable, Codable, Equatable {
        case start(initialPercent: Int)
        case metricsReported(errorRatePermille: Int, p99LatencyMillis: Int64)
        case advance
        case pause(reason: String)
        case resume
        case rollback(reason: String)

        enum HashableIdentifier: String { case start, metricsReported, advance, pause, resume, rollback }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .start(initialPercent): "Start(initialPercent=\(initialPercent))"
            case let .metricsReported(errorRatePermille, p99LatencyMillis): "MetricsReported(errorRatePermille=\(errorRatePermille), p99LatencyMillis=\(p99LatencyMillis))"
            case .advance: "Advance"
            case let .pause(reason): "Pause(reason=\(reason))"
            case .resume: "Resume"
            case let .rollback(reason): "Rollback(reason=\(reason))"
            }
        }
    }

    enum RolloutSideEffect: Codable, Equatable {
        case setPercentage(percent: Int)
        case alert(message: String)
    }

    struct RolloutPolicy: Codable, Equatable {
        var maxErrorPermille: Int
        var maxP99LatencyMillis: Int64
        var minStepPercent: Int
    }

    protocol AuditLog {
        func record(_ flagKey: String, _ message: String)
    }

    protocol Pager {
        func alert(_ message: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var policy: RolloutPolicy { get }
        var audit: any AuditLog { get }
        var flagKey: String { get }
        func setPercentage(_ flagKey: String, _ percent: Int)
        var pager: any Pager { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.draft)
            state(.draft) {
                on(.start) { _, event in
                    guard case let .start(initialPercent) = event else { preconditionFailure() }
                    let percent = min(max(initialPercent, 1), 100)
                    return transition(to: .ramping(percent: percent, stage: 1), emit: .setPercentage(percent: percent))
                }
            }
            state(.ramping, where: { state in
                guard case let .ramping(percent, _) = state else { preconditionFailure() }
                return percent >= 100
            }) {
                on(.eq(.advance)) { transition(to: .fullyRolledOut) }
                on(.rollback) { state, event in
                    guard case let .ramping(percent, _) = state else { preconditionFailure() }
                    guard case let .rollback(reason) = event else { preconditionFailure() }
                    return transition(to: .rolledBack(fromPercent: percent, reason: reason), emit: .setPercentage(percent: 0))
                }
            }
            state(.ramping) {
                on(.metricsReported, where: { event in
                    guard case let .metricsReported(errorRatePermille, p99LatencyMillis) = event else { preconditionFailure() }
                    return errorRatePermille > context.policy.maxErrorPermille || p99LatencyMillis > context.policy.maxP99LatencyMillis
                }) { state, event in
                    guard case let .ramping(percent, _) = state else { preconditionFailure() }
                    guard case let .metricsReported(errorRatePermille, p99LatencyMillis) = event else { preconditionFailure() }
                    let reason = "error rate \(errorRatePermille)‰, p99 \(p99LatencyMillis) ms at \(percent)%"
                    return transition(to: .rolledBack(fromPercent: percent, reason: reason), emit: .alert(message: reason))
                }
                on(.metricsReported) { dontTransition() }
                on(.eq(.advance)) { state in
                    guard case let .ramping(percent, stage) = state else { preconditionFailure() }
                    let next = min(100, max(percent * 2, percent + context.policy.minStepPercent))
                    return transition(to: .ramping(percent: next, stage: stage + 1), emit: .setPercentage(percent: next))
                }
                on(.pause) { state, event in
                    guard case let .ramping(percent, stage) = state else { preconditionFailure() }
                    guard case let .pause(reason) = event else { preconditionFailure() }
                    return transition(to: .paused(percent: percent, stage: stage, reason: reason))
                }
                on(.rollback) { state, event in
                    guard case let .ramping(percent, _) = state else { preconditionFailure() }
                    guard case let .rollback(reason) = event else { preconditionFailure() }
                    return transition(to: .rolledBack(fromPercent: percent, reason: reason), emit: .setPercentage(percent: 0))
                }
            }
            state(.paused) {
                on(.eq(.resume)) { state in
                    guard case let .paused(percent, stage, _) = state else { preconditionFailure() }
                    return transition(to: .ramping(percent: percent, stage: stage))
                }
                on(.rollback) { state, event in
                    guard case let .paused(percent, _, _) = state else { preconditionFailure() }
                    guard case let .rollback(eventReason) = event else { preconditionFailure() }
                    return transition(to: .rolledBack(fromPercent: percent, reason: eventReason), emit: .setPercentage(percent: 0))
                }
            }
            state(.fullyRolledOut)
            state(.rolledBack) {
                onEnter { state, _ in
                    guard case let .rolledBack(fromPercent, reason) = state else { preconditionFailure() }
                    context.audit.record(context.flagKey, "rolled back from \(fromPercent)%: \(reason)")
                }
                on(.start) { transition(to: .ramping(percent: 1, stage: 1), emit: .setPercentage(percent: 1)) }
            }
            onTransition { transition in
                if case .success(let valid) = transition {
                    let sideEffect = valid.sideEffect
                    switch sideEffect {
                    case let .setPercentage(percent):
                        context.setPercentage(context.flagKey, percent)
                    case let .alert(message):
                        context.setPercentage(context.flagKey, 0)
                        context.pager.alert("[\(context.flagKey)] \(message)")
                    case nil:
                        break
                    }
                    context.audit.record(context.flagKey, "\(valid.fromState.kotlinText) -> \(valid.toState.kotlinText)")
                } else if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = transition {
                    context.audit.record(context.flagKey, "ignored \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                }
            }
        }
    }
}
