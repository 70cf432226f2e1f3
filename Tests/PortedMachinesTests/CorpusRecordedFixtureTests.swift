import StateMachine
import StateMachineFixturesTesting
import Testing

// Corpus machines (Tests/Kotlin/PorterTests/Corpus) recorded from Kotlin by scripts/port-record, with do-nothing fakes
// for their collaborators (Corpus/Recordings.kt), and replayed here on their Swift ports, which take the same fakes.

private func recorded(_ name: String) -> String {
    let here = #filePath
    let folder = here[..<here.lastIndex(of: "/")!]
    return "\(folder)/Fixtures/\(name)-recorded.json"
}

@Suite("Corpus ports reproduce the fixtures recorded from their Kotlin machines")
struct CorpusRecordedFixtureTests {

    /// Enum class payloads (`Colour`, written `{"redAmber": {}}`) and `Unit` side effects (`"unit"`).
    @Test func trafficLight() {
        expectMachine(CorpusTrafficLight.definition(TrafficLightCollaborators()), toPass: recorded("corpus-traffic-light"))
    }

    /// A machine in a class with a member function (`totalFor`) and a call kept by name (`address.trim()`, supplied in
    /// SuppliedFunctions.swift); the scenarios leave out the SAVE coupons, whose Swift handler is a placeholder.
    @Test func checkoutWithoutCoupons() {
        expectMachine(CorpusCheckout.definition(CheckoutCollaborators()), toPass: recorded("corpus-checkout-without-coupons"))
    }
}

private struct TrafficLightCollaborators: CorpusTrafficLight.Collaborators {
    struct Lamps: CorpusTrafficLight.LampDriver {
        func show(_ colour: CorpusTrafficLight.Colour) {}
        func flash(_ colour: CorpusTrafficLight.Colour) {}
        func allOff() {}
    }

    struct Timer: CorpusTrafficLight.PhaseTimer {
        func start(_ durationMillis: Int64) {}
        func cancel() {}
    }

    let lamps: any CorpusTrafficLight.LampDriver = Lamps()
    let timer: any CorpusTrafficLight.PhaseTimer = Timer()
    /// TrafficLightController's default.
    let pedestrianGreenShortening: Int64 = 10_000

    /// TrafficLightController's private `next(colour)`.
    func next(_ colour: CorpusTrafficLight.Colour) -> CorpusTrafficLight.Colour {
        switch colour {
        case .red: .redAmber
        case .redAmber: .green
        case .green: .amber
        case .amber: .red
        }
    }
}

private struct CheckoutCollaborators: CorpusCheckout.Collaborators {
    struct Analytics: CorpusCheckout.Analytics {
        func track(_ event: String) {}
    }

    struct Payments: CorpusCheckout.PaymentGateway {
        func authorize(_ orderId: String, _ amountCents: Int64, _ currency: String) {}
        func capture(_ orderId: String) {}
        func void(_ orderId: String) {}
    }

    let analytics: any CorpusCheckout.Analytics = Analytics()
    let paymentGateway: any CorpusCheckout.PaymentGateway = Payments()
    /// As in Corpus/Recordings.kt, and CheckoutViewModel's default currency.
    let orderId = "order-1"
    let currency = "EUR"

    /// CheckoutViewModel's private `totalFor`: shipping (4.99) is free from 50.00.
    func totalFor(_ subtotalCents: Int64, _ discountCents: Int64) -> Int64 {
        let shipping: Int64 = subtotalCents - discountCents >= 50_00 ? 0 : 4_99
        return subtotalCents - discountCents + shipping
    }
}
