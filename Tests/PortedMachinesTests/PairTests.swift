import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/Pairs.kt: `to` pairs, `Pair`, destructuring and `mapOf(key to value)`; the private
// `added` (`Cart.Filled(items + 1, cents + price) to Receipt.Line("added $price")`) is ported. Expectations derived by
// hand from the Kotlin.

private final class Owner: CartController.Collaborators {
    final class Ledger: CartController.Ledger {
        var entries: [String] = []
        func write(_ entry: String, _ fields: [String: Int64]) {
            entries.append("\(entry) items=\(fields["items"] ?? -1) cents=\(fields["cents"] ?? -1)")
        }
    }

    let ledger: any CartController.Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

@Suite struct PairTests {
    @Test func pairsAreDestructuredReadAndWrittenIntoMaps() throws {
        let ledger = Owner.Ledger()
        let machine = StateMachine(definition: CartController.definition(Owner(ledger: ledger)))
        let first = try machine.transition(.add(cents: 250))
        #expect(first.toState == .filled(items: 1, cents: 250))
        #expect(first.sideEffect == .line(text: "added 250"))
        let second = try machine.transition(.add(cents: 100))
        #expect(second.toState == .filled(items: 2, cents: 350))
        #expect(second.sideEffect == .line(text: "added 100"))
        let cleared = try machine.transition(.clear)
        #expect(cleared.toState == .empty)
        #expect(cleared.sideEffect == .line(text: "cleared 2 for 350"))
        #expect(ledger.entries == ["cart items=1 cents=250", "cart items=2 cents=350"])
    }

    /// `val (parts, note) = it` and `val (count, total) = this`: the fields in the order the data classes declare them.
    @Test func aDataClassCaseIsDestructuredInConstructorOrder() throws {
        let machine = StateMachine(definition: CartController.definition(Owner(ledger: Owner.Ledger())))
        _ = try machine.transition(.add(cents: 900))
        let split = try machine.transition(.split(parts: 3, note: "shared"))
        #expect(split.toState == .filled(items: 1, cents: 300))
        #expect(split.sideEffect == .line(text: "shared: 1 items in 3"))
    }
}
