import StateMachine
import Testing

// Inputs/InitialStateNotPorted.kt: an initial state the porter cannot translate (`Instant.now()`) is a placeholder
// that stops where the definition is made (Kotlin's `create` builds its machine there), with the Kotlin line.

@Suite struct InitialStateNotPortedTests {
    @Test func makingTheMachineStopsAtThePlaceholder() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = StateMachine(definition: InitialStateNotPorted.definition)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("port: InitialStateNotPorted.kt:19: the name `Instant` in the initial state is not ported"))
    }
}
