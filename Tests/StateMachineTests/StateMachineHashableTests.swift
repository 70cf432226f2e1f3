import StateMachine
import Testing

/// Macro-free `StateMachineHashable`: enums with associated values conform with one nested
/// identifier enum, and payload fields are read by label.
@Suite struct StateMachineHashableTests {

    indirect enum Shape: StateMachineHashable, Equatable {
        case empty
        case single(Int)
        case labelled(credit: Int, owner: String)
        case nested(inner: Shape)
        enum HashableIdentifier: String { case empty, single, labelled, nested }
    }

    @Test func identifierIsNamedAfterTheCase() {
        #expect(Shape.empty.hashableIdentifier == .empty)
        #expect(Shape.single(3).hashableIdentifier == .single)
        #expect(Shape.labelled(credit: 1, owner: "a").hashableIdentifier == .labelled)
        #expect(Shape.nested(inner: .empty).hashableIdentifier == .nested)
    }

    @Test func payloadLessEnumIsItsOwnIdentifier() {
        #expect(Matter.State.gas.hashableIdentifier == .gas)
    }

    @Test func associatedValueIsThePayload() {
        #expect(Shape.single(3).associatedValue as? Int == 3)
        #expect(Shape.empty.associatedValue is Void)
        let tuple = Shape.labelled(credit: 5, owner: "x").associatedValue as? (credit: Int, owner: String)
        #expect(tuple?.credit == 5)
        #expect(tuple?.owner == "x")
    }

    @Test func payloadFieldsAreReadByLabel() throws {
        let value = Shape.labelled(credit: 30, owner: "ann")
        #expect(try value.credit() == 30)
        #expect(try value.owner() == "ann")
    }

    @Test func singlePayloadIsReadWhateverTheName() throws {
        #expect(try Shape.single(7).value() == 7)
        #expect(try Shape.nested(inner: .single(1)).inner() == Shape.single(1))
    }

    @Test func wrongTypeThrowsIncorrectTypeError() {
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) {
            let _: String = try Shape.single(7).value()
        }
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) {
            let _: Int = try Shape.labelled(credit: 1, owner: "a").owner()
        }
    }

    @Test func incorrectTypeErrorDescribesBothTypes() {
        do {
            let _: String = try Shape.single(7).value()
        } catch {
            #expect("\(error)" == "Incorrect Type: expected `String`, encountered `Int`")
        }
    }

    // MARK: - Every enum shape works in the DSL

    enum Light: StateMachineHashable, CustomStringConvertible {
        case off, on(brightness: Int)
        enum HashableIdentifier: String { case off, on }
        var description: String { "a light" }   // must not confuse case identification
    }

    enum Wrapper<Payload>: StateMachineHashable {
        case empty, holding(Payload)
        enum HashableIdentifier: String { case empty, holding }
    }

    enum Switch: StateMachineBuilder {
        typealias State = Light
        typealias Event = Wrapper<Int>
        typealias SideEffect = String

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) {
                on(.holding) { _, event in transition(to: .on(brightness: try event.value()), emit: "on") }
                on(.empty) { dontTransition(emit: "still off") }
            }
            state(.on) {
                on(.empty) { transition(to: .off, emit: "off") }
            }
        }
    }

    @Test func customDescriptionDoesNotConfuseCaseIdentification() throws {
        #expect(Light.off.hashableIdentifier == .off)
        #expect(Light.on(brightness: 3).hashableIdentifier == .on)
        let machine = StateMachine(definition: Switch.definition)
        #expect(try machine.transition(.empty).sideEffect == "still off")
    }

    @Test func genericEnumsMatchByCase() throws {
        let machine = StateMachine(definition: Switch.definition)
        #expect(try machine.transition(.holding(7)).sideEffect == "on")
        #expect(try machine.state.brightness() == 7)
        #expect(Wrapper<String>.holding("x").hashableIdentifier == .holding)
        #expect(Wrapper<[Int]>.empty.hashableIdentifier == .empty)
    }

    @Test func indirectCasesMatchByCaseAndKeepTheirPayload() throws {
        let machine = TinderTurnstile.machine(startingIn: .locked(credit: 20))
        try machine.transition(.machineDidFail)
        #expect(machine.state.hashableIdentifier == .broken)
        try machine.transition(.machineRepairDidComplete)
        #expect(machine.state == .locked(credit: 20))
    }

    enum Incomplete: StateMachineHashable {
        case listed(Int), forgotten
        enum HashableIdentifier: String { case listed }
    }

    enum IncompleteMachine: StateMachineBuilder {
        typealias State = Incomplete
        typealias Event = Matter.Event
        typealias SideEffect = Never

        static func build() -> StateMachine<State, Event, SideEffect> {
            StateMachine {
                initialState(.listed(1))
                state(.listed) {}
            }
        }
    }

    @Test func missingIdentifierCaseIsReportedWhenTheMachineIsBuilt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = IncompleteMachine.build()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("StateMachineTests.StateMachineHashableTests.Incomplete.HashableIdentifier has no identifier for case `forgotten`: add `case forgotten` to `enum HashableIdentifier: String { … }` inside StateMachineTests.StateMachineHashableTests.Incomplete."))
    }

    @Test func missingIdentifierCaseIsReportedOnFirstUse() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Incomplete.forgotten.hashableIdentifier
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("has no identifier for case `forgotten`: add `case forgotten`"))
    }
}
