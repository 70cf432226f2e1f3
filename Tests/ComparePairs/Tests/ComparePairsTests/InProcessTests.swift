import ComparePairs
import StateMachineVerify
import Testing

/// `compareMachines` from a test, as an iOS team's CI runs it: the Swift machine in the test's process, the Kotlin one
/// contained beside it.
@Suite struct InProcessTests {
    @Test func matterAgreesWithItsKotlinTwin() {
        let result = compareMachines(Matter.definition,
                                     withKotlin: .sources("Kotlin/Matter.kt", machine: "MatterMachine.stateMachine"),
                                     mapping: "Kotlin/Matter.mapping.json")
        #expect(result.status == 0, "\(result)")
        #expect(result.description == "compare: the Swift machine behaves as the Kotlin machine on 220 sequences (926 events).")
    }
}
