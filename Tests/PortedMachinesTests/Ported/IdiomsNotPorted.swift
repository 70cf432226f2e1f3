// Ported from IdiomsNotPorted.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum FanController: StateMachineBuilder {

    typealias State = Fan
    typealias Event = Knob
    typealias SideEffect = Beep

    enum Fan: StateMachineHashable, Codable, Equatable {
        case off
        case on(speed: Int, label: String)

        enum HashableIdentifier: String { case off, on }
    }

    enum Knob: StateMachineHashable, Codable, Equatable {
        case turn(speed: Int)
        case stop
        case show

        enum HashableIdentifier: String { case turn, stop, show }
    }

    enum Beep: Codable, Equatable {
        case text(text: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        func record(_ line: String)
        func tag(_ tags: [String: Int])
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) {
                on(.turn) { _, event in
                    guard case let .turn(speed) = event else { preconditionFailure() }
                    return transition(to: .on(speed: speed, label: "on"))
                }
            }
            state(.on) {
                on(.turn) {
                    // port: not ported, Kotlin line 34: a when used inside an expression `when (it.speed) { 0 -> 1; else -> it.speed }`
                    // transitionTo(Fan.On(when (it.speed) { 0 -> 1; else -> it.speed }, label))
                    fatalError("port: IdiomsNotPorted.kt:34: a when used inside an expression `when (it.speed) { 0 -> 1; else -> it.speed }` is not ported")
                }
                on(.stop) {
                    // port: not ported, Kotlin line 39: a when branch with several statements used as a value: `{ …`
                    // val text = when (speed) {
                    //     0 -> "still"
                    //     else -> {
                    //         record("stopping")
                    //         "stopped"
                    //     }
                    // }
                    // transitionTo(Fan.Off, Beep.Text(text))
                    fatalError("port: IdiomsNotPorted.kt:39: a when branch with several statements used as a value: `{ …` is not ported")
                }
                on(.show) {
                    // port: not ported, Kotlin line 47: the destructuring of a value that is not a Pair or Triple in `val (speed, label) = this`
                    // val (speed, label) = this
                    // dontTransition(Beep.Text("$label at $speed"))
                    fatalError("port: IdiomsNotPorted.kt:47: the destructuring of a value that is not a Pair or Triple in `val (speed, label) = this` is not ported")
                }
                onEnter { _, _ in
                    // port: not ported, Kotlin line 50: the expression `this::class`
                    // onEnter { record("entered ${this::class}") }
                    fatalError("port: IdiomsNotPorted.kt:50: the expression `this::class` is not ported")
                }
                onExit { _, _ in
                    // port: not ported, Kotlin line 53: a map entry that is not `key to value`: `entry`
                    // val entry = "speed" to speed
                    // tag(mapOf(entry))
                    fatalError("port: IdiomsNotPorted.kt:53: a map entry that is not `key to value`: `entry` is not ported")
                }
            }
        }
    }
}
