import StateMachine
import Testing

// Inputs/HelperClasses: a gate whose class is given a helper class, `Tally`, ported as a Swift `final class` with its
// stored and computed properties, its initializer and its methods. Expectations derived by hand from the Kotlin.

@Suite struct HelperClassesTests {
    private final class Owner: Gate.Collaborators {
        let tally: Gate.Tally
        init(tally: Gate.Tally) { self.tally = tally }
    }

    @Test func theHandlersChangeTheHelperTheClassHolds() throws {
        let owner = Owner(tally: Gate.Tally(limit: 2))
        let machine = StateMachine(definition: Gate.definition(owner))
        // `admit("a")`: not full, not seen: admitted 1.
        _ = try machine.transition(.ticket(code: "a"))
        #expect(machine.state == .`open`(through: 1))
        // `"a" in recent`: refused, the count unchanged.
        let refused = try machine.transition(.ticket(code: "a"))
        #expect(refused.sideEffect == .show(text: "refused"))
        #expect(machine.state == .`open`(through: 1))
        // The second ticket fills the gate (`admitted >= limit`); `last()` is that ticket.
        let full = try machine.transition(.ticket(code: "b"))
        #expect(full.sideEffect == .show(text: "b"))
        #expect(machine.state == .full)
        #expect(owner.tally.full)
        // `reset()` empties the count and the recent tickets: "a" is admitted again.
        _ = try machine.transition(.close)
        #expect(owner.tally.admitted == 0)
        #expect(owner.tally.last() == nil)
        _ = try machine.transition(.ticket(code: "a"))
        #expect(machine.state == .`open`(through: 1))
    }

    @Test func theHelperKeepsOnlyItsLastTickets() {
        let tally = Gate.Tally(limit: 10, keep: 2)
        #expect(tally.admit("a"))
        #expect(tally.admit("b"))
        #expect(tally.admit("c"))
        // `recent.removeAt(0)` once more than `keep`: "b" and "c" are remembered, "a" was forgotten.
        #expect(!tally.admit("b"))
        #expect(tally.admit("a"))
        #expect(!tally.admit("a"))
        #expect(tally.last() == "a")
        #expect(tally.admitted == 4)
        #expect(tally.limit == 10)
    }
}
