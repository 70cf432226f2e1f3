// Ported from GroupTypes.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Kitchen: StateMachineBuilder {

    typealias State = OrderState
    typealias Event = OrderEvent
    typealias SideEffect = OrderSideEffect

    enum OrderState: StateMachineHashable, Codable, Equatable {
        case `open`(changes: [OrderEvent.Change], lastCall: OrderEvent.Call?)
        case sent(changes: [OrderEvent.Change], history: [OrderEvent])

        enum HashableIdentifier: String { case `open`, sent }

        func with(_ change: OrderEvent.Change) -> OrderState {
            switch self {
            case let .`open`(changes, lastCall):
                return .`open`(changes: changes + [change], lastCall: lastCall)
            default:
                preconditionFailure("with is a function of Open, and \(self) is not one")
            }
        }

        func dishes() -> Int {
            switch self {
            case let .`open`(changes, _):
                return changes.map({ $0.delta() }).reduce(0, +)
            default:
                preconditionFailure("dishes is a function of Open, and \(self) is not one")
            }
        }
    }

    enum OrderEvent: StateMachineHashable, Codable, Equatable {
        case add(dish: String, count: Int)
        case remove(dish: String, count: Int)
        case ask(question: String)
        case complain(level: Int)
        case undo
        case replay
        case send

        enum HashableIdentifier: String { case add, remove, ask, complain, undo, replay, send }

        /// A change to the order: kept in its history, and undone by its inverse.
        enum Change: Codable, Equatable {
            case add(dish: String, count: Int)
            case remove(dish: String, count: Int)

            var dish: String {
                switch self {
                case let .add(dish, _): dish
                case let .remove(dish, _): dish
                }
            }

            func inverse() -> OrderEvent.Change {
                switch self {
                case let .add(dish, count):
                    return .remove(dish: dish, count: count)
                case let .remove(dish, count):
                    return .add(dish: dish, count: count)
                }
            }

            /// How many dishes it adds: `when` over a change.
            func delta() -> Int {
                switch self {
                case let .add(_, count):
                    return count
                case let .remove(_, count):
                    return -count
                }
            }

            /// This value as an `OrderEvent`.
            var orderEvent: OrderEvent {
                switch self {
                case let .add(dish, count): .add(dish: dish, count: count)
                case let .remove(dish, count): .remove(dish: dish, count: count)
                }
            }
        }

        /// This value as a `Change`, or nil when it is not one.
        var change: Change? {
            switch self {
            case let .add(dish, count): .add(dish: dish, count: count)
            case let .remove(dish, count): .remove(dish: dish, count: count)
            default: nil
            }
        }

        /// Kotlin's `OrderEvent.Call`: the cases of `OrderEvent` it stands for, with the same names and payloads.
        enum Call: Codable, Equatable {
            case ask(question: String)
            case complain(level: Int)

            var urgent: Bool {
                switch self {
                case .ask: false
                case let .complain(level): level > 2
                }
            }

            func describe() -> String {
                switch self {
                case let .ask(question):
                    return "ask: \(question)"
                case let .complain(level):
                    return "complaint of level \(level)"
                }
            }

            /// This value as an `OrderEvent`.
            var orderEvent: OrderEvent {
                switch self {
                case let .ask(question): .ask(question: question)
                case let .complain(level): .complain(level: level)
                }
            }
        }

        /// This value as a `Call`, or nil when it is not one.
        var call: Call? {
            switch self {
            case let .ask(question): .ask(question: question)
            case let .complain(level): .complain(level: level)
            default: nil
            }
        }
    }

    enum OrderSideEffect: Codable, Equatable {
        case forward(event: OrderEvent)
        case announce(text: String)
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.`open`(changes: [], lastCall: nil))
        state(.`open`) {
            on(.add) { state, event in
                guard let event = event.change else { preconditionFailure() }
                guard case let .add(dish, _) = event else { preconditionFailure() }
                return transition(to: state.with(event), emit: .announce(text: "\(dish): \(state.dishes() + event.delta()) dishes"))
            }
            on(.remove) { state, event in
                guard let event = event.change else { preconditionFailure() }
                guard case let .remove(dish, _) = event else { preconditionFailure() }
                return transition(to: state.with(event), emit: .announce(text: "\(dish): \(state.dishes() + event.delta()) dishes"))
            }
            on(.ask) { state, event in
                guard let event = event.call else { preconditionFailure() }
                guard case let .`open`(changes, _) = state else { preconditionFailure() }
                let text: String = switch event {
                case .ask:
                    "question"
                case .complain:
                    event.urgent ? "urgent" : "complaint"
                }
                return transition(to: .`open`(changes: changes, lastCall: event), emit: .announce(text: text + ", " + event.describe()))
            }
            on(.complain) { state, event in
                guard let event = event.call else { preconditionFailure() }
                guard case let .`open`(changes, _) = state else { preconditionFailure() }
                let text: String = switch event {
                case .ask:
                    "question"
                case .complain:
                    event.urgent ? "urgent" : "complaint"
                }
                return transition(to: .`open`(changes: changes, lastCall: event), emit: .announce(text: text + ", " + event.describe()))
            }
            on(.undo) { state in
                guard case let .`open`(changes, lastCall) = state else { preconditionFailure() }
                guard let last = changes.last else {
                    return dontTransition()
                }
                let undone: String = switch last {
                case .add:
                    "added"
                case .remove:
                    "removed"
                }
                return transition(to: .`open`(changes: Array(changes.dropLast(1)), lastCall: lastCall), emit: .announce(text: "undo \(undone) " + last.inverse().dish))
            }
            on(.replay) { state in
                guard case let .`open`(_, lastCall) = state else { preconditionFailure() }
                guard let call = lastCall else {
                    return dontTransition()
                }
                return dontTransition(emit: .forward(event: call.orderEvent))
            }
            on(.send) { state in
                guard case let .`open`(changes, _) = state else { preconditionFailure() }
                return transition(to: .sent(changes: changes.map({ $0.inverse().inverse() }), history: changes.map(\.orderEvent) + [OrderEvent.send]))
            }
        }
        state(.sent) {
            on(.add) { _, event in transition(to: .`open`(changes: [event.change!], lastCall: nil)) }
            on(.complain) { _, event in
                dontTransition(emit: .announce(text: "too late for a \(event.call!.describe()), urgent: \(event.call!.urgent)"))
            }
        }
    }
}
