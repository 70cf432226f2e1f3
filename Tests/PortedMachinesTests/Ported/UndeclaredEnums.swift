// Ported from UndeclaredEnums.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ParcelFlow: StateMachineBuilder {

    enum State: StateMachineHashable, Codable, Equatable {
        case idle
        case checking(progress: Progress, address: AddressType)
        case ready(progress: Progress)

        enum HashableIdentifier: String { case idle, checking, ready }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .idle: "Idle"
            case let .checking(progress, address): "Checking(progress=\(kotlinTextOf(progress)), address=\(address.name))"
            case let .ready(progress): "Ready(progress=\(kotlinTextOf(progress)))"
            }
        }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case start
        case checked
        case returnRequested
        case printed

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .start: "Start"
            case .checked: "Checked"
            case .returnRequested: "ReturnRequested"
            case .printed: "Printed"
            }
        }
    }

    enum SideEffect: Codable, Equatable {
        case validate(address: AddressType)
        case print
    }

    struct Progress: Codable, Equatable {
        var steps: Set<Step>
        var retries: Int
    }

    enum Step: Codable, Hashable, CaseIterable {
        case originChecked, destinationChecked, labelPrinted

        /// The constant's Kotlin name, as `name` gives it.
        var name: String {
            switch self {
            case .originChecked: "ORIGIN_CHECKED"
            case .destinationChecked: "DESTINATION_CHECKED"
            case .labelPrinted: "LABEL_PRINTED"
            }
        }
    }

    /// port: AddressType is not declared in the files given; these are the constants the machine uses.
    enum AddressType: Codable, Hashable {
        case origin, destination, `return`

        /// The constant's Kotlin name, as `name` gives it.
        var name: String {
            switch self {
            case .origin: "ORIGIN"
            case .destination: "DESTINATION"
            case .`return`: "RETURN"
            }
        }
    }

    /// port: Level is not declared in the files given; these are the constants the machine uses.
    enum Level: Codable, Hashable {
        case info, warning

        /// The constant's Kotlin name, as `name` gives it.
        var name: String {
            switch self {
            case .info: "INFO"
            case .warning: "WARNING"
            }
        }
    }

    /// The Kotlin exception `UnexpectedEvent` a handler throws, with what its constructor takes.
    struct UnexpectedEvent: Error, CustomStringConvertible {
        let message: String
        var description: String { "UnexpectedEvent: \(message)" }
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var trace: (String) -> Void { get }
    }

    /// A `Progress` as Kotlin's `toString()` writes the data class.
    static func kotlinTextOf(_ value: Progress) -> String {
        "Progress(steps=\("[" + value.steps.map { e1 in e1.name }.joined(separator: ", ") + "]"), retries=\(value.retries))"
    }

    /// Kotlin's `ParcelFlow.log`, ported: it reads the class's properties on `context`.
    private static func log(_ context: some Collaborators, _ message: String, _ level: Level) {
        context.trace("\(level.name) \(message)")
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.start) {
                    log(context, "start", Level.info)
                    return transition(to: .checking(progress: Progress(steps: [], retries: 0), address: AddressType.origin), emit: .validate(address: AddressType.origin))
                }
            }
            state(.checking) {
                on(.checked) { state in
                    guard case let .checking(progress, address) = state else { preconditionFailure() }
                    if address == AddressType.origin {
                        let next = Progress(steps: progress.steps.union([Step.originChecked]), retries: progress.retries)
                        return transition(to: .checking(progress: next, address: AddressType.destination), emit: .validate(address: AddressType.destination))
                    } else {
                        let steps = address == AddressType.destination ? [Step.destinationChecked] : []
                        return transition(to: .ready(progress: Progress(steps: progress.steps.union(steps), retries: progress.retries)))
                    }
                }
                on(.returnRequested) { state in
                    guard case let .checking(progress, _) = state else { preconditionFailure() }
                    log(context, "return to sender", Level.warning)
                    return transition(to: .checking(progress: Progress(steps: progress.steps, retries: progress.retries + 1), address: AddressType.`return`), emit: .validate(address: AddressType.`return`))
                }
            }
            state(.ready) {
                on(.printed) { state in
                    guard case let .ready(progress) = state else { preconditionFailure() }
                    return transition(to: .ready(progress: Progress(steps: progress.steps.union([Step.labelPrinted]), retries: progress.retries)), emit: .print)
                }
            }
            onTransition { result in
                if case .success(let valid) = result {
                    context.trace(valid.toState.kotlinText)
                } else if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                    throw UnexpectedEvent(message: "\(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                }
            }
        }
    }
}
