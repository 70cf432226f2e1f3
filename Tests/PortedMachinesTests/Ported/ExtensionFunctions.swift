// Ported from ExtensionFunctions.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ExtensionFunctions: StateMachineBuilder {

    typealias State = Table
    typealias Event = Play

    enum Table: StateMachineHashable, Codable, Equatable {
        case `open`(stack: [Chip], label: String, score: Int)

        enum HashableIdentifier: String { case `open` }
    }

    enum Play: StateMachineHashable, Codable, Equatable {
        case add(chip: Chip)
        case rename(name: String)
        case score(points: Int)
        case peek

        enum HashableIdentifier: String { case add, rename, score, peek }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    struct Chip: Codable, Equatable {
        var value: Int
        var colour: String

        var isHigh: Bool {
            value >= 25
        }
    }

    /// Kotlin's extension `List<Chip>.worth` of ExtensionFunctions.kt, ported.
    static func worth(_ receiver: [Chip]) -> Int {
        var total = receiver.map({ $0.value }).reduce(0, +)
        var high = receiver.filter({ $0.isHigh }).count
        while total > 100 && high > 0 {
            total -= 20
            high -= 1
        }
        return total
    }

    /// Kotlin's extension `List<Chip>.isTall` of ExtensionFunctions.kt, ported.
    static func isTall(_ receiver: [Chip]) -> Bool {
        receiver.count >= 3
    }

    /// Kotlin's extension `String.initials` of ExtensionFunctions.kt, ported.
    static func initials(_ receiver: String) -> String {
        String(receiver.prefix(2)).uppercased()
    }

    /// Kotlin's extension `Int.clampedTo` of ExtensionFunctions.kt, ported.
    static func clampedTo(_ receiver: Int, _ limit: Int) -> Int {
        if receiver > limit {
            return limit
        } else {
            return receiver
        }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.`open`(stack: [], label: "table", score: 0))
        state(.`open`) {
            on(.add) { state, event in
                guard case let .`open`(stack, label, _) = state else { preconditionFailure() }
                guard case let .add(chip) = event else { preconditionFailure() }
                let chips = stack + [chip]
                let worth = ExtensionFunctions.worth(chips)
                return transition(to: .`open`(stack: chips, label: label, score: ExtensionFunctions.isTall(chips) ? worth * 2 : worth))
            }
            on(.rename) { state, event in
                guard case let .`open`(stack, _, score) = state else { preconditionFailure() }
                guard case let .rename(name) = event else { preconditionFailure() }
                return transition(to: .`open`(stack: stack, label: ExtensionFunctions.initials(name), score: score))
            }
            on(.score) { state, event in
                guard case let .`open`(stack, label, score) = state else { preconditionFailure() }
                guard case let .score(points) = event else { preconditionFailure() }
                return transition(to: .`open`(stack: stack, label: label, score: ExtensionFunctions.clampedTo(ExtensionFunctions.clampedTo(points, score + 10), 100)))
            }
            on(.eq(.peek)) { state in
                guard case let .`open`(stack, _, score) = state else { preconditionFailure() }
                return transition(to: .`open`(stack: stack, label: stack.map({ $0.colour }).second(), score: score))
            }
        }
    }
}
