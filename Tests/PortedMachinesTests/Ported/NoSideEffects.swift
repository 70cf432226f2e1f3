// Ported from NoSideEffects.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum NoSideEffects: StateMachineBuilder {

    typealias State = PagerState
    typealias Event = PagerEvent

    enum PagerState: StateMachineHashable, Codable, Equatable {
        case reading(section: Section, visited: Set<Page>)
        case pending(event: PagerEvent)
        case closed

        enum HashableIdentifier: String { case reading, pending, closed }
    }

    indirect enum PagerEvent: StateMachineHashable, Codable, Equatable {
        case `open`(section: Section)
        case rename(title: String)
        case wrapped(inner: Holder)
        case close

        enum HashableIdentifier: String { case `open`, rename, wrapped, close }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    struct Section: Codable, Equatable {
        var name: String
        var pages: [Page]
    }

    struct Page: Codable, Hashable {
        var number: Int
        var title: String
    }

    struct Holder: Codable, Equatable {
        var event: PagerEvent
    }

    /// Kotlin's `firstPage` of NoSideEffects.kt, ported.
    private static func firstPage(_ section: Section, _ fallback: Int) -> Int {
        if section.pages.isEmpty {
            return fallback
        } else {
            return section.pages[0].number
        }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.closed)
        state(.closed) {
            on(.`open`) { _, event in
                guard case let .`open`(section) = event else { preconditionFailure() }
                precondition(firstPage(section, 1) > 0)
                return transition(to: .reading(section: section, visited: []))
            }
            on(.wrapped) { _, event in
                guard case let .wrapped(inner) = event else { preconditionFailure() }
                return transition(to: .pending(event: inner.event))
            }
        }
        state(.reading) {
            on(.rename) { state, event in
                guard case let .reading(section, visited) = state else { preconditionFailure() }
                guard case let .rename(title) = event else { preconditionFailure() }
                return transition(to: .reading(section: Section(name: title, pages: section.pages), visited: visited))
            }
            on(.close) { transition(to: .closed) }
        }
    }
}
