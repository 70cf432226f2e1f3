import CrossModuleMachines
import StateMachine
import Testing

private struct Failure: Error, Equatable { let code: Int }

/// Payloads of `public` enums from another module are read exactly, or refused with
/// `UnreadablePayloadError`, never returned damaged.
@Suite("Payload reads of public enums from another module")
struct CrossModulePayloadTests {

    @Test func aFunctionFieldIsRefusedAndItsSiblingRead() throws {
        let value = PublicPayloads.callback(run: { 42 }, attempts: 3)
        #expect(throws: StateMachineTypes.UnreadablePayloadError.self) { let _: () -> Int = try value.run() }
        #expect(try value.attempts() == 3)
        #expect(throws: StateMachineTypes.UnreadablePayloadError.self) {
            let _: (String) -> String = try PublicPayloads.transform { $0 }.value()
        }
    }

    @Test func existentialsClassesAndOptionalsAreRead() throws {
        let error: any Error = try PublicPayloads.failure(Failure(code: 2)).value()
        #expect(error as? Failure == Failure(code: 2))
        let any: Any = try PublicPayloads.anything("text").value()
        #expect(any as? String == "text")
        let node = PublicNode(1)
        let read: PublicNode = try PublicPayloads.node(node).value()
        #expect(ObjectIdentifier(read) == ObjectIdentifier(node))
        let maybe: PublicNode? = try PublicPayloads.maybe(node: node, count: 4).node()
        #expect(maybe.map(ObjectIdentifier.init) == ObjectIdentifier(node))
        #expect(try PublicPayloads.maybe(node: nil, count: 4).count() == 4)
        let pair = PublicPayloads.pair(left: 1, right: "r")
        #expect(try pair.left() == 1)
        #expect(try pair.right() == "r")
    }

    @Test func aClassMetatypeIsReadAndAValueTypeMetatypeRefused() throws {
        let type: PublicNode.Type = try PublicPayloads.nodeType(PublicNode.self).value()
        #expect(ObjectIdentifier(type) == ObjectIdentifier(PublicNode.self))
        #expect(throws: StateMachineTypes.UnreadablePayloadError.self) {
            let _: Int = try PublicPayloads.valueType(kind: Int.self, count: 5).count()
        }
    }

    @Test func aGenericPayloadIsReadEvenWhenItIsAFunction() throws {
        #expect(try PublicBox<Int>.value(8).value() == 8)
        let closure: () -> Int = try PublicBox<() -> Int>.value({ 42 }).value()
        #expect(closure() == 42)
    }

    @Test func aWrongTypeIsATypeMismatch() {
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) {
            let _: String = try PublicPayloads.pair(left: 1, right: "r").left()
        }
    }
}
