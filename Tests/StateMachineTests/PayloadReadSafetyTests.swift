import Testing
@testable import StateMachine

// `try value.label()` must give the stored value for every payload type, or throw; never bytes
// read as something they are not. A function spelled out in a case declaration, and a
// metatype of a value type, are stored in another form than the one a generic `T` (or `Any`)
// expects, so reading them by reflection would return a broken closure or shift the fields
// after them; those throw `UnreadablePayloadError`. One test per payload shape.

private typealias Unreadable = StateMachineTypes.UnreadablePayloadError
private typealias IncorrectType = StateMachineTypes.IncorrectTypeError

private class Base: @unchecked Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
}
private final class Derived: Base, @unchecked Sendable {}

private struct Failure: Error, Equatable { let code: Int }

private func twice(_ value: Int32) -> Int32 { value * 2 }

private enum Closures: StateMachineHashable {
    case labelled(fn: () -> Int, n: Int)
    case text(transform: (String) -> String, tag: Int)
    case stored(@Sendable (Int) -> Int)
    case tupleResult(make: () -> (Int, String), count: Int)
    case cFunction(f: @convention(c) (Int32) -> Int32, n: Int)
    enum HashableIdentifier: String { case labelled, text, stored, tupleResult, cFunction }
}

private enum Existentials: StateMachineHashable {
    case error(any Error)
    case any(Any)
    case described(any CustomStringConvertible)
    case object(AnyObject)
    case several(error: any Error, object: AnyObject, count: Int)
    enum HashableIdentifier: String { case error, any, described, object, several }
}

private enum Box<Payload>: StateMachineHashable {
    case value(Payload)
    case pair(first: Payload, second: Int)
    enum HashableIdentifier: String { case value, pair }
}

private enum Tuples: StateMachineHashable {
    case labelled(credit: Int, owner: String)
    case unlabelled(Int, String)
    case single((Int, String))
    case closureInside(pair: (Int, () -> Int), count: Int)
    case singleWithClosure((Int, () -> Int))
    enum HashableIdentifier: String { case labelled, unlabelled, single, closureInside, singleWithClosure }
}

private enum Optionals: StateMachineHashable {
    case number(Int?)
    case object(node: Base?, count: Int)
    case closure(fn: (() -> Int)?, count: Int)
    enum HashableIdentifier: String { case number, object, closure }
}

private enum References: StateMachineHashable {
    case node(Base)
    case pair(first: Base, second: Base)
    enum HashableIdentifier: String { case node, pair }
}

private enum Metatypes: StateMachineHashable {
    case valueType(Int.Type)
    case valueTypeAndCount(type: Int.Type, count: Int)
    case classType(Base.Type)
    case anyType(Any.Type)
    case existentialType(any Error.Type)
    enum HashableIdentifier: String { case valueType, valueTypeAndCount, classType, anyType, existentialType }
}

@Suite("Payload reads are safe for every payload type")
struct PayloadReadSafetyTests {

    @Test func aFunctionFieldThrowsAndTheOtherFieldsRead() throws {
        let value = Closures.labelled(fn: { 42 }, n: 7)
        #expect(throws: Unreadable.self) { let _: () -> Int = try value.fn() }
        #expect(throws: Unreadable.self) { let _: Any = try value.fn() }
        #expect(throws: Unreadable.self) { let _: (() -> Int)? = try value.fn() }
        #expect(try value.n() == 7)
    }

    @Test func aFunctionTakingAndReturningAStringThrows() throws {
        let value = Closures.text(transform: { $0 + "!" }, tag: 3)
        #expect(throws: Unreadable.self) { let _: (String) -> String = try value.transform() }
        #expect(try value.tag() == 3)
    }

    @Test func aStoredSendableClosureAsTheWholePayloadThrows() {
        let value = Closures.stored { $0 + 1 }
        #expect(throws: Unreadable.self) { let _: @Sendable (Int) -> Int = try value.value() }
        #expect(throws: Unreadable.self) { let _: Any = try value.value() }
    }

