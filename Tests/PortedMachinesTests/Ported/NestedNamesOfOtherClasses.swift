// Ported from NestedNamesOfOtherClasses.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Kiosk: StateMachineBuilder {

    enum State: StateMachineHashable, Codable, Equatable {
        case idle
        case showing(screen: KotlinScreen, page: Int)
        case editing(screen: KotlinScreen)

        enum HashableIdentifier: String { case idle, showing, editing }

        /// Kotlin's `State.Screen`: the cases of `State` it stands for, with the same names and payloads.
        enum Screen: Codable, Equatable {
            case showing(screen: KotlinScreen, page: Int)
            case editing(screen: KotlinScreen)

            var screen: KotlinScreen {
                switch self {
                case let .showing(screen, _): screen
                case let .editing(screen): screen
                }
            }

            /// This value as a `State`.
            var state: State {
                switch self {
                case let .showing(screen, page): .showing(screen: screen, page: page)
                case let .editing(screen): .editing(screen: screen)
                }
            }
        }

        /// This value as a `Screen`, or nil when it is not one.
        var screen: Screen? {
            switch self {
            case let .showing(screen, page): .showing(screen: screen, page: page)
            case let .editing(screen): .editing(screen: screen)
            default: nil
            }
        }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case `open`
        case edit
        case close
    }

    enum SideEffect: Codable, Equatable {
        case redraw
    }

    /// port: com.example.display.Screen is not ported; give it the fields the machine needs.
    struct KotlinScreen: Codable, Hashable {}

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var screens: [KotlinScreen] { get }
    }

    /// Kotlin's `Kiosk.firstScreen`, ported: it reads the class's properties on `context`.
    private static func firstScreen(_ context: some Collaborators) -> KotlinScreen {
        context.screens[0]
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.`open`) { transition(to: .showing(screen: firstScreen(context), page: 1), emit: .redraw) }
            }
            state(.showing) {
                on(.edit) { state in
                    guard case let .showing(screen, _) = state else { preconditionFailure() }
                    return transition(to: .editing(screen: screen))
                }
            }
            state(.showing) {
                on(.close) { transition(to: .idle) }
            }
            state(.editing) {
                on(.close) { transition(to: .idle) }
            }
        }
    }
}
