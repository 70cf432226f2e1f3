import StateMachine
import Testing

// Inputs/UndeclaredValues.kt: `Creature` is in another module and is both a property of the class and a field of a
// state; the port declares one placeholder struct for both. Expectations derived by hand from the Kotlin.

private final class Arena: Duel.Collaborators {
    let attacker = Duel.Creature()
    let defender = Duel.Creature()
    var orders: [(Duel.Creature, Duel.Creature)] = []

    func order(_ a: Duel.Creature, _ b: Duel.Creature) -> (Duel.Creature, Duel.Creature) {
        orders.append((a, b))
        return (b, a)
    }
}

@Suite struct UndeclaredValuesTests {
    @Test func theStateHoldsTheCreaturesTheClassOrders() throws {
        let arena = Arena()
        let machine = StateMachine(definition: Duel.definition(arena))
        #expect(try machine.transition(.start).toState == .fighting(first: Duel.Creature(), second: Duel.Creature()))
        #expect(arena.orders.count == 1)
        #expect(try machine.transition(.swap).toState == .fighting(first: Duel.Creature(), second: Duel.Creature()))
        #expect(arena.orders.count == 1)
    }
}
