import StateMachine

/// The keyboard of Andy Matuschak's gist, written for Swift: caps lock and num lock side by side in one state, letters
/// typed as they are or in upper case, numbers typed or turned into arrows (2, 4, 6, 8) when num lock is off.
public enum Keyboard: StateMachineBuilder {
    public enum State: StateMachineHashable, Codable, Equatable {
        case keypad(capsLockOn: Bool, numLockOn: Bool)
        public enum HashableIdentifier: String { case keypad }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case letter(String)
        case digit(Int)
        case capsLock
        case numLock
        public enum HashableIdentifier: String { case letter, digit, capsLock, numLock }
    }

    public enum Direction: String, Codable, Equatable { case up, down, left, right }

    public enum SideEffect: Codable, Equatable {
        case type(String)
        case arrow(Direction)
    }

    static func arrow(for digit: Int) -> Direction? {
        switch digit {
        case 2: .up
        case 4: .left
        case 6: .right
        case 8: .down
        default: nil
        }
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.keypad(capsLockOn: false, numLockOn: true))
        state(.keypad) {
            on(.capsLock) { keypad in
                transition(to: .keypad(capsLockOn: !(try keypad.capsLockOn()), numLockOn: try keypad.numLockOn()))
            }
            on(.numLock) { keypad in
                transition(to: .keypad(capsLockOn: try keypad.capsLockOn(), numLockOn: !(try keypad.numLockOn())))
            }
            on(.letter) { keypad, key in
                let letter: String = try key.value()
                return dontTransition(emit: .type(try keypad.capsLockOn() ? letter.uppercased() : letter))
            }
            on(.digit) { keypad, key in
                let digit: Int = try key.value()
                if try keypad.numLockOn() { return dontTransition(emit: .type(String(String(digit).prefix(1)))) }
                guard let direction = arrow(for: digit) else { return dontTransition() }
                return dontTransition(emit: .arrow(direction))
            }
        }
    }
}
