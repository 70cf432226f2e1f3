import StateMachine
import Testing

// Inputs/BuilderNames.kt: a `data class State` and an `enum class Event` that are not the machine's State and Event,
// ported as `KotlinState` and `KotlinEvent`. Expectations derived by hand from the Kotlin.

@Suite struct BuilderNamesTests {
    @Test func aTimeoutStartsAnElectionAndAVoteEndsIt() throws {
        let machine = StateMachine(definition: BuilderNames.definition)
        #expect(try machine.transition(.tick(kind: .heartbeat)).toState == .follower(state: BuilderNames.KotlinState(term: 0, votedFor: nil)))
        #expect(try machine.transition(.tick(kind: .timeout)).toState == .candidate(state: BuilderNames.KotlinState(term: 1, votedFor: nil)))
        let voted = try machine.transition(.vote(from: "n2"))
        #expect(voted.toState == .follower(state: BuilderNames.KotlinState(term: 1, votedFor: "n2")))
        #expect(voted.sideEffect == .log(text: "voted for n2 in term 1"))
    }
}
