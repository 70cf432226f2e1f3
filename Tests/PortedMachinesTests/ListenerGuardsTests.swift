import StateMachine
import Testing

// Inputs/ListenerGuards.kt: `if (it as? Valid !is Valid) { … }` reading the invalid transition, `?: run { throw … }`
// (the Swift throws to the sender, as Kotlin's listener does: Spec/SPEC.md R39), `it as Valid`, `if (up != null)` on a nullable local (`if let`), and `audit(…)`,
// a method the class inherits from a supertype in a file not given, on the context. Expectations derived by hand from
// the Kotlin.

private final class Keeper: GateKeeper.Collaborators {
    var records: [String] = []
    var audited: [GateKeeper.Gate] = []
    var record: (String) -> Void { { [unowned self] in records.append($0) } }
    func audit(_ p1: GateKeeper.Gate) { audited.append(p1) }
}

@Suite struct ListenerGuardsTests {
    @Test func validTransitionsAreAudited() throws {
        let keeper = Keeper()
        let machine = StateMachine(definition: GateKeeper.definition(keeper))
        _ = try machine.transition(.raise)
        _ = try machine.transition(.lower)
        #expect(keeper.audited == [.up, .shut])
        // The third listener: `it as Valid`, then `up` is a String only for Up.
        #expect(keeper.records == ["now UP", "now Shut"])
    }

    @Test func anInvalidTransitionIsRecordedThenThrowsToTheSender() {
        let keeper = Keeper()
        let machine = StateMachine(definition: GateKeeper.definition(keeper))
        #expect {
            try machine.transition(.lower)
        } throws: { error in
            String(describing: error) == "IllegalStateException: invalid transition from Shut"
        }
        // The first listener recorded; the second threw, so the third did not run.
        #expect(keeper.records == ["ignored Lower when Shut"])
        #expect(keeper.audited.isEmpty)
        #expect(machine.state == .shut)
    }
}
