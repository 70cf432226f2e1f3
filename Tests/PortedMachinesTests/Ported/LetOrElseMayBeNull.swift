// Ported from LetOrElseMayBeNull.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum BulbController: StateMachineBuilder {

    typealias State = Bulb
    typealias Event = Flip
    typealias SideEffect = Note

    enum Bulb: StateMachineHashable, Codable, Equatable {
        case dark
        case lit
    }

    enum Flip: StateMachineHashable, Codable, Equatable {
        case up
    }

    enum Note: Codable, Equatable {
        case say(text: String)
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.dark)
        state(.dark) {
            on(.up) { transition(to: .lit, emit: .say(text: "lit")) }
        }
        onTransition { _ in
            // port: not ported, Kotlin line 30: the ?: after a ?.let whose value may be null (not a call of a Unit function) in `(it as? StateMachine.Transition.Valid)?.let { valid -> de …`
            // (it as? StateMachine.Transition.Valid)?.let { valid -> describe(valid.sideEffect) } ?: record("nothing")
            fatalError("port: LetOrElseMayBeNull.kt:30: the ?: after a ?.let whose value may be null (not a call of a Unit function) in `(it as? StateMachine.Transition.Valid)?.let { valid -> de …` is not ported")
        }
    }
}
