import StateMachine
import Testing

// Inputs/CollectionLambdas.kt: a list's and a set's functions with a lambda (`any`, `none`, `count`, `filter`,
// `filterNot`, `map`, `sumOf`, `all`, `firstOrNull`) and `if (it is Valid && it.sideEffect is Receipt)`. Expectations
// derived by hand from the Kotlin.

private final class Printer: CollectionLambdas.Collaborators {
    var printed: [String] = []
    var print: (String) -> Void { { [unowned self] in printed.append($0) } }
}

@Suite struct CollectionLambdasTests {
    private typealias Shop = CollectionLambdas
    private let apple = CollectionLambdas.Item(name: "apple", cents: 120, fragile: false)
    private let vase = CollectionLambdas.Item(name: "vase", cents: 900, fragile: true)
    private let glass = CollectionLambdas.Item(name: "glass", cents: 300, fragile: true)

    @Test func aBasketIsPaidWithAtMostOneFragileItem() throws {
        let printer = Printer()
        let machine = StateMachine(definition: Shop.definition(printer))
        _ = try machine.transition(.add(item: apple))
        // The same name again: `any` finds it.
        #expect(try machine.transition(.add(item: apple)).sideEffect == .warning(text: "apple is already in the basket"))
        _ = try machine.transition(.add(item: vase))
        #expect(try machine.transition(.add(item: glass)).toState == .open(items: [apple, vase, glass], coupons: []))
        // Two fragile items: not paid, and the first fragile one is named.
        let refused = try machine.transition(.pay)
        #expect(refused.toState == .open(items: [apple, vase, glass], coupons: []))
        #expect(refused.sideEffect == .warning(text: "too many fragile items, first vase"))
        #expect(try machine.transition(.removeNamed(name: "glass")).toState == .open(items: [apple, vase], coupons: []))
        #expect(try machine.transition(.coupon(code: "HALF10")).toState == .open(items: [apple, vase], coupons: ["HALF10"]))
        // A coupon already there: `none` is false, nothing changes.
        let again = try machine.transition(.coupon(code: "HALF10"))
        #expect(again.toState == .open(items: [apple, vase], coupons: ["HALF10"]))
        #expect(again.sideEffect == nil)
        // A HALF coupon halves the sum of the cents.
        let paid = try machine.transition(.pay)
        #expect(paid.toState == .paid(items: [apple, vase], totalCents: 510))
        #expect(paid.sideEffect == .receipt(lines: ["apple: 120", "vase: 900"], totalCents: 510))
        #expect(printer.printed == ["paid 510"])
    }

    @Test func aBasketWithoutFragileItemsIsPaidInFull() throws {
        let printer = Printer()
        let machine = StateMachine(definition: Shop.definition(printer))
        _ = try machine.transition(.add(item: apple))
        #expect(try machine.transition(.pay).sideEffect == .receipt(lines: ["apple: 120"], totalCents: 120))
        #expect(printer.printed == ["paid 120"])
    }
}
