import StateMachine
import Testing

/// One-line declarations.
@Suite struct MacroOneLineTests: StateMachineBuilder {

    @StateMachineHashable enum State: Equatable { case off, on(level: Int) }
    @StateMachineHashable enum Event { case toggle, dim(Int) }
    enum SideEffect { case click }

    static func lamp() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.off)
            state(.off) { on(.toggle) { transition(to: .on(level: 100), emit: .click) } }
            state(.on) {
                on(.toggle) { transition(to: .off, emit: .click) }
                on(.dim) { _, dim in transition(to: .on(level: try dim.value())) }
            }
        }
    }

    @Test static func dimmingKeepsTheLampOn() throws {
        let machine = lamp()
        try machine.transition(.toggle)
        try machine.transition(.dim(30))
        #expect(machine.state == .on(level: 30))
    }
}
