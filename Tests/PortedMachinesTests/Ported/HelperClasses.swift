// Ported from Gate.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Gate: StateMachineBuilder {

    typealias State = GateState
    typealias Event = GateEvent
    typealias SideEffect = GateSideEffect

    enum GateState: StateMachineHashable, Codable, Equatable {
        case closed
        case `open`(through: Int)
        case full

        enum HashableIdentifier: String { case closed, `open`, full }
    }

    enum GateEvent: StateMachineHashable, Codable, Equatable {
        case ticket(code: String)
        case close

        enum HashableIdentifier: String { case ticket, close }
    }

    enum GateSideEffect: Codable, Equatable {
        case show(text: String)
    }

    /// Counts the tickets a gate lets through, and remembers the last few.
    final class Tally {
        let limit: Int
        private let keep: Int
        private var recent: [String] = []
        private(set) var admitted = 0

        init(limit: Int, keep: Int = 3) {
            self.limit = limit
            self.keep = keep
            precondition(limit > 0, "a gate lets someone through")
        }

        var full: Bool {
            admitted >= limit
        }

        func admit(_ ticket: String) -> Bool {
            if full || recent.contains(ticket) {
                return false
            }
            admitted += 1
            recent.append(ticket)
            if recent.count > keep {
                recent.remove(at: 0)
            }
            return true
        }

        func last() -> String? {
            recent.last
        }

        func reset() {
            admitted = 0
            recent.removeAll()
        }

        func report() -> String {
            fatalError("port: Tally.report is not ported")
        }
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var tally: Tally { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                on(.ticket) { _, event in
                    guard case let .ticket(code) = event else { preconditionFailure() }
                    if context.tally.admit(code) {
                        return transition(to: .`open`(through: context.tally.admitted))
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.`open`) {
                on(.ticket) { _, event in
                    guard case let .ticket(code) = event else { preconditionFailure() }
                    if !context.tally.admit(code) {
                        return dontTransition(emit: .show(text: "refused"))
                    } else if context.tally.full {
                        return transition(to: .full, emit: .show(text: context.tally.last() ?? ""))
                    } else {
                        return transition(to: .`open`(through: context.tally.admitted))
                    }
                }
                on(.close) {
                    context.tally.reset()
                    return transition(to: .closed)
                }
            }
            state(.full) {
                on(.close) {
                    context.tally.reset()
                    return transition(to: .closed)
                }
            }
        }
    }
}
