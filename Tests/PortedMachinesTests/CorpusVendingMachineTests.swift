import StateMachine
import Testing

// The corpus's VendingMachine: `(stock.keys + it.additions.keys).associateWith { … }` (a set union and a dictionary
// made from a closure), `if (it is Valid && it.sideEffect is Display) display((it.sideEffect as Display).text)`, and
// its onEnter, with expectations derived by hand from the Kotlin; CorpusRecordedFixtureTests replays the fixtures
// recorded from it. Its local function `priceLabel` (`padStart`) is ported.

/// The Kotlin's `vendingMachine(prices = mapOf('A' to 150L, 'B' to 95L), initialStock = mapOf('A' to 1, 'B' to 0))`.
final class Vending: CorpusVendingMachine.Collaborators {
    let initialStock: [Character: Int] = ["A": 1, "B": 0]
    let prices: [Character: Int64]
    var shown: [String] = []

    init(prices: [Character: Int64] = ["A": 150, "B": 95]) {
        self.prices = prices
    }

    var display: (String) -> Void { { [unowned self] in shown.append($0) } }
}

@Suite struct CorpusVendingMachineTests {
    /// `"$slot: ${it / 100}.${(it % 100).toString().padStart(2, '0')}"`: the hundredths with a leading zero.
    @Test func thePriceLabelPadsTheHundredths() throws {
        let machine = StateMachine(definition: CorpusVendingMachine.definition(Vending(prices: ["A": 105, "B": 7, "C": 12_345])))
        #expect(try machine.transition(.select(slot: "A")).sideEffect == .display(text: "A: 1.05"))
        #expect(try machine.transition(.select(slot: "B")).sideEffect == .display(text: "B: 0.07"))
        #expect(try machine.transition(.select(slot: "C")).sideEffect == .display(text: "C: 123.45"))
        #expect(try machine.transition(.select(slot: "D")).sideEffect == .display(text: "D: --"))
    }

    @Test func restockingMergesTheStock() throws {
        let machine = StateMachine(definition: CorpusVendingMachine.definition(Vending()))
        #expect(try machine.transition(.restock(additions: ["B": 2, "C": 4])).toState == .idle(stock: ["A": 1, "B": 2, "C": 4]))
    }

    @Test func aSaleShowsWhatTheDisplaySideEffectsSay() throws {
        let vending = Vending()
        let machine = StateMachine(definition: CorpusVendingMachine.definition(vending))
        // A coin the machine does not take comes back.
        let rejected = try machine.transition(.insertCoin(cents: 3))
        #expect(rejected.toState == .idle(stock: ["A": 1, "B": 0]))
        #expect(rejected.sideEffect == .returnCoins(cents: 3))
        #expect(try machine.transition(.select(slot: "A")).sideEffect == .display(text: "A: 1.50"))
        _ = try machine.transition(.insertCoin(cents: 100))
        #expect(try machine.transition(.insertCoin(cents: 100)).toState == .hasCredit(stock: ["A": 1, "B": 0], creditCents: 200))
        #expect(try machine.transition(.select(slot: "Z")).sideEffect == .display(text: "No such product: Z"))
        #expect(try machine.transition(.select(slot: "B")).sideEffect == .display(text: "B is sold out"))
        let sale = try machine.transition(.select(slot: "A"))
        #expect(sale.toState == .dispensing(stock: ["A": 0, "B": 0], slot: "A", changeCents: 50))
        #expect(sale.sideEffect == .dispense(slot: "A"))
        let change = try machine.transition(.dispensed)
        #expect(change.toState == .idle(stock: ["A": 0, "B": 0]))
        #expect(change.sideEffect == .returnCoins(cents: 50))
        // Only the Display side effects reach the display; the onEnter of OutOfService too.
        _ = try machine.transition(.fault(message: "jam"))
        #expect(vending.shown == ["A: 1.50", "No such product: Z", "B is sold out", "Out of service: jam"])
    }
}
