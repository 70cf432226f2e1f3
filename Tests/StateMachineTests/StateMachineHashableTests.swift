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
}
