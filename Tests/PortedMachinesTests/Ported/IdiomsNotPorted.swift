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
        case name

        enum HashableIdentifier: String { case turn, stop, show, name }
    }

    enum Beep: Codable, Equatable {
        case text(text: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var turns: Int { get set }
        var lines: [String] { get }
        func describe(_ speed: Int) -> String
        func record(_ line: String)
        func tag(_ tags: [String: Int])
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) {
                on(.turn) {
                    // port: not ported, Kotlin line 35: the operator ++ on a variable the statement reads again, in `++turns`
                    // on<Knob.Turn> { transitionTo(Fan.On(it.speed, "on after $turns, now ${++turns}")) }
                    fatalError("port: IdiomsNotPorted.kt:35: the operator ++ on a variable the statement reads again, in `++turns` is not ported")
                }
                on(.show) {
                    let previousTurns = context.turns
                    context.turns += 1
                    return dontTransition(emit: .text(text: "shown \(previousTurns) times before"))
                }
                on(.stop) {
                    // port: not ported, Kotlin line 37: the operator ++ under a condition, used as a value, in `++turns`
                    // on<Knob.Stop> { dontTransition(Beep.Text(if (lines.isEmpty()) "${++turns}" else "none")) }
                    fatalError("port: IdiomsNotPorted.kt:37: the operator ++ under a condition, used as a value, in `++turns` is not ported")
                }
                on(.name) { dontTransition(emit: .text(text: context.describe(context.turns))) }
            }
            state(.on) {
                on(.turn) {
                    // port: not ported, Kotlin line 42: a when used inside an expression `when (it.speed) { 0 -> 1; else -> it.speed }`
                    // transitionTo(Fan.On(when (it.speed) { 0 -> 1; else -> it.speed }, label))
                    fatalError("port: IdiomsNotPorted.kt:42: a when used inside an expression `when (it.speed) { 0 -> 1; else -> it.speed }` is not ported")
                }
                on(.stop) { state in
                    guard case let .on(speed, _) = state else { preconditionFailure() }
                    let text: String
                    switch speed {
                    case 0:
                        text = "still"
                    default:
                        context.record("stopping")
                        text = "stopped"
                    }
                    return transition(to: .off, emit: .text(text: text))
                }
                on(.show) { state in
                    guard case let .on(stateSpeed, stateLabel) = state else { preconditionFailure() }
                    return dontTransition(emit: .text(text: "\(stateLabel) at \(stateSpeed)"))
                }
                onEnter { _, _ in
                    // port: not ported, Kotlin line 58: the expression `this::class`
                    // onEnter { record("entered ${this::class}") }
                    fatalError("port: IdiomsNotPorted.kt:58: the expression `this::class` is not ported")
                }
                onExit { _, _ in
                    // port: not ported, Kotlin line 61: a map entry that is not `key to value`: `entry`
                    // val entry = "speed" to speed
                    // tag(mapOf(entry))
                    fatalError("port: IdiomsNotPorted.kt:61: a map entry that is not `key to value`: `entry` is not ported")
                }
            }
        }
    }
}
