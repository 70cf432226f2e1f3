// Ported from CaseProperties.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CaseProperties: StateMachineBuilder {

    static let showsBack: Bool = true

    typealias State = Page
    typealias Event = Nav
    typealias SideEffect = NavEffect

    enum Page: StateMachineHashable, Codable, Equatable {
        case home
        case detail(id: Int, title: String)
        case settings

        enum HashableIdentifier: String { case home, detail, settings }

        var title: String {
            switch self {
            case .home: "Home"
            case let .detail(_, title): title
            case .settings: "Settings"
            }
        }

        var showsBack: Bool {
            switch self {
            case .home: false
            case .detail: true
            case .settings: true
            }
        }
    }

    enum Nav: StateMachineHashable, Codable, Equatable {
        case `open`(id: Int, title: String)
        case configure
        case back

        enum HashableIdentifier: String { case `open`, configure, back }
    }

    enum NavEffect: Codable, Equatable {
        case left(title: String)
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.home)
        state(.home) {
            on(.`open`) { _, event in
                guard case let .`open`(id, title) = event else { preconditionFailure() }
                return transition(to: .detail(id: id, title: title))
            }
            on(.configure) { transition(to: .settings) }
            on(.back) { state in
                if state.showsBack {
                    return transition(to: .home)
                } else {
                    return dontTransition(emit: .left(title: state.title))
                }
            }
        }
        state(.detail) {
            on(.back) { state in
                guard case let .detail(_, title) = state else { preconditionFailure() }
                if state.showsBack {
                    return transition(to: .home, emit: .left(title: title))
                } else {
                    return dontTransition()
                }
            }
        }
        state(.settings) {
            on(.back) { state in transition(to: .home, emit: .left(title: state.title)) }
        }
    }
}
