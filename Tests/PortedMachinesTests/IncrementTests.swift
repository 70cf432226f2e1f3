import StateMachine
import Testing

// Inputs/IdiomsNotPorted.kt: `Beep.Text("shown ${turns++} times before")` reads the count before the increment, as
// Kotlin's postfix `++` does. Expectations derived by hand from the Kotlin.

@Suite struct IncrementTests {
    private final class Fan: FanController.Collaborators {
        var turns = 0
        var lines: [String] = []
        func record(_ line: String) { lines.append(line) }
        func tag(_ tags: [String: Int]) {}
        /// The Kotlin's local `describe(speed) = "%d rpm".format(speed)`, which the porter leaves to the owner.
        func describe(_ speed: Int) -> String { "\(speed) rpm" }
    }

    @Test func thePostfixIncrementGivesTheValueBeforeIt() throws {
        let owner = Fan()
        let machine = StateMachine(definition: FanController.definition(owner))
        #expect(try machine.transition(.show).sideEffect == .text(text: "shown 0 times before"))
        #expect(owner.turns == 1)
        #expect(try machine.transition(.show).sideEffect == .text(text: "shown 1 times before"))
        #expect(owner.turns == 2)
    }

    /// `describe` is a local function of `StateMachine.create { }` that the porter does not translate: the owner
    /// supplies it, and the handler calls it on the context.
    @Test func aLocalFunctionThatIsNotPortedIsTheOwners() throws {
        let owner = Fan()
        owner.turns = 3
        let machine = StateMachine(definition: FanController.definition(owner))
        #expect(try machine.transition(.name).sideEffect == .text(text: "3 rpm"))
    }
}
