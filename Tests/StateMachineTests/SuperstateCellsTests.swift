@testable import StateMachine
import Testing

/// Issue 25: superstates without listeners, in a definition without children, regions or
/// history targets, are compiled into the flat table's cells, so that a superstate's handler
/// costs what a state's own handler costs. R19 and R13 hold as on the composite path: the
/// state's own handlers first, then the superstates containing its case, innermost first, each
/// in declaration order; a case without a state definition still fails.
@Suite struct SuperstateCellsTests {

    typealias Log = CompositionTests.Log

    enum Lamp: StateMachineBuilder {
        enum State: StateMachineHashable { case a, b, c, d, e }
        enum Event: StateMachineHashable { case x, y, z }
        typealias SideEffect = Int

        /// "inner" = {a, b} inside "outer" = {a, b, c, e}; `e` has no state definition.
        /// `withSuperstateListener` adds an `onEnter` to "outer", which keeps the composite path.
        static func definition(_ log: Log, withSuperstateListener: Bool = false) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.a)
                state(.a) {
                    on(.y) { transition(to: .b, emit: 4) }
                    onExit { _, _ in log("exit a") }
                }
                state(.b) {
                    onEnter { _, _ in log("enter b") }
                }
                state(.c)
                state(.d) {
                    on(.y) { transition(to: .e) }
                }
                superstate("outer", containing: .a, .b, .c, .e) {
                    on(.x) { transition(to: .d, emit: 1) }
                    on(.y) { transition(to: .a, emit: 2) }
                    if withSuperstateListener { onEnter { _, _ in log("enter outer") } }
                }
                superstate("inner", containing: .a, .b) {
                    on(.z, where: { _ in false }) { _, _ in transition(to: .d) }
                    on(.x) { transition(to: .c, emit: 3) }
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func superstateHandlersRunAfterTheStatesOwnInnermostFirst(withSuperstateListener: Bool) throws {
        let log = Log()
        let definition = Lamp.definition(log, withSuperstateListener: withSuperstateListener)
        #expect(definition.table.isComposite == withSuperstateListener)
        let machine = StateMachine(definition: definition)

        // a: y is a's own handler (not outer's), with a's exit and b's enter.
        #expect(try machine.transition(.y) == .init(fromState: .a, event: .y, toState: .b, sideEffect: 4))
        #expect(log.take() == ["exit a", "enter b"])
        // b: y is not b's; inner has none; outer's goes to a.
        #expect(try machine.transition(.y) == .init(fromState: .b, event: .y, toState: .a, sideEffect: 2))
        #expect(log.take() == [])
        // a: x is inner's (innermost first), not outer's.
        #expect(try machine.transition(.x) == .init(fromState: .a, event: .x, toState: .c, sideEffect: 3))
        #expect(log.take() == ["exit a"])
        // c is in outer only: x is outer's.
        #expect(try machine.transition(.x) == .init(fromState: .c, event: .x, toState: .d, sideEffect: 1))
        // d is in no superstate: z is invalid there.
        #expect(machine.tryTransition(.z).invalid != nil)
    }

    @Test(arguments: [false, true])
    func aPredicateThatDeclinesFallsThroughToTheNextSuperstate(withSuperstateListener: Bool) {
        let definition = Lamp.definition(Log(), withSuperstateListener: withSuperstateListener)
        // b: inner's z declines (its predicate is false) and outer has no z: invalid.
        #expect(definition.transition(from: .b, on: .z).invalid != nil)
        // b: x is inner's.
        #expect(definition.transition(from: .b, on: .x).valid?.toState == .c)
    }

    @Test(arguments: [false, true])
    func aCaseWithoutDefinitionFailsAlthoughASuperstateHandlesTheEvent(withSuperstateListener: Bool) {
        let definition = Lamp.definition(Log(), withSuperstateListener: withSuperstateListener)
        let outcome = definition.transition(from: .e, on: .x)
        #expect((outcome.error as? StateMachine<Lamp.State, Lamp.Event, Lamp.SideEffect>.MissingDefinitionError)?.state == .e)
    }

    @Test func compiledSuperstatesAreStillValidatedAndDrawn() {
        let definition = StateMachine<Lamp.State, Lamp.Event, Lamp.SideEffect>.Definition {
            Lamp.initialState(.a)
            Lamp.state(.a) { Lamp.on(.x) { Lamp.transition(to: .b) } }
            Lamp.state(.b) { Lamp.on(.x) { Lamp.transition(to: .a) } }
            Lamp.superstate("left", containing: .a, .b) { Lamp.on(.y) { Lamp.transition(to: .a) } }
            Lamp.superstate("right", containing: .b, .c) { Lamp.on(.z) { Lamp.transition(to: .b) } }
        }
        #expect(!definition.table.isComposite)
        var problems: [String] = []
        do {
            try definition.validate()
            Issue.record("no problem reported")
        } catch {
            problems = error.problems.map(\.message)
        }
        #expect(problems.contains("the superstates \"left\" and \"right\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint."))
        let mermaid = definition.diagram(format: .mermaid)
        #expect(mermaid.contains("state left {"))
        #expect(mermaid.contains("state right {"))
    }
}
