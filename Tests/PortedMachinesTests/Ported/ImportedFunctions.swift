// Ported from ImportedFunctions.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Scorer: StateMachineBuilder {

    typealias State = Inning
    typealias Event = Play

    enum Inning: StateMachineHashable, Codable, Equatable {
        case waiting
        case playing(score: Score)
        case over(score: Score)

        enum HashableIdentifier: String { case waiting, playing, over }
    }

    enum Play: StateMachineHashable, Codable, Equatable {
        case start
        case run
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    struct Score: Codable, Equatable {
        var runs: Int
        var outs: Int
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// Imported by the Kotlin from com.example.scoring.rules.addRun (its result used at line 33), which is not in the files given.
        func addRun(_ p1: Score) -> Score
        /// Imported by the Kotlin from com.example.scoring.rules.announce, which is not in the files given.
        func announce(_ p1: Score)
        /// Imported by the Kotlin from com.example.scoring.rules.isFinished (its result used at line 35), which is not in the files given.
        func isFinished(_ p1: Score) -> Bool
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.waiting)
            state(.waiting) {
                on(.start) { transition(to: .playing(score: Score(runs: 0, outs: 0))) }
            }
            state(.playing) {
                on(.run) { state in
                    guard case let .playing(score) = state else { preconditionFailure() }
                    let next = context.addRun(score)
                    context.announce(next)
                    if context.isFinished(next) {
                        return transition(to: .over(score: next))
                    } else {
                        return transition(to: .playing(score: context.addRun(next)))
                    }
                }
            }
        }
    }
}
