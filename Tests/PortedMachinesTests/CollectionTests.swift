import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/Collections.kt: `in` / `!in` over a set, a map and a range, and a map's members.
// Expectations derived by hand from the Kotlin.

private struct Owner: ShelfController.Collaborators {
    let prices: [Character: Int64]
}

@Suite struct CollectionTests {
    private func machine(prices: [Character: Int64] = ["a": 30, "b": 10]) -> StateMachine<ShelfController.State, ShelfController.Event, ShelfController.SideEffect> {
        StateMachine(definition: ShelfController.definition(Owner(prices: prices)))
    }

    @Test func aCoinInTheSetIsCreditedAndOneNotInItIsRejected() throws {
        let machine = machine()
        let accepted = try machine.transition(.coin(cents: 20))
        #expect(accepted.toState == .open(stock: ["a": 2, "b": 0], credit: 20))
        let rejected = try machine.transition(.coin(cents: 25))
        #expect(rejected.toState == .open(stock: ["a": 2, "b": 0], credit: 20))
        #expect(rejected.sideEffect == .say(text: "rejected 25"))
    }

    @Test func aSlotThatIsNotAKeyOfThePricesIsRefused() throws {
        let result = try machine().transition(.pick(slot: "z"))
        #expect(result.sideEffect == .say(text: "no z of 2"))
    }

    @Test func theStockIsReadThroughTheMapSubscript() throws {
        let machine = machine()
        let soldOut = try machine.transition(.pick(slot: "b"))
        #expect(soldOut.sideEffect == .say(text: "sold out of b"))
        let picked = try machine.transition(.pick(slot: "a"))
        #expect(picked.toState == .open(stock: ["a": 1, "b": 0], credit: -30))
        #expect(picked.sideEffect == .say(text: "a: 1 left"))
    }

    @Test func aPricedSlotMissingFromTheStockCountsAsNoneLeft() throws {
        let result = try machine(prices: ["a": 30, "c": 5]).transition(.pick(slot: "c"))
        #expect(result.sideEffect == .say(text: "sold out of c"))
    }

    @Test func addingAMapReplacesTheCountsOfItsKeysAndKeepsTheOthers() throws {
        let result = try machine().transition(.restock(additions: ["b": 5, "c": 1]))
        #expect(result.toState == .open(stock: ["a": 2, "b": 5, "c": 1], credit: 0))
    }

    @Test func aClosedRangeIncludesItsEndAndUntilExcludesIt() throws {
        let machine = machine()
        #expect(try machine.transition(.rate(stars: 1)).sideEffect == .say(text: "rated 1"))
        #expect(try machine.transition(.rate(stars: 5)).sideEffect == .say(text: "rated 5"))
        #expect(try machine.transition(.rate(stars: 9)).sideEffect == .say(text: "too kind 9"))
        #expect(try machine.transition(.rate(stars: 10)).sideEffect == .say(text: "invalid 10"))
        #expect(try machine.transition(.rate(stars: 0)).sideEffect == .say(text: "invalid 0"))
    }

    @Test func theMapsKeysValuesAndEmptinessAreCounted() throws {
        let result = try machine().transition(.close)
        #expect(result.toState == .closed(stock: ["a": 2, "b": 0]))
        #expect(result.sideEffect == .say(text: "closed: 2 slots, 2 counts, empty false, any true"))
        let none = try machine(prices: [:]).transition(.close)
        #expect(none.sideEffect == .say(text: "closed: 2 slots, 2 counts, empty false, any false"))
    }
}
