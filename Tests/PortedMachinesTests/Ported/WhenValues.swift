// Ported from WhenValues.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum WhenValues: StateMachineBuilder {

    typealias State = Kettle
    typealias Event = Heat
    typealias SideEffect = Whistle

    enum Kettle: StateMachineHashable, Codable, Equatable {
        case cold(degrees: Int)
        case warm(degrees: Int, label: String)
        case boiling

        enum HashableIdentifier: String { case cold, warm, boiling }
    }

    enum Heat: StateMachineHashable, Codable, Equatable {
        case by(degrees: Int)
        case reset
        case pour

        enum HashableIdentifier: String { case by, reset, pour }
    }

    enum Whistle: Codable, Equatable {
        case say(text: String)
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.cold(degrees: 20))
        state(.cold) {
            on(.by) { state, event in
                guard case let .cold(degrees) = state else { preconditionFailure() }
                guard case let .by(eventDegrees) = event else { preconditionFailure() }
                let total = degrees + eventDegrees
                let next: Kettle = if total >= 100 {
                    .boiling
                } else if total >= 40 {
                    .warm(degrees: total, label: "warm")
                } else {
                    .cold(degrees: total)
                }
                return transition(to: next)
            }
        }
        state(.warm) {
            on(.by) { state, event in
                guard case let .warm(degrees, _) = state else { preconditionFailure() }
                guard case let .by(eventDegrees) = event else { preconditionFailure() }
                let total = degrees + eventDegrees
                var label = "warm"
                label = switch total {
                case 40..<60:
                    "warm"
                case 60...79:
                    "hot"
                case 80, 90:
                    "very hot"
                default:
                    "scalding"
                }
                return transition(to: .warm(degrees: total, label: label))
            }
            on(.pour) { state in
                let text: String = switch state {
                case let .warm(degrees, _):
                    "pouring at \(degrees)"
                default:
                    "not now"
                }
                return dontTransition(emit: .say(text: text))
            }
            on(.reset) { state in
                guard case let .warm(degrees, label) = state else { preconditionFailure() }
                switch label {
                case "warm":
                    return transition(to: .cold(degrees: degrees))
                default:
                    return dontTransition(emit: .say(text: "too hot to reset"))
                }
            }
        }
        state(.boiling) {
            on(.reset) { transition(to: .cold(degrees: 20), emit: .say(text: "boiled")) }
        }
    }
}
