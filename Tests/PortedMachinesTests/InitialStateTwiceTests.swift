import StateMachine
import Testing

// Inputs/InitialStateTwice.kt: `initialState(Door.Open)`, then `initialState(Door.Closed)` further down the block.
// Kotlin's builder keeps the last call, so the Kotlin machine starts closed; so must the port.

@Suite struct InitialStateTwiceTests {
    @Test func theLastInitialStateWinsAsInKotlin() throws {
        let machine = StateMachine(definition: InitialStateTwice.definition)
        #expect(machine.state == .closed)
        #expect(try machine.transition(.pull).toState == .open)
    }
}
