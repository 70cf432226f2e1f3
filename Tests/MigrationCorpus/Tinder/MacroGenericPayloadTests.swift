import StateMachine
import Testing

/// Generic payloads: a cache whose values are of any type.
@Suite struct MacroGenericPayloadTests: StateMachineBuilder {

    @StateMachineHashable
    enum State: Equatable {
        case empty
        case holding(Box<Int>)
    }

    @StateMachineHashable
    enum CacheEvent<Value: Equatable>: Equatable {
        case store(Value), evict
    }

    typealias Event = CacheEvent<Int>

    struct Box<Value: Equatable>: Equatable { let value: Value }

    enum SideEffect: Equatable { case stored(Int) }

    static func cache() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.empty)
            state(.empty) {
                on(.store) { _, store in
                    let value: Int = try store.value()
                    return transition(to: .holding(Box(value: value)), emit: .stored(value))
                }
            }
            state(.holding) {
                on(.evict) { transition(to: .empty) }
                on(.store) { _, store in transition(to: .holding(Box(value: try store.value()))) }
            }
        }
    }

    @Test static func storingAGenericValue() throws {
        let machine = cache()
        let stored = try machine.transition(.store(7))
        #expect(stored.sideEffect == .stored(7))
        #expect(machine.state == .holding(Box(value: 7)))
        try machine.transition(.evict)
        #expect(machine.state == .empty)
    }
}
