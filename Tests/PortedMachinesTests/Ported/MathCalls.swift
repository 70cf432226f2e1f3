// Ported from MathCalls.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum MathCalls: StateMachineBuilder {

    typealias State = Meter
    typealias Event = Measure

    enum Meter: StateMachineHashable, Codable, Equatable {
        case reading(cents: Int64, level: Int, euros: Double)

        enum HashableIdentifier: String { case reading }
    }

    enum Measure: StateMachineHashable, Codable, Equatable {
        case add(amount: Double)
        case level(value: Double)
        case drop(amount: Int)

        enum HashableIdentifier: String { case add, level, drop }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    /// Java's `Math.round` (and Kotlin's `roundToLong()`): the nearest whole number, halves toward positive
    /// infinity; values past Int64's range are its bounds, and NaN is 0 (where Kotlin's `roundToLong()` throws).
    static func roundHalfUp(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let floor = value.rounded(.down)
        let rounded = value - floor >= 0.5 ? floor + 1 : floor
        if rounded >= 9_223_372_036_854_775_808.0 { return .max }
        if rounded < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(rounded)
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.reading(cents: 0, level: 0, euros: 0.0))
        state(.reading) {
            on(.add) { state, event in
                guard case let .reading(cents, level, _) = state else { preconditionFailure() }
                guard case let .add(amount) = event else { preconditionFailure() }
                return transition(to: .reading(cents: max(cents + roundHalfUp(amount * 100), 0), level: level, euros: Double(roundHalfUp(amount * 100)) / 100.0))
            }
            on(.level) { state, event in
                guard case let .reading(cents, _, euros) = state else { preconditionFailure() }
                guard case let .level(value) = event else { preconditionFailure() }
                return transition(to: .reading(cents: cents, level: abs(Int(clamping: roundHalfUp((abs(value).squareRoot() * 10).rounded(.down)))), euros: euros))
            }
            on(.drop) { state, event in
                guard case let .reading(cents, level, euros) = state else { preconditionFailure() }
                guard case let .drop(amount) = event else { preconditionFailure() }
                return transition(to: .reading(cents: cents, level: abs(level - amount), euros: euros))
            }
        }
    }
}
