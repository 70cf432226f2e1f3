// Ported from TypeFunctions.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum TypeFunctions: StateMachineBuilder {

    static let PRICE_PER_LITRE = 2
    static let LEVELS: [Int: String] = [0: "empty", 1: "low", 2: "half", 3: "high", 4: "full"]

    typealias State = Drive
    typealias Event = Pedal
    typealias SideEffect = Dashboard

    enum Drive: StateMachineHashable, Codable, Equatable {
        case parked(tank: Tank)
        case moving(tank: Tank, gear: Gear)
        case stalled(tank: Tank, reason: String)

        enum HashableIdentifier: String { case parked, moving, stalled }

        var tank: Tank {
            switch self {
            case let .parked(tank): tank
            case let .moving(tank, _): tank
            case let .stalled(tank, _): tank
            }
        }

        /// Whether this value is a Kotlin `Moving`.
        var isMovingCase: Bool {
            switch self {
            case .moving: true
            default: false
            }
        }

        /// One press of a pedal: the next state, and what the dashboard says.
        func step(_ press: Pedal.Press) -> (Drive, String) {
            switch self {
            case let .moving(tank, gear):
                let burnt = tank.burn(press.force)
                if burnt.isEmpty() {
                    return (Drive.stalled(tank: burnt, reason: "out of fuel"), "stalled")
                }
                let next = press.shift(gear)
                return (Drive.moving(tank: burnt, gear: next), "moving in \(next.name.lowercased())")
            default:
                preconditionFailure("step is a function of Moving, and \(self) is not one")
            }
        }

        func withTank(_ tank: Tank) -> Drive {
            switch self {
            case .parked:
                return .parked(tank: tank)
            case let .moving(_, gear):
                return .moving(tank: tank, gear: gear)
            case .stalled:
                return .parked(tank: tank)
            }
        }

        func describe() -> String {
            switch self {
            case let .parked(tank):
                return "parked, \(tank.litres) l"
            case let .moving(tank, _):
                return "moving, \(tank.litres) l"
            case let .stalled(_, reason):
                return "stalled: \(reason)"
            }
        }

        func isMoving() -> Bool {
            self.isMovingCase
        }
    }

    enum Pedal: StateMachineHashable, Codable, Equatable {
        case accelerate(force: Int)
        case brake(force: Int)
        case refuel(litres: Int)
        case start
        case stop

        enum HashableIdentifier: String { case accelerate, brake, refuel, start, stop }

        /// Kotlin's `Pedal.Press`: the cases of `Pedal` it stands for, with the same names and payloads.
        enum Press: Codable, Equatable {
            case accelerate(force: Int)
            case brake(force: Int)

            var force: Int {
                switch self {
                case let .accelerate(force): force
                case let .brake(force): force
                }
            }

            func shift(_ gear: Gear) -> Gear {
                switch self {
                case let .accelerate(force):
                    if force > 5 {
                        return gear.up().up()
                    } else {
                        return gear.up()
                    }
                case .brake:
                    return Gear.low
                }
            }

            /// This value as a `Pedal`.
            var pedal: Pedal {
                switch self {
                case let .accelerate(force): .accelerate(force: force)
                case let .brake(force): .brake(force: force)
                }
            }
        }

        /// This value as a `Press`, or nil when it is not one.
        var press: Press? {
            switch self {
            case let .accelerate(force): .accelerate(force: force)
            case let .brake(force): .brake(force: force)
            default: nil
            }
        }
    }

    enum Dashboard: Codable, Equatable {
        case show(text: String)
        case charge(cents: Int)
    }

    struct Tank: Codable, Equatable {
        var litres: Int
        var capacity: Int

        func fill(_ amount: Int) -> Tank {
            Tank(litres: min(capacity, litres + amount), capacity: self.capacity)
        }

        func burn(_ amount: Int) -> Tank {
            if amount > litres {
                return Tank(litres: 0, capacity: self.capacity)
            }
            return Tank(litres: litres - amount, capacity: self.capacity)
        }

        func isEmpty() -> Bool {
            litres == 0
        }

        func refuelCost(_ litresWanted: Int) -> Int {
            min(litresWanted, capacity - litres) * PRICE_PER_LITRE
        }

        func levelName() -> String {
            LEVELS[litres / 10] ?? { () -> String in preconditionFailure("no level for \(litres) litres") }()
        }

        func gauge() -> String {
            var text = ""
            for _ in 0..<litres / 10 {
                text += "|"
            }
            return text
        }
    }

    enum Gear: Codable, Hashable, CaseIterable {
        case low, middle, high

        /// The constant's Kotlin name, as `name` gives it.
        var name: String {
            switch self {
            case .low: "LOW"
            case .middle: "MIDDLE"
            case .high: "HIGH"
            }
        }

        func up() -> Gear {
            switch self {
            case Gear.low:
                return Gear.middle
            case Gear.middle, Gear.high:
                return Gear.high
            }
        }

        func label() -> String {
            "gear \(self.name.lowercased())"
        }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.parked(tank: Tank(litres: 12, capacity: 40)))
        state(.parked) {
            on(.start) { state in
                guard case let .parked(tank) = state else { preconditionFailure() }
                if tank.isEmpty() {
                    return dontTransition(emit: .show(text: state.describe()))
                } else {
                    return transition(to: .moving(tank: tank.burn(5), gear: Gear.low))
                }
            }
            on(.refuel) { state, event in
                guard case let .parked(tank) = state else { preconditionFailure() }
                guard case let .refuel(litres) = event else { preconditionFailure() }
                return transition(to: state.withTank(tank.fill(litres)), emit: .charge(cents: tank.refuelCost(litres)))
            }
        }
        state(.moving) {
            on(.accelerate) { state, event in
                guard let event = event.press else { preconditionFailure() }
                let (next, message) = state.step(event)
                return transition(to: next, emit: .show(text: message))
            }
            on(.brake) { state, event in
                guard let event = event.press else { preconditionFailure() }
                let (next, message) = state.step(event)
                return transition(to: next, emit: .show(text: message))
            }
            on(.stop) { state in
                guard case let .moving(tank, _) = state else { preconditionFailure() }
                return transition(to: .parked(tank: tank), emit: .show(text: tank.gauge() + " " + tank.levelName()))
            }
            on(.start) { state in
                guard case let .moving(_, gear) = state else { preconditionFailure() }
                return dontTransition(emit: .show(text: state.isMoving() ? "already moving in \(gear.label())" : "parked"))
            }
        }
        state(.stalled) {
            on(.refuel) { state, event in
                guard case let .stalled(tank, _) = state else { preconditionFailure() }
                guard case let .refuel(litres) = event else { preconditionFailure() }
                return transition(to: state.withTank(tank.fill(litres)), emit: .show(text: state.describe()))
            }
        }
    }
}
