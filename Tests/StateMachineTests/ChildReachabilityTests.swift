import StateMachine
import Testing

/// R25 "a child whose states are not reachable from the parent": the child states the parent
/// enters come from its initial state, its `entering:` values and its history defaults, and
/// the child's declared targets lead on from there.
@Suite struct ChildReachabilityTests {

    enum Lamp: StateMachineBuilder {
        enum State: StateMachineHashable { case off, on, blinking }
        enum Event: StateMachineHashable { case toggle }
        enum SideEffect: Equatable { case clicked }

        /// Starts blinking, which the hall never enters it in.
        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.blinking)
            state(.blinking) { on(.toggle, to: .off) { transition(to: .off) } }
            state(.off) { on(.toggle, to: .on) { transition(to: .on) } }
            state(.on) { on(.toggle, to: .off) { transition(to: .off) } }
        }
    }

    enum Hall: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case lit(Lamp.State), dark, broken
            enum HashableIdentifier: String { case lit, dark, broken }
        }
        enum Event: StateMachineHashable, Equatable {
            case enter, leave, flip, fail, repair
            enum HashableIdentifier: String { case enter, leave, flip, fail, repair }
        }
        typealias SideEffect = Lamp.SideEffect
    }

    typealias HallDefinition = StateMachine<Hall.State, Hall.Event, Hall.SideEffect>.Definition

    let file = "StateMachineTests/ChildReachabilityTests.swift"

    func problems(_ definition: HallDefinition) -> [String] {
        do {
            try definition.validate()
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func aChildStateThatTheParentNeverEntersNorTheChildReachesIsReportedAtTheChild() {
        let line = #line + 5
        let definition = HallDefinition {
            Hall.initialState(.dark)
            Hall.state(.dark) { Hall.on(.enter, entering: .lit(.off)) { Hall.transition(to: .lit(.off)) } }
            Hall.state(.lit) {
                Hall.child(Lamp.definition, in: Hall.State.lit, events: { $0 == .flip ? .toggle : nil })
                Hall.on(.leave, to: .dark) { Hall.transition(to: .dark) }
            }
        }
        #expect(problems(definition) == [
            "\(file):\(line): the child's `state(blinking)` is never reached from the parent: the parent enters lit only with the child in off (its initial state, `entering:` values and history defaults), and no declared transition of the child leads from there to blinking. Declare the value of lit holding blinking with `entering:` on the parent's handler that goes there, or remove `state(blinking)` from the child.",
        ])
    }

    @Test func historyDefaultsAndTheInitialStateEnterTheChildToo() {
        let definition = HallDefinition {
            Hall.initialState(.lit(.on))
            Hall.state(.dark) { Hall.on(.enter, entering: .lit(.off)) { Hall.transition(to: .lit(.off)) } }
            Hall.state(.lit) {
                Hall.child(Lamp.definition, in: Hall.State.lit, events: { $0 == .flip ? .toggle : nil })
                Hall.on(.leave, to: .dark) { Hall.transition(to: .dark) }
                Hall.on(.fail, to: .broken) { Hall.transition(to: .broken) }
            }
            Hall.state(.broken) { Hall.on(.repair, toHistoryOfChild: .lit, default: .lit(.blinking)) }
        }
        #expect(problems(definition) == [])
    }

    @Test func severalEnteredChildStatesAreListed() {
        let line = #line + 7
        let definition = HallDefinition {
            Hall.initialState(.dark)
            Hall.state(.dark) {
                Hall.on(.enter, entering: .lit(.on), .lit(.off)) { Hall.transition(to: .lit(.on)) }
            }
            Hall.state(.lit) {
                Hall.child(Lamp.definition, in: Hall.State.lit, events: { $0 == .flip ? .toggle : nil })
                Hall.on(.leave, to: .dark) { Hall.transition(to: .dark) }
            }
        }
        #expect(problems(definition).map { $0.components(separatedBy: " (its initial")[0] } == [
            "\(file):\(line): the child's `state(blinking)` is never reached from the parent: the parent enters lit only with the child in on, off",
        ])
    }

    @Test func aParentHandlerWithoutDeclaredTargetsReportsNothing() {
        let definition = HallDefinition {
            Hall.initialState(.dark)
            Hall.state(.dark) { Hall.on(.enter) { Hall.transition(to: .lit(.off)) } }
            Hall.state(.lit) {
                Hall.child(Lamp.definition, in: Hall.State.lit, events: { $0 == .flip ? .toggle : nil })
                Hall.on(.leave, to: .dark) { Hall.transition(to: .dark) }
            }
        }
        #expect(problems(definition) == [])
    }

    @Test func aParentHandlerDeclaringTheChildsCaseWithoutItsValueReportsNothing() {
        let definition = HallDefinition {
            Hall.initialState(.dark)
            Hall.state(.dark) {
                Hall.on(.enter, entering: .lit(.off)) { Hall.transition(to: .lit(.off)) }
                Hall.on(.flip, to: .lit) { Hall.transition(to: .lit(.blinking)) }
            }
            Hall.state(.lit) {
                Hall.child(Lamp.definition, in: Hall.State.lit, events: { $0 == .flip ? .toggle : nil })
                Hall.on(.leave, to: .dark) { Hall.transition(to: .dark) }
            }
        }
        #expect(problems(definition) == [])
    }

    @Test func aChildHandlerWithoutDeclaredTargetsReportsNothing() {
        let lamp = StateMachine<Lamp.State, Lamp.Event, Lamp.SideEffect>.Definition {
            Lamp.initialState(.blinking)
            Lamp.state(.blinking) { Lamp.on(.toggle, to: .off) { Lamp.transition(to: .off) } }
            Lamp.state(.off) { Lamp.on(.toggle) { Lamp.transition(to: .blinking) } }
            Lamp.state(.on) { Lamp.on(.toggle, to: .off) { Lamp.transition(to: .off) } }
        }
        let definition = HallDefinition {
            Hall.initialState(.dark)
            Hall.state(.dark) { Hall.on(.enter, entering: .lit(.off)) { Hall.transition(to: .lit(.off)) } }
            Hall.state(.lit) {
                Hall.child(lamp, in: Hall.State.lit, events: { $0 == .flip ? .toggle : nil })
                Hall.on(.leave, to: .dark) { Hall.transition(to: .dark) }
            }
        }
        #expect(problems(definition) == [])
    }

    @Test func enteringDeclaresTheCaseOfItsValueForTheRunTimeCheck() throws {
        let definition = HallDefinition {
            Hall.initialState(.dark)
            Hall.state(.dark) {
                Hall.on(.enter, entering: .lit(.off)) { Hall.transition(to: .lit(.on)) }
                Hall.on(.leave, entering: .lit(.off)) { Hall.transition(to: .broken) }
            }
            Hall.state(.lit) {
                Hall.child(Lamp.definition, in: Hall.State.lit, events: { $0 == .flip ? .toggle : nil })
                Hall.on(.leave, to: .dark) { Hall.transition(to: .dark) }
            }
            Hall.finalState(.broken)
        }
        #expect(definition.transition(from: .dark, on: .enter).valid?.toState == .lit(.on))
        let failed = definition.transition(from: .dark, on: .leave)
        #expect(failed.valid == nil)
        #expect("\(failed)".contains("Undeclared target"))
    }

    /// Seed 001's hierarchical turnstile with every target declared: the parent enters the
    /// child locked (its initial state and the history default), and the child reaches
    /// unlocked from there.
    enum DeclaredTurnstile {
        typealias Child = FunctioningTurnstile
        typealias Parent = HierarchicalTurnstile

        static let child = StateMachine<Child.State, Child.Event, Child.SideEffect>.Definition {
            Child.initialState(.locked(credit: 0))
            Child.state(.locked) {
                Child.on(.insertCoin, to: .locked, .unlocked) { locked, coin in
                    let newCredit = try locked.credit() + coin.value() as Int
                    return newCredit >= Child.farePrice
                        ? Child.transition(to: .unlocked, emit: .openDoors)
                        : Child.transition(to: .locked(credit: newCredit))
                }
                Child.on(.admitPerson, to: .locked) { Child.dontTransition(emit: .soundAlarm) }
            }
            Child.state(.unlocked) {
                Child.on(.admitPerson, to: .locked) { Child.transition(to: .locked(credit: 0), emit: .closeDoors) }
            }
        }

        static let definition = StateMachine<Parent.State, Parent.Event, Parent.SideEffect>.Definition {
            Parent.initialState(.functioning(.locked(credit: 0)))
            Parent.state(.functioning) {
                Parent.child(child, in: Parent.State.functioning, events: \.functioning)
                Parent.on(.machineDidFail, to: .broken) { Parent.transition(to: .broken) }
            }
            Parent.state(.broken) {
                Parent.on(.machineRepairDidComplete, toHistoryOfChild: .functioning, default: .functioning(.locked(credit: 0)))
            }
        }
    }

    @Test func theSeedsHierarchicalTurnstileWithDeclaredTargetsHasNoUnreachableChildState() throws {
        try DeclaredTurnstile.definition.validate()
        try HierarchicalTurnstile.definition.validate()
    }
}
