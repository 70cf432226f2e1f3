// Ported from ValidLetListeners.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum TillController: StateMachineBuilder {

    typealias State = Till
    typealias Event = Sale
    typealias SideEffect = Receipt

    enum Till: StateMachineHashable, Codable, Equatable {
        case closed
        case `open`(total: Int)

        enum HashableIdentifier: String { case closed, `open` }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .closed: "Closed"
            case let .`open`(total): "Open(total=\(total))"
            }
        }
    }

    enum Sale: StateMachineHashable, Codable, Equatable {
        case openTill
        case ring(price: Int)
        case closeTill

        enum HashableIdentifier: String { case openTill, ring, closeTill }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .openTill: "OpenTill"
            case let .ring(price): "Ring(price=\(price))"
            case .closeTill: "CloseTill"
            }
        }
    }

    enum Receipt: Codable, Equatable {
        case print(total: Int)
        case beep
    }

    protocol Printer {
        func print(_ line: String)
        func beep()
        func log(_ line: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var printer: any Printer { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                on(.openTill) { transition(to: .`open`(total: 0)) }
            }
            state(.`open`) {
                on(.ring) { state, event in
                    guard case let .`open`(total) = state else { preconditionFailure() }
                    guard case let .ring(price) = event else { preconditionFailure() }
                    return transition(to: .`open`(total: total + price), emit: .beep)
                }
                on(.closeTill) { state in
                    guard case let .`open`(total) = state else { preconditionFailure() }
                    return transition(to: .closed, emit: .print(total: total))
                }
            }
            onTransition { transition in
                if case .success(let valid) = transition, let receipt = valid.sideEffect {
                    switch receipt {
                    case let .print(total):
                        context.printer.print("total \(total)")
                    case .beep:
                        context.printer.beep()
                    }
                }
                if case .success(let valid) = transition {
                    context.printer.log("\(valid.event.kotlinText) moved to \(valid.toState.kotlinText)")
                }
            }
        }
    }
}
