import StateMachine
import Testing

/// A state's `where:` predicate in a composite machine runs once per event, as in a flat one.
@Suite struct CompositePredicateTests {

    final class Counter: @unchecked Sendable {
        var value = 0
    }

    enum Door: StateMachineBuilder {
        typealias State = CompositionTests.Door.State
        typealias Event = CompositionTests.Door.Event
        typealias SideEffect = CompositionTests.Door.SideEffect

        static func definition(_ calls: Counter) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.open)
                state(.open, where: { _ in calls.value += 1; return true }) {
                    on(.close) { transition(to: .closed) }
                }
                state(.closed) {}
                superstate("working", containing: .open, .closed) {
                    on(.fail) { transition(to: .broken) }
                }
                state(.broken) {}
            }
        }
    }

    @Test func aStatesWherePredicateRunsOncePerEventInACompositeMachine() throws {
        let calls = Counter()
        let machine = StateMachine(definition: Door.definition(calls))
        let before = calls.value
        _ = try machine.transition(.close)
        #expect(calls.value - before == 1)
    }
}
