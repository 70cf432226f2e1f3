// Ported from SafeCalls.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum DeckController: StateMachineBuilder {

    typealias State = Deck
    typealias Event = Press
    typealias SideEffect = Screen

    enum Deck: StateMachineHashable, Codable, Equatable {
        case loaded(song: Song?, label: String?)

        enum HashableIdentifier: String { case loaded }
    }

    enum Press: StateMachineHashable, Codable, Equatable {
        case label(text: String?)
        case show
        case load(song: Song)

        enum HashableIdentifier: String { case label, show, load }
    }

    enum Screen: Codable, Equatable {
        case line(text: String)
    }

    struct Song: Codable, Equatable {
        var id: String
        var title: String
    }

    protocol Board {
        func put(_ key: String, _ value: String?, _ times: Int)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var board: any Board { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.loaded(song: nil, label: nil))
            state(.loaded) {
                onEnter { state, _ in
                    guard case let .loaded(song, _) = state else { preconditionFailure() }
                    context.board.put("song", song?.id, 1)
                }
                on(.label) { state, event in
                    guard case let .loaded(song, _) = state else { preconditionFailure() }
                    guard case let .label(text) = event else { preconditionFailure() }
                    return transition(to: .loaded(song: song, label: text), emit: .line(text: "label\(text.map { ": \($0)" } ?? "")"))
                }
                on(.load) { state, event in
                    guard case let .loaded(_, label) = state else { preconditionFailure() }
                    guard case let .load(eventSong) = event else { preconditionFailure() }
                    return transition(to: .loaded(song: eventSong, label: label))
                }
                on(.show) { state in
                    guard case let .loaded(song, label) = state else { preconditionFailure() }
                    let size = label?.count ?? -1
                    return dontTransition(emit: .line(text: "\(song?.title ?? "no song") \(label?.uppercased() ?? "none") \(size)"))
                }
            }
        }
    }
}
