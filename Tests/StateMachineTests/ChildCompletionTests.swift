import StateMachine
import Testing

/// A child machine that reaches a final state finishes its parent state (rule R27): the parent's
/// `onDone` runs in the same step, after the child's move.
@Suite struct ChildCompletionTests {

    /// Records listener calls, in order.
    final class Log: @unchecked Sendable {
        var entries: [String] = []
        func callAsFunction(_ entry: String) { entries.append(entry) }
    }

    enum Payment: StateMachineBuilder {
        enum State: StateMachineHashable { case cart, paying, paid }
        enum Event: StateMachineHashable { case checkout, pay }
        enum SideEffect: Equatable { case charged }

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.cart)
                state(.cart) {
                    on(.checkout) { transition(to: .paying) }
                    onExit { state, _ in log("child exit \(state)") }
                }
                state(.paying) {
                    on(.pay) { transition(to: .paid, emit: .charged) }
                    onEnter { state, _ in log("child enter \(state)") }
                    onExit { state, _ in log("child exit \(state)") }
                }
                finalState(.paid) {
                    onEnter { state, _ in log("child enter \(state)") }
                }
            }
        }
    }

    enum Shop: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case shopping(Payment.State), trying(Payment.State), thanks
            enum HashableIdentifier: String { case shopping, trying, thanks }
        }
        enum Event: StateMachineHashable, Equatable {
            case checkout, pay(Int)
            enum HashableIdentifier: String { case checkout, pay }
        }
        enum SideEffect: Equatable { case charged, bigSpender, alreadyPaid }
        typealias Machine = StateMachine<State, Event, SideEffect>

        /// `shopping(paying)`: the payload by its case name only.
        static func name(_ state: State) -> String {
            switch state {
            case .shopping(let payment): "shopping(\(payment))"
            case .trying(let payment): "trying(\(payment))"
            case .thanks: "thanks"
            }
        }

        static func events(_ event: Event) -> Payment.Event? {
            switch event {
            case .checkout: .checkout
            case .pay: .pay
            }
        }

        static func definition(_ log: Log) -> Machine.Definition {
            Machine.Definition {
                initialState(.shopping(.cart))
                state(.shopping) {
                    child(Payment.definition(log), in: State.shopping, events: events, sideEffects: { _ in .charged })
                    onDone(to: .thanks) { _, event in
                        guard case .pay(let amount) = event, amount >= 100 else { return transition(to: .thanks) }
                        return transition(to: .thanks, emit: .bigSpender)
                    }
                    onExit { state, _ in log("exit \(name(state))") }
                }
                state(.trying) {
                    child(Payment.definition(log), in: State.trying, events: events, sideEffects: { _ in .charged })
                    on(.pay) { dontTransition(emit: .alreadyPaid) }
                    onExit { state, _ in log("exit \(name(state))") }
                    onEnter { state, _ in log("enter \(name(state))") }
                }
                finalState(.thanks) {
                    onEnter { state, _ in log("enter \(state)") }
                }
                onTransition { result in
                    if case .success(let valid) = result { log("transition \(name(valid.fromState)) -> \(name(valid.toState))") }
                }
            }
        }
    }

    @Test func theChildsFinalStateRunsOnDoneInTheSameStep() throws {
        let log = Log()
        let machine = Shop.Machine(definition: Shop.definition(log), restoring: .shopping(.paying))
        let valid = try machine.transition(.pay(120))
        #expect(valid == .init(fromState: .shopping(.paying), event: .pay(120), toState: .thanks, sideEffect: .bigSpender))
        #expect(log.entries == [
            "transition shopping(paying) -> thanks",
            "child exit paying", "child enter paid",
            "exit shopping(paid)", "enter thanks",
        ])
        #expect(machine.isFinished)
    }

    @Test func withoutItsOwnSideEffectOnDoneGivesTheChilds() throws {
        let machine = Shop.Machine(definition: Shop.definition(Log()), restoring: .shopping(.paying))
        #expect(try machine.transition(.pay(30)).sideEffect == .charged)
        #expect(machine.state == .thanks)
    }

    @Test func aMoveInsideTheChildThatDoesNotFinishItIsTheChildsOnly() throws {
        let log = Log()
        let machine = Shop.Machine(definition: Shop.definition(log))
        #expect(try machine.transition(.checkout).toState == .shopping(.paying))
        #expect(log.entries == ["transition shopping(cart) -> shopping(paying)", "child exit cart", "child enter paying"])
    }

    @Test func withoutOnDoneTheParentStaysAndTheFinishedChildsEventsGoToIt() throws {
        let log = Log()
        let machine = Shop.Machine(definition: Shop.definition(log), restoring: .trying(.paying))
        #expect(try machine.transition(.pay(30)) == .init(fromState: .trying(.paying), event: .pay(30), toState: .trying(.paid), sideEffect: .charged))
        #expect(!machine.isFinished)
        log.entries = []
        #expect(try machine.transition(.pay(30)).sideEffect == .alreadyPaid)
        #expect(log.entries == ["transition trying(paid) -> trying(paid)", "exit trying(paid)", "enter trying(paid)"])
        #expect(machine.tryTransition(.checkout).invalid != nil)
    }

    @Test func thePureCoreRunsOnDoneToo() {
        let result = Shop.definition(Log()).transition(from: .shopping(.paying), on: .pay(100))
        #expect(result.valid?.toState == .thanks)
        #expect(result.valid?.sideEffect == .bigSpender)
    }

    // MARK: - Regions

    /// Two payments side by side: done when both are paid.
    static func pairOfPayments() -> StateMachine<OrthogonalState<Payment.State, Payment.State>, Payment.Event, [Payment.SideEffect]>.Definition {
        .init(orthogonal: Payment.definition(Log()), events: { $0 }, and: Payment.definition(Log()), events: { $0 == .pay ? nil : $0 })
    }

    @Test func aProductIsDoneWhenEveryRegionIsFinal() throws {
        let machine = StateMachine(definition: Self.pairOfPayments(), restoring: OrthogonalState(.paying, .paying))
        try machine.transition(.pay)   // only the first region takes pay
        #expect(machine.state == OrthogonalState(.paid, .paying))
        #expect(!machine.isFinished)
        let product = StateMachine(definition: Self.pairOfPayments(), restoring: OrthogonalState(.paid, .paid))
        #expect(product.isFinished)
        #expect(product.tryTransition(.checkout).invalid != nil)
    }

    enum Plain: StateMachineBuilder {
        enum State: StateMachineHashable { case a, b }
        enum Event: StateMachineHashable { case go }
        typealias SideEffect = Never
    }

    @Test func onDoneWithoutAChildIsReportedAtItsLine() {
        let line: Int = #line + 5
        let definition = StateMachine<Plain.State, Plain.Event, Plain.SideEffect>.Definition {
            Plain.initialState(.a)
            Plain.state(.a) {
                Plain.on(.go) { Plain.transition(to: .b) }
                Plain.onDone { Plain.transition(to: .b) }
            }
            Plain.finalState(.b)
        }
        let error = #expect(throws: StateMachineTypes.DefinitionError.self) { try definition.validate() }
        let problem = error?.problems.first { $0.message.contains("onDone") }
        #expect(problem?.line == line)
        #expect(problem?.message == "this `onDone` in `state(a)` never runs: the state holds no child machine, and only a child reaching one of its final states finishes a state (R27). Add `child(…)` to the state, or remove `onDone`.")
    }

    @Test func onDoneWithAChildThatHasNoFinalStateIsReported() {
        let child = StateMachine<Plain.State, Plain.Event, Plain.SideEffect>.Definition {
            Plain.initialState(.a)
            Plain.state(.a) { Plain.on(.go) { Plain.transition(to: .b) } }
            Plain.state(.b) { Plain.on(.go) { Plain.transition(to: .a) } }
        }
        let line: Int = #line + 5
        let definition = Shop.Machine.Definition {
            Shop.initialState(.thanks)
            Shop.state(.shopping) {
                Shop.child(child, in: { _ in Shop.State.shopping(.cart) }, extract: { _ in .a }, events: { _ in .go }, sideEffects: { _ in nil })
                Shop.onDone { Shop.transition(to: .thanks) }
            }
            Shop.finalState(.thanks)
        }
        let error = #expect(throws: StateMachineTypes.DefinitionError.self) { try definition.validate() }
        let problem = error?.problems.first { $0.message.contains("onDone") }
        #expect(problem?.line == line)
        #expect(problem?.message.contains("has no final state (R27). Write `finalState(…)` in the child's definition for the state it ends in, or remove `onDone`.") == true)
    }

    @Test func aStateReachedOnlyThroughOnDoneIsReachable() throws {
        let definition = Shop.Machine.Definition {
            Shop.initialState(.shopping(.cart))
            Shop.state(.shopping) {
                Shop.child(Payment.definition(Log()), in: Shop.State.shopping, events: Shop.events, sideEffects: { _ in .charged })
                Shop.onDone(to: .thanks) { Shop.transition(to: .thanks) }
            }
            Shop.finalState(.thanks)
        }
        try definition.validate()
    }
}
