@testable import StateMachine
import Testing

/// The default `extract:` of `child(_:in:events:)`: the case's payload, found once and read in
/// place, one test per layout (`Internal/EnumReflection.swift` and `CasePayload`).
@Suite struct CasePayloadTests {

    enum Inner: StateMachineHashable, Equatable { case solid, liquid, gas }
    final class Object {}

    enum Parent: StateMachineHashable, Equatable {
        case single(Inner)
        case labelled(inner: Inner)
        case pair(Inner, Int)
        case number(Int)
        case none
        indirect case boxed(Inner)
        enum HashableIdentifier: String { case single, labelled, pair, number, none, boxed }
    }

    /// Two payload cases of class references: the case is told apart by bits inside the
    /// pointer, so the second case's payload must be projected before it is read.
    enum References: StateMachineHashable {
        case first(Object), second(Object)
        enum HashableIdentifier: String { case first, second }
    }

    @Test func aSinglePayloadIsLoadedInPlace() {
        let payload = CasePayload<Parent, Inner>(of: .single(.solid))
        #expect(payload.offset == 0)
        #expect(payload.read(.single(.gas)) == .gas)
        #expect(payload.read(.single(.liquid)) == .liquid)
    }

    @Test func anotherCaseReadsNothing() {
        let payload = CasePayload<Parent, Inner>(of: .single(.solid))
        #expect(payload.read(.labelled(inner: .gas)) == nil)
        #expect(payload.read(.none) == nil)
        #expect(payload.read(.boxed(.gas)) == nil)
    }

    @Test func aLabelledSinglePayloadIsLoadedInPlace() {
        let payload = CasePayload<Parent, Inner>(of: .labelled(inner: .solid))
        #expect(payload.read(.labelled(inner: .liquid)) == .liquid)
        #expect(payload.read(.single(.liquid)) == nil)
    }

    @Test func anIndirectPayloadIsReadFromItsBox() {
        let payload = CasePayload<Parent, Inner>(of: .boxed(.solid))
        #expect(payload.offset == -1)
        #expect(payload.read(.boxed(.gas)) == .gas)
        #expect(payload.read(.single(.gas)) == nil)
    }

    @Test func aPayloadOfSeveralFieldsIsNotTheChildsState() {
        // As `associatedValue as? Inner` answered: the tuple is not an `Inner`.
        let payload = CasePayload<Parent, Inner>(of: .pair(.solid, 1))
        #expect(payload.read(.pair(.gas, 2)) == nil)
    }

    @Test func aPayloadOfAnotherTypeIsNotTheChildsState() {
        let payload = CasePayload<Parent, Inner>(of: .number(3))
        #expect(payload.read(.number(4)) == nil)
    }

    @Test func aPayloadWithTheCaseInItsSpareBitsIsProjectedFirst() {
        let object = Object()
        let first = CasePayload<References, Object>(of: .first(Object()))
        let second = CasePayload<References, Object>(of: .second(Object()))
        #expect(first.read(.first(object)) === object)
        #expect(second.read(.second(object)) === object)
        #expect(second.read(.first(object)) == nil)
        #expect(first.read(.second(object)) == nil)
    }

    enum Event: StateMachineHashable { case heat }

    enum Child: StateMachineBuilder {
        typealias State = Inner
        typealias Event = CasePayloadTests.Event
        typealias SideEffect = Never
    }

    enum Machine: StateMachineBuilder {
        typealias State = Parent
        typealias Event = CasePayloadTests.Event
        typealias SideEffect = Never
    }

    @Test func aChildWithoutExtractReadsTheCasesPayload() throws {
        let child = StateMachine<Inner, Event, Never>.Definition {
            Child.initialState(.solid)
            Child.state(.solid) { Child.on(.heat) { Child.transition(to: .liquid) } }
            Child.state(.liquid) { Child.on(.heat) { Child.transition(to: .gas) } }
            Child.state(.gas) { Child.on(.heat) { Child.transition(to: .solid) } }
        }
        for (initial, embed) in [(Parent.single(.solid), Parent.single), (Parent.boxed(.solid), Parent.boxed)] {
            let definition = StateMachine<Parent, Event, Never>.Definition {
                Machine.initialState(initial)
                Machine.state(.single) { Machine.child(child, in: Parent.single, events: { $0 }) }
                Machine.state(.boxed) { Machine.child(child, in: Parent.boxed, events: { $0 }) }
            }
            let machine = StateMachine(definition: definition)
            #expect(try machine.transition(.heat).toState == embed(.liquid))
            #expect(try machine.transition(.heat).toState == embed(.gas))
            #expect(try machine.transition(.heat).toState == embed(.solid))
        }
    }
}
