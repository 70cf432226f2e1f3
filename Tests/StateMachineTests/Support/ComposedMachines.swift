import StateMachine

/// Seed 001's composed machines, written with the composition DSL.

/// The inner machine of the hierarchical turnstile: it cannot be broken.
enum FunctioningTurnstile: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable {
        case locked(credit: Int), unlocked
        enum HashableIdentifier: String { case locked, unlocked }
    }
    enum Event: StateMachineHashable, Equatable {
        case insertCoin(value: Int), admitPerson
        enum HashableIdentifier: String { case insertCoin, admitPerson }
    }
    enum SideEffect: Equatable { case soundAlarm, closeDoors, openDoors }

    static let farePrice = 50

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, coin in
                let newCredit = try locked.credit() + coin.value() as Int
                return newCredit >= farePrice
                    ? transition(to: .unlocked, emit: .openDoors)
                    : transition(to: .locked(credit: newCredit))
            }
            on(.admitPerson) { dontTransition(emit: .soundAlarm) }
        }
        state(.unlocked) {
            on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
        }
    }
}

/// The outer machine: `functioning` runs the inner machine, `broken` remembers it by history.
enum HierarchicalTurnstile: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable {
        case functioning(FunctioningTurnstile.State), broken
        enum HashableIdentifier: String { case functioning, broken }
    }
    enum Event: StateMachineHashable, Equatable {
        case insertCoin(value: Int), admitPerson, machineDidFail, machineRepairDidComplete
        enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }

        /// The inner machine's event this one stands for, as in the seed.
        var functioning: FunctioningTurnstile.Event? {
            switch self {
            case .insertCoin(let value): .insertCoin(value: value)
            case .admitPerson: .admitPerson
            case .machineDidFail, .machineRepairDidComplete: nil
            }
        }
    }
    typealias SideEffect = FunctioningTurnstile.SideEffect

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.functioning(.locked(credit: 0)))
        state(.functioning) {
            child(FunctioningTurnstile.definition, in: State.functioning, events: \.functioning)
            on(.machineDidFail) { transition(to: .broken) }
        }
        state(.broken) {
            on(.machineRepairDidComplete, toHistoryOfChild: .functioning, default: .functioning(.locked(credit: 0)))
        }
    }
}

/// The keyboard's caps-lock machine.
enum MainKeypad: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable { case capsLockOff, capsLockOn }
    enum Event: StateMachineHashable, Equatable {
        case alpha(Character), capsLock
        enum HashableIdentifier: String { case alpha, capsLock }

        var character: Character? {
            if case .alpha(let character) = self { character } else { nil }
        }

        init?(_ key: Keyboard.Key) {
            switch key {
            case .alpha(let character): self = .alpha(character)
            case .capsLock: self = .capsLock
            case .number, .numLock: return nil
            }
        }
    }
    typealias SideEffect = Keyboard.Output

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.capsLockOff)
        state(.capsLockOff) {
            on(.capsLock) { transition(to: .capsLockOn) }
            on(.alpha) { _, key in dontTransition(emit: key.character.map { .alphaNumeric($0) }) }
        }
        state(.capsLockOn) {
            on(.capsLock) { transition(to: .capsLockOff) }
            on(.alpha) { _, key in dontTransition(emit: key.character.map { .alphaNumeric(Character($0.uppercased())) }) }
        }
    }
}

/// The keyboard's num-lock machine.
enum NumericKeypad: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable { case numLockOff, numLockOn }
    enum Event: StateMachineHashable, Equatable {
        case number(Int), numLock
        enum HashableIdentifier: String { case number, numLock }

        var number: Int? {
            if case .number(let number) = self { number } else { nil }
        }

        init?(_ key: Keyboard.Key) {
            switch key {
            case .number(let number): self = .number(number)
            case .numLock: self = .numLock
            case .alpha, .capsLock: return nil
            }
        }
    }
    typealias SideEffect = Keyboard.Output

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.numLockOn)
        state(.numLockOff) {
            on(.numLock) { transition(to: .numLockOn) }
            on(.number) { _, key in dontTransition(emit: key.number.flatMap(Keyboard.Arrow.init(numericKeypadInput:)).map { .arrow($0) }) }
        }
        state(.numLockOn) {
            on(.numLock) { transition(to: .numLockOff) }
            on(.number) { _, key in dontTransition(emit: key.number.map { .alphaNumeric(Character("\($0)")) }) }
        }
    }
}

/// The keyboard written by hand as a product: both keypads side by side.
struct Keyboard: StateMachineHashable, Hashable {
    var main: MainKeypad.State
    var numeric: NumericKeypad.State

    enum Key: StateMachineHashable, Equatable {
        case alpha(Character), number(Int), numLock, capsLock
        enum HashableIdentifier: String { case alpha, number, numLock, capsLock }
    }
    enum Output: Equatable { case alphaNumeric(Character), arrow(Arrow) }
    enum Arrow: Equatable {
        case up, down, left, right

        init?(numericKeypadInput: Int) {
            switch numericKeypadInput {
            case 2: self = .up
            case 4: self = .left
            case 6: self = .right
            case 8: self = .down
            default: return nil
            }
        }
    }

    var associatedValue: Any { (main, numeric) }

    static let definition = StateMachine<Keyboard, Key, [Output]>.Definition(
        initialState: Keyboard(main: .capsLockOff, numeric: .numLockOn),
        regions: .init("main keypad", MainKeypad.definition, at: \.main, events: MainKeypad.Event.init),
        .init("numeric keypad", NumericKeypad.definition, at: \.numeric, events: NumericKeypad.Event.init)
    )
}
