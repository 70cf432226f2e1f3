import StateMachine
import Testing

// Inputs/UndeclaredEnums.kt: constants of enums in files the porter was not given (`AddressType`, `Level`), declared
// as Swift enums of the constants the machine uses; a set grown with `+`; a listener that throws. Expectations derived
// by hand from the Kotlin.

/// ParcelFlow's private `log(message, level = Level.INFO)` is ported: it traces `"$level $message"`.
private final class Parcels: ParcelFlow.Collaborators {
    var traced: [String] = []

    var trace: (String) -> Void { { [unowned self] in traced.append($0) } }
}

@Suite struct UndeclaredEnumsTests {
    private typealias Flow = ParcelFlow

    @Test func theEnumsHoldTheConstantsTheMachineUses() {
        #expect(Set([Flow.AddressType.origin, .destination, .return]).count == 3)
        #expect(Flow.Level.info != .warning)
    }

    @Test func aReturnIsCheckedAgainWithoutTheDestinationStep() throws {
        let parcels = Parcels()
        let machine = StateMachine(definition: Flow.definition(parcels))
        let start = try machine.transition(.start)
        #expect(start.toState == .checking(progress: Flow.Progress(steps: [], retries: 0), address: .origin))
        #expect(start.sideEffect == .validate(address: .origin))
        let origin = try machine.transition(.checked)
        #expect(origin.toState == .checking(progress: Flow.Progress(steps: [.originChecked], retries: 0), address: .destination))
        #expect(origin.sideEffect == .validate(address: .destination))
        let returned = try machine.transition(.returnRequested)
        #expect(returned.toState == .checking(progress: Flow.Progress(steps: [.originChecked], retries: 1), address: .return))
        #expect(returned.sideEffect == .validate(address: .return))
        // Neither the origin nor the destination: no step is added.
        #expect(try machine.transition(.checked).toState == .ready(progress: Flow.Progress(steps: [.originChecked], retries: 1)))
        let printed = try machine.transition(.printed)
        #expect(printed.toState == .ready(progress: Flow.Progress(steps: [.originChecked, .labelPrinted], retries: 1)))
        #expect(printed.sideEffect == .print)
        // `"$level $message"` writes the constant's Kotlin name; the listener traces each of the five transitions'
        // states as Kotlin's toString() writes them (data classes with their fields, enum constants by name).
        #expect(Array(parcels.traced.prefix(6)) == [
            "INFO start",
            "Checking(progress=Progress(steps=[], retries=0), address=ORIGIN)",
            "Checking(progress=Progress(steps=[ORIGIN_CHECKED], retries=0), address=DESTINATION)",
            "WARNING return to sender",
            "Checking(progress=Progress(steps=[ORIGIN_CHECKED], retries=1), address=RETURN)",
            "Ready(progress=Progress(steps=[ORIGIN_CHECKED], retries=1))",
        ])
        // Kotlin's set keeps the order the steps were added in; Swift's `Set` has none, so the two steps come in either.
        #expect([
            "Ready(progress=Progress(steps=[ORIGIN_CHECKED, LABEL_PRINTED], retries=1))",
            "Ready(progress=Progress(steps=[LABEL_PRINTED, ORIGIN_CHECKED], retries=1))",
        ].contains(parcels.traced.last))
        #expect(parcels.traced.count == 7)
    }

    @Test func theDestinationStepIsAddedFromAList() throws {
        let machine = StateMachine(definition: Flow.definition(Parcels()))
        _ = try machine.transition(.start)
        _ = try machine.transition(.checked)
        #expect(try machine.transition(.checked).toState ==
            .ready(progress: Flow.Progress(steps: [.originChecked, .destinationChecked], retries: 0)))
    }

    @Test func anEventTheStateDoesNotTakeThrowsTheKotlinException() {
        let machine = StateMachine(definition: ParcelFlow.definition(Parcels()))
        // The listener's `throw UnexpectedEvent("${it.event} in ${it.fromState}")` reaches the sender (Spec R39).
        #expect {
            try machine.transition(.printed)
        } throws: { error in
            (error as? ParcelFlow.UnexpectedEvent)?.message == "Printed in Idle"
        }
        #expect(machine.state == .idle)
    }
}