    @Test func aClosureReturningATupleThrows() throws {
        let value = Closures.tupleResult(make: { (1, "one") }, count: 2)
        #expect(throws: Unreadable.self) { let _: () -> (Int, String) = try value.make() }
        #expect(try value.count() == 2)
    }

    @Test func aFunctionAskedForAsAStructIsATypeMismatch() {
        let value = Closures.labelled(fn: { 42 }, n: 7)
        #expect(throws: IncorrectType.self) { let _: String = try value.fn() }
        #expect(throws: IncorrectType.self) { let _: Int = try value.fn() }
    }

    @Test func unreadableFieldErrorSaysWhatToDoInstead() {
        do {
            let _: () -> Int = try Closures.labelled(fn: { 42 }, n: 7).fn()
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "Cannot read `fn` of case `labelled` by label: `() -> Int` holds a function or a metatype of a value type, which the enum stores in a form reflection cannot return. Match the case instead: `if case let .labelled(…) = value`.")
        }
    }

    @Test func aCFunctionPointerHasOneFormAndIsRead() throws {
        let value = Closures.cFunction(f: twice, n: 1)
        let f: @convention(c) (Int32) -> Int32 = try value.f()
        #expect(f(21) == 42)
    }

    @Test func associatedValueOfAPayloadWithAFunctionIsTheErrorNotACopy() {
        let payload = Closures.labelled(fn: { 42 }, n: 7).associatedValue
        #expect(payload as? (fn: () -> Int, n: Int) == nil)
        #expect((payload as? Unreadable)?.caseName == "labelled")
        #expect(Tuples.labelled(credit: 1, owner: "a").associatedValue as? (credit: Int, owner: String) != nil)
    }

    @Test func existentialPayloadsAreReadAsTheirExistentialType() throws {
        let error: any Error = try Existentials.error(Failure(code: 4)).value()
        #expect(error as? Failure == Failure(code: 4))
        let any: Any = try Existentials.any(42).value()
        #expect(any as? Int == 42)
        let described: any CustomStringConvertible = try Existentials.described(12).value()
        #expect(described.description == "12")
        let node = Base(1)
        let object: AnyObject = try Existentials.object(node).value()
        #expect(ObjectIdentifier(object) == ObjectIdentifier(node))
        let several = Existentials.several(error: Failure(code: 5), object: node, count: 3)
        #expect(try several.error() as any Error as? Failure == Failure(code: 5))
        let severalObject: AnyObject = try several.object()
        #expect(ObjectIdentifier(severalObject) == ObjectIdentifier(node))
        #expect(try several.count() == 3)
    }

    @Test func aClosureInsideAnAnyPayloadIsStoredAsAnyExpectsAndCalls() throws {
        let value = Existentials.any({ 42 } as () -> Int)
        let any: Any = try value.value()
        #expect((any as? () -> Int)?() == 42)
        let closure: () -> Int = try value.value()
        #expect(closure() == 42)
    }

    @Test func aGenericPayloadIsReadAsItsArgumentEvenAFunctionOrAMetatype() throws {
        #expect(try Box<Int>.value(5).value() == 5)
        #expect(try Box<String>.pair(first: "a", second: 2).first() == "a")
        let closure: () -> Int = try Box<() -> Int>.value({ 42 }).value()
        #expect(closure() == 42)
        let transform: (String) -> String = try Box<(String) -> String>.value({ $0 + "!" }).value()
        #expect(transform("hi") == "hi!")
        let type: Int.Type = try Box<Int.Type>.value(Int.self).value()
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
    }

    @Test func aGenericFunctionAmongSeveralFieldsThrows() throws {
        // The payload `(first: Payload, second: Int)` is a tuple; whether its element is the bare
        // generic parameter is not known without parsing its mangled name, so it is not read.
        let value = Box<() -> Int>.pair(first: { 42 }, second: 2)
        #expect(throws: Unreadable.self) { let _: () -> Int = try value.first() }
        #expect(try value.second() == 2)
    }

    @Test func tuplePayloadsLabelledAndUnlabelled() throws {
        let labelled = Tuples.labelled(credit: 3, owner: "ann")
        #expect(try labelled.credit() == 3)
        #expect(try labelled.owner() == "ann")
        let pair: (Int, String) = try Tuples.unlabelled(1, "one").value()
        #expect(pair == (1, "one"))
        let single: (Int, String) = try Tuples.single((2, "two")).value()
        #expect(single == (2, "two"))
    }

    @Test func aTupleHoldingAClosureThrowsAndItsSiblingsRead() throws {
        let value = Tuples.closureInside(pair: (1, { 42 }), count: 3)
        #expect(throws: Unreadable.self) { let _: (Int, () -> Int) = try value.pair() }
        #expect(try value.count() == 3)
        #expect(throws: Unreadable.self) { let _: (Int, () -> Int) = try Tuples.singleWithClosure((1, { 42 })).value() }
    }

    @Test func optionalPayloads() throws {
        let some: Int? = try Optionals.number(4).value()
        #expect(some == 4)
        let none: Int? = try Optionals.number(nil).value()
        #expect(none == nil)
        let node = Base(2)
        #expect(try Optionals.object(node: node, count: 1).node() as Base? === node)
        #expect(try Optionals.object(node: nil, count: 1).node() as Base? == nil)
        #expect(try Optionals.object(node: nil, count: 8).count() == 8)
    }

    @Test func anOptionalClosureThrows() throws {
        let value = Optionals.closure(fn: { 42 }, count: 5)
        #expect(throws: Unreadable.self) { let _: (() -> Int)? = try value.fn() }
        #expect(try value.count() == 5)
    }

    @Test func classReferencesKeepTheirIdentity() throws {
        let node = Base(3)
        let derived = Derived(4)
        #expect(try References.node(node).value() as Base === node)
        #expect(try References.node(derived).value() as Derived === derived)
        let pair = References.pair(first: node, second: derived)
        #expect(try pair.first() as Base === node)
        #expect(try pair.second() as Base === derived)
        #expect(throws: IncorrectType.self) { let _: Derived = try pair.first() }
    }

    @Test func metatypesOfClassesAndExistentialsAreRead() throws {
        let classType: Base.Type = try Metatypes.classType(Derived.self).value()
        #expect(ObjectIdentifier(classType) == ObjectIdentifier(Derived.self))
        let anyType: Any.Type = try Metatypes.anyType(String.self).value()
        #expect(ObjectIdentifier(anyType) == ObjectIdentifier(String.self))
        let errorType: any Error.Type = try Metatypes.existentialType(Failure.self).value()
        #expect(ObjectIdentifier(errorType) == ObjectIdentifier(Failure.self))
    }

    @Test func aMetatypeOfAValueTypeThrowsAndSoDoItsSiblings() {
        #expect(throws: Unreadable.self) { let _: Int.Type = try Metatypes.valueType(Int.self).value() }
        // A value type's metatype takes no bytes in the payload, so `count` is not where the
        // runtime's tuple layout says.
        #expect(throws: Unreadable.self) { let _: Int = try Metatypes.valueTypeAndCount(type: Int.self, count: 9).count() }
    }

    @Test func aWrongRequestedTypeThrowsTheTypeMismatch() {
        do {
            let _: String = try Tuples.labelled(credit: 3, owner: "ann").credit()
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "Incorrect Type: expected `String`, encountered `Int`")
        }
        #expect(throws: IncorrectType.self) { let _: Int = try Existentials.any("text").value() }
        #expect(throws: IncorrectType.self) { let _: Base = try Existentials.described(12).value() }
    }

    @Test func readsAreRepeatableAndLeaveTheValueIntact() throws {
        let node = Base(5)
        let value = Existentials.several(error: Failure(code: 1), object: node, count: 2)
        for _ in 0..<1_000 {
            let object: AnyObject = try value.object()
            #expect(ObjectIdentifier(object) == ObjectIdentifier(node))
            #expect(throws: Unreadable.self) { let _: () -> Int = try Closures.labelled(fn: { 1 }, n: 1).fn() }
        }
        #expect(try value.count() == 2)
    }
}
