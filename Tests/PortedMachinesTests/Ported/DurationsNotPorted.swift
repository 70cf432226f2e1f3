// Ported from DurationsNotPorted.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum DurationsNotPorted: StateMachineBuilder {

    typealias State = Wait
    typealias Event = WaitEvent

    enum Wait: StateMachineHashable, Codable, Equatable {
        case `for`(length: Duration)

        enum HashableIdentifier: String { case `for` }
    }

    enum WaitEvent: StateMachineHashable, Codable, Equatable {
        case forever
        case longer
        case shorter
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.`for`(length: Duration.zero))
        state(.`for`) {
            on(.forever) {
                // port: not ported, Kotlin line 22: the infinite duration (Swift's `Duration` has none) `Duration.INFINITE`
                // on<WaitEvent.Forever> { transitionTo(Wait.For(Duration.INFINITE)) }
                fatalError("port: DurationsNotPorted.kt:22: the infinite duration (Swift's `Duration` has none) `Duration.INFINITE` is not ported")
            }
            on(.longer) {
                // port: not ported, Kotlin line 23: a duration times a fraction (Kotlin rounds it to the nanosecond) `length * 1.5`
                // on<WaitEvent.Longer> { transitionTo(Wait.For(length * 1.5)) }
                fatalError("port: DurationsNotPorted.kt:23: a duration times a fraction (Kotlin rounds it to the nanosecond) `length * 1.5` is not ported")
            }
            on(.shorter) {
                // port: not ported, Kotlin line 24: a duration divided by a fraction (Kotlin rounds it to the nanosecond) `length / 2.5`
                // on<WaitEvent.Shorter> { transitionTo(Wait.For(length / 2.5)) }
                fatalError("port: DurationsNotPorted.kt:24: a duration divided by a fraction (Kotlin rounds it to the nanosecond) `length / 2.5` is not ported")
            }
        }
    }
}
