import StateMachine
import Testing

// Inputs/UndeclaredValues.kt: `Creature` is in another module and is both a property of the class and a field of a
// state; the port takes it for a type the owner supplies, one associated type of Collaborators for both.
// Expectations derived by hand from the Kotlin.

private struct Arena: Duel.Collaborators {
    struct Creature: Codable, Hashable { let name: String }
    let attacker = Creature(name: "knight")
    let defender = Creature(name: "dragon")
    let attackerFirst: Bool
}

@Suite struct UndeclaredValuesTests {
    @Test func theStateHoldsTheCreaturesTheClassOrders() throws {
        let knight = Arena.Creature(name: "knight"), dragon = Arena.Creature(name: "dragon")
        let machine = StateMachine(definition: Duel.Machine<Arena>.definition(Arena(attackerFirst: true)))
        #expect(try machine.transition(.start).toState == .fighting(first: knight, second: dragon))
        #expect(try machine.transition(.swap).toState == .fighting(first: dragon, second: knight))
    }

    @Test func theDefenderFirstWhenTheAttackerIsNot() throws {
        let machine = StateMachine(definition: Duel.Machine<Arena>.definition(Arena(attackerFirst: false)))
        #expect(try machine.transition(.start).toState == .fighting(first: Arena.Creature(name: "dragon"), second: Arena.Creature(name: "knight")))
    }
}
