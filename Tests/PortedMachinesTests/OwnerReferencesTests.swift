import StateMachine
import Testing

// Inputs/OwnerReferences.kt: listeners that reach the class building the machine through `this@DoseCounter` (read,
// assigned, passed to a collaborator, held in a local `counter`). The port reads and sets those members on `context`
// and passes `context` itself. Expectations derived by hand from the Kotlin.

@Suite struct OwnerReferencesTests {
    private final class Lifecycle: DoseCounter.ReferenceLifecycle {
        var calls: [(String, AnyObject)] = []
        func release(_ p1: any DoseCounter.Collaborators) { calls.append(("release", p1)) }
        func acquire(_ p1: any DoseCounter.Collaborators) { calls.append(("acquire", p1)) }
    }

    private final class Counter: DoseCounter.Collaborators {
        // Kotlin's `by mutableStateOf(0.0)` and `by Delegates.observable(0.0)`.
        var target = 0.0
        var previous = 0.0
        let lifecycle: any DoseCounter.ReferenceLifecycle
        init(lifecycle: any DoseCounter.ReferenceLifecycle) { self.lifecycle = lifecycle }
    }

    @Test func theListenersSetTheOwnersProperties() throws {
        let counter = Counter(lifecycle: Lifecycle())
        let machine = StateMachine(definition: DoseCounter.definition(counter))
        let rising = try machine.transition(.consumed(amount: 2.5))
        // `this@DoseCounter.target + it.amount`: 0.0 + 2.5; the listener keeps the old target in `previous`.
        #expect(rising.sideEffect == .target(to: 2.5))
        #expect(counter.target == 2.5)
        #expect(counter.previous == 0.0)
        _ = try machine.transition(.settle)
        // `Keep`: the target goes back to the previous one.
        #expect(counter.target == 0.0)
        _ = try machine.transition(.consumed(amount: 1.5))
        _ = try machine.transition(.settle)
        _ = try machine.transition(.consumed(amount: 4))
        #expect(counter.target == 4.0)
        #expect(counter.previous == 0.0)
    }

    @Test func theOwnerItselfIsPassedToTheCollaborator() throws {
        let lifecycle = Lifecycle()
        let counter = Counter(lifecycle: lifecycle)
        let machine = StateMachine(definition: DoseCounter.definition(counter))
        _ = try machine.transition(.consumed(amount: 1))
        _ = try machine.transition(.settle)
        #expect(lifecycle.calls.map(\.0) == ["acquire", "release"])
        #expect(lifecycle.calls.allSatisfy { $0.1 === counter })
    }
}
