import StateMachine
import Testing

// Inputs/UndeclaredValues.kt: `Creature` is in another module and is both a property of the class and a field of a
// state; the port declares one placeholder struct for both. Expectations derived by hand from the Kotlin.

private struct Arena: Duel.Collaborators {
    let attacker = Duel.Creature()
    let defender = Duel.Creature()
    let attackerFirst: Bool
}

@Suite struct UndeclaredValuesTests {
    @Test func theStateHoldsTheCreaturesTheClassOrders() throws {
        let machine = StateMachine(definition: Duel.definition(Arena(attackerFirst: true)))
        #expect(try machine.transition(.start).toState == .fighting(first: Duel.Creature(), second: Duel.Creature()))
        #expect(try machine.transition(.swap).toState == .fighting(first: Duel.Creature(), second: Duel.Creature()))
    }
}
