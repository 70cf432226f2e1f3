import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/LetOrElseListeners.kt: `(transition as? Valid)?.let { valid -> record(…) } ?:
// record("ignored ${transition.event} in ${transition.fromState}")`, ported as an if / else on the transition.

private final class Lines: LampController.Collaborators {
    var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}

@Suite struct LetOrElseListenerTests {
    @Test func theLetBodyRunsForAValidTransitionAndTheOtherSideForAnInvalidOne() throws {
        let owner = Lines()
        let machine = StateMachine(definition: LampController.definition(owner))
        try machine.transition(.toggle)
        _ = machine.tryTransition(.unplug)
        #expect(owner.lines == ["Off -> On", "ignored Unplug in On"])  // Kotlin writes data objects by name
    }
}
