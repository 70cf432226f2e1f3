import StateMachine
import Testing

/// One-line declarations.
@Suite struct MacroOneLineTests: StateMachineBuilder {

    enum State: Equatable, StateMachineHashable { case off, on(level: Int); enum HashableIdentifier: String { case off, on } }
    enum Event: StateMachineHashable { case toggle, dim(Int); enum HashableIdentifier: String { case toggle, dim } }
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
