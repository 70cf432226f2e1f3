// Ported from TextAndClock.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum Composer: StateMachineBuilder {

    typealias State = Draft
    typealias Event = Edit

    enum Draft: StateMachineHashable, Codable, Equatable {
        case editing(text: String, stamp: Int64)
        case sent(text: String, at: Date)

        enum HashableIdentifier: String { case editing, sent }
    }

    enum Edit: StateMachineHashable, Codable, Equatable {
        case cut(from: Int, to: Int)
        case stamp
        case send
        case reset

        enum HashableIdentifier: String { case cut, stamp, send, reset }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Clock {
        func millis() -> Int64
        func instant() -> Date
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var text: String { get }
        var clock: any Clock { get }
    }

    /// Kotlin's `removeRange(start, end)`: the text without the characters from `start` up to `end` (counted as
    /// `substring` and `length` count them). Where Kotlin throws (`end` before `start`, a range outside the text), the
    /// port stops.
    static func removeRange(_ text: String, _ start: Int, _ end: Int) -> String {
        precondition(end >= start, "End index (\(end)) is less than start index (\(start)).")
        if end == start { return text }
        precondition(start >= 0 && end <= text.count, "The range \(start)..<\(end) is outside a text of length \(text.count).")
        return String(text.prefix(start)) + String(text.dropFirst(end))
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.editing(text: context.text, stamp: 0))
            state(.editing) {
                on(.cut) { state, event in
                    guard case let .editing(text, stamp) = state else { preconditionFailure() }
                    guard case let .cut(from, to) = event else { preconditionFailure() }
                    return transition(to: .editing(text: removeRange(text, from, to), stamp: stamp))
                }
                on(.eq(.stamp)) { state in
                    guard case let .editing(text, _) = state else { preconditionFailure() }
                    return transition(to: .editing(text: text, stamp: context.clock.millis()))
                }
                on(.eq(.send)) { state in
                    guard case let .editing(text, _) = state else { preconditionFailure() }
                    return transition(to: .sent(text: text, at: context.clock.instant()))
                }
                on(.eq(.reset)) { state in
                    guard case let .editing(_, stamp) = state else { preconditionFailure() }
                    return transition(to: .editing(text: context.text, stamp: stamp))
                }
            }
        }
    }
}
