import StateMachine
import Testing

/// Tinder's README machine, written for Tinder's macro: payload-less enums.
@Suite struct MacroMatterTests: StateMachineBuilder {

    @StateMachineHashable
    enum State {
        case solid, liquid, gas
    }

    @StateMachineHashable
    enum Event {
        case melt, freeze, vaporize, condense
    }

    enum SideEffect {
        case logMelted, logFrozen, logVaporized, logCondensed
    }

    static func matter(startingIn start: State) -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(start)
            state(.solid) {
                on(.melt) { transition(to: .liquid, emit: .logMelted) }
            }
            state(.liquid) {
                on(.freeze) { transition(to: .solid, emit: .logFrozen) }
                on(.vaporize) { transition(to: .gas, emit: .logVaporized) }
            }
            state(.gas) {
                on(.condense) { transition(to: .liquid, emit: .logCondensed) }
            }
        }
    }

    @Test static func meltingASolidGivesALiquid() throws {
        let machine = matter(startingIn: .solid)
        let transition = try machine.transition(.melt)
        #expect(machine.state == .liquid)
        #expect(transition.sideEffect == .logMelted)
    }

    @Test static func condensingASolidIsInvalid() {
        let machine = matter(startingIn: .solid)
        #expect(throws: StateMachine<State, Event, SideEffect>.Transition.Invalid.self) { try machine.transition(.condense) }
        #expect(machine.state == .solid)
    }
}
