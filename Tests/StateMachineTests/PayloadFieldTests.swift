import Testing
@testable import StateMachine

// `try value.label()` reads payloads in place when the field's declared type is the one
// asked for, and through `Mirror` otherwise. One test per enum shape; each also checks that
// the value is intact afterwards.

private final class Token: Equatable, @unchecked Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Token, rhs: Token) -> Bool { lhs.name == rhs.name }
}

private indirect enum WholeIndirect: StateMachineHashable, Equatable, Sendable {
    case locked(credit: Int), unlocked, broken(oldState: WholeIndirect)
    enum HashableIdentifier: String { case locked, unlocked, broken }
}

private enum CaseIndirect: StateMachineHashable, Equatable {
    case locked(credit: Int), unlocked
    indirect case broken(oldState: CaseIndirect)
    enum HashableIdentifier: String { case locked, unlocked, broken }
}

private enum Fields: StateMachineHashable, Equatable, Sendable {
    case gate(credit: Int, owner: String, token: Token)
    case unlabelled(Int, String)
    case single(Token)
    case text(String)
    case empty
    enum HashableIdentifier: String { case gate, unlabelled, single, text, empty }
}

private enum Wrapper<Payload: Equatable>: StateMachineHashable, Equatable {
    case value(Payload), pair(first: Payload, second: Int), none
    enum HashableIdentifier: String { case value, pair, none }
}

private enum Existential: StateMachineHashable {
    case any(Any), optional(Int?)
    enum HashableIdentifier: String { case any, optional }
}

@Suite("Payload fields by label")
struct PayloadFieldTests {

    @Test func singleLabelledPayloadOfAWholeIndirectEnum() throws {
        let state = WholeIndirect.locked(credit: 30)
        #expect(try state.credit() == 30)
        #expect(try state.anyLabel() == 30)   // a single payload is returned whatever the label
        #expect(state == .locked(credit: 30))
    }

    @Test func nestedPayloadOfAWholeIndirectEnum() throws {
        let state = WholeIndirect.broken(oldState: .locked(credit: 7))
        let old: WholeIndirect = try state.oldState()
        #expect(old == .locked(credit: 7))
        #expect(try old.credit() == 7)
        #expect(state == .broken(oldState: .locked(credit: 7)))
    }

    @Test func payloadOfAnIndirectCase() throws {
        let state = CaseIndirect.broken(oldState: .locked(credit: 5))
        for _ in 0..<1_000 {
            let old: CaseIndirect = try state.oldState()
            #expect(old == .locked(credit: 5))
        }
        #expect(try CaseIndirect.locked(credit: 9).credit() == 9)
        #expect(state == .broken(oldState: .locked(credit: 5)))
    }

    @Test func labelledFieldsOfATuplePayload() throws {
        let token = Token("t")
        let state = Fields.gate(credit: 3, owner: "ann", token: token)
        for _ in 0..<1_000 {
            #expect(try state.credit() == 3)
            #expect(try state.owner() == "ann")
            #expect(try state.token() === token)
        }
        #expect(state == .gate(credit: 3, owner: "ann", token: Token("t")))
    }

    @Test func readsNeitherLeakNorOverRelease() throws {
        weak var weakToken: Token?
        do {
            let token = Token("t")
            weakToken = token
            let state = Fields.gate(credit: 3, owner: "ann", token: token)
            let boxed = WholeIndirect.broken(oldState: .locked(credit: 1))
            for _ in 0..<1_000 {
                #expect(try state.token() === token)
                let old: WholeIndirect = try boxed.oldState()
                #expect(old == .locked(credit: 1))
            }
            #expect(weakToken != nil)
        }
        #expect(weakToken == nil)
    }

    @Test func concurrentReadsOfSharedIndirectValues() async {
        let state = WholeIndirect.broken(oldState: .broken(oldState: .locked(credit: 3)))
        let event = Fields.gate(credit: 2, owner: "b", token: Token("b"))
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<2_000 {
                        let outer: WholeIndirect = try! state.oldState()
                        let inner: WholeIndirect = try! outer.oldState()
                        let credit: Int = try! inner.credit()
                        let owner: String = try! event.owner()
                        if credit != 3 || owner != "b" { return false }
                    }
                    return true
                }
            }
            for await succeeded in group { #expect(succeeded) }
        }
    }

    @Test func aWholeUnlabelledTupleIsCastAsBefore() throws {
        let state = Fields.unlabelled(1, "one")
        let pair: (Int, String) = try state.value()
        #expect(pair == (1, "one"))
    }

    @Test func singlePayloadsOfReferenceAndStringTypes() throws {
        let token = Token("x")
        #expect(try Fields.single(token).value() === token)
        #expect(try Fields.text("hello").value() == "hello")
    }

    @Test func aPayloadLessCaseGivesVoidOrThrows() throws {
        let empty: Void = try Fields.empty.value()
        _ = empty
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) { let _: Int = try Fields.empty.value() }
    }

    @Test func wrongTypeThrowsAsBefore() {
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) { let _: String = try Fields.gate(credit: 1, owner: "a", token: Token("a")).credit() }
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) { let _: String = try WholeIndirect.locked(credit: 1).credit() }
    }

    @Test func genericEnums() throws {
        #expect(try Wrapper<String>.value("v").value() == "v")
        #expect(try Wrapper<[Int]>.pair(first: [1, 2], second: 3).first() == [1, 2])
        #expect(try Wrapper<[Int]>.pair(first: [1, 2], second: 3).second() == 3)
    }

    @Test func existentialAndOptionalPromotionGoThroughMirror() throws {
        let any: Int = try Existential.any(42).value()
        #expect(any == 42)
        let wrapped: Int? = try Existential.optional(4).value()
        #expect(wrapped == 4)
        let promoted: Int?? = try Existential.optional(nil).value()
        #expect(promoted == .some(nil))
    }
}


// Enums without payloads of one byte read their tag from the byte, without calling the
// value witness: both must agree for every case.

private enum Two { case a, b }
private enum Many: CaseIterable {
    case c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19
}
private enum WithRaw: String, CaseIterable { case x = "ex", y = "why", z = "zed" }
private enum Single { case only }

@Suite("Tags read from the byte")
struct ByteTagTests {

    private func agree<Value>(_ values: [Value]) -> Bool {
        let cases = EnumCases<Value>()!
        return values.allSatisfy { value in
            cases.tagReader.tag(of: value) == withUnsafePointer(to: value) {
                Int(cases.tagReader.getEnumTag(UnsafeRawPointer($0), cases.tagReader.metadata))
            }
        }
    }

    @Test func byteTagsAgreeWithTheValueWitness() {
        #expect(EnumCases<Two>()!.tagReader.byteIsTag)
        #expect(agree([Two.a, .b]))
        #expect(agree(Many.allCases))
        #expect(agree(WithRaw.allCases))
        #expect(agree([Single.only]))
        #expect(!EnumCases<Single>()!.tagReader.byteIsTag)   // no storage at all
        #expect(!EnumCases<Two?>()!.tagReader.byteIsTag)     // a payload case
        #expect(agree([Two?.none, .some(.a), .some(.b)]))
    }
}
