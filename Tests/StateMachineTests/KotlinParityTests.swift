import StateMachine
import Testing

/// The behaviours Tinder's Kotlin StateMachine has and its Swift version lacked (Spec R3–R6,
/// R9, R11–R14).
@Suite struct KotlinParityTests: StateMachineBuilder {

    typealias State = TinderTurnstile.State
    typealias Event = TinderTurnstile.Event
    typealias SideEffect = TinderTurnstile.SideEffect
    typealias Machine = StateMachine<State, Event, SideEffect>

    @Test static func invalidTransitionCarriesStateAndEvent() {
        let machine = TinderTurnstile.machine(startingIn: .unlocked)
        #expect {
            try machine.transition(.insertCoin(10))
        } throws: { error in
            let invalid = error as? Machine.Transition.Invalid
            return invalid == Machine.Transition.Invalid(fromState: .unlocked, event: .insertCoin(10))
        }
    }

    @Test static func tryTransitionReturnsInvalidWithoutThrowing() {
        let machine = TinderTurnstile.machine(startingIn: .unlocked)
        let outcome = machine.tryTransition(.insertCoin(10))
        #expect(outcome == .invalid(.init(fromState: .unlocked, event: .insertCoin(10))))
        #expect(machine.state == .unlocked)
    }

    @Test static func tryTransitionReturnsValid() {
        let machine = TinderTurnstile.machine(startingIn: .locked(credit: 40))
        #expect(machine.tryTransition(.insertCoin(10)) == .valid(.init(fromState: .locked(credit: 40), event: .insertCoin(10), toState: .unlocked, sideEffect: .openDoors)))
    }

    @Test static func tryTransitionReturnsHandlerErrorsAsFailed() {
        let outcome = Machine {
            initialState(.locked(credit: 0))
            state(.locked) {
                on(.insertCoin) { locked, _ in
                    let credit: String = try locked.credit()   // wrong type: throws
                    return transition(to: .locked(credit: credit.count))
                }
            }
        }.tryTransition(.insertCoin(1))
        #expect(outcome.error is StateMachineTypes.IncorrectTypeError)
    }

    @Test static func predicateThrowingWhileTheEnteredStateIsLookedUpChangesNothing() {
        struct Jammed: Error {}
        let log = CallLog()
        let machine = Machine {
            initialState(.unlocked)
            state(.locked, where: { _ in throw Jammed() }) {
                onEnter { _, _ in log.append("enter locked") }
            }
            state(.unlocked) {
                onExit { _, _ in log.append("exit unlocked") }
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
            }
            onTransition { result in
                if case .failure(let error) = result, error is Jammed { log.append("transition failed") }
            }
        }
        #expect(machine.tryTransition(.admitPerson).error is Jammed)
        #expect(machine.state == .unlocked)
        // Swift's onTransition callbacks receive the error (R15); no exit or enter.
        #expect(log.calls == ["transition failed"])
        // The pure core agrees.
        let definition = Machine.Definition {
            initialState(.unlocked)
            state(.locked, where: { _ in throw Jammed() }) {}
            state(.unlocked) { on(.admitPerson) { transition(to: .locked(credit: 0)) } }
        }
        #expect(definition.transition(from: .unlocked, on: .admitPerson).error is Jammed)
    }

    @Test static func enterAndExitFireAfterOnTransitionInKotlinOrder() throws {
        let log = CallLog()
        let machine = Machine {
            initialState(.locked(credit: 0))
            state(.locked) {
                onEnter { state, cause in log.append("enter \(state) by \(cause)") }
                onExit { state, cause in log.append("exit \(state) by \(cause)") }
                on(.insertCoin) { transition(to: .unlocked, emit: .openDoors) }
            }
            state(.unlocked) {
                onEnter { state, cause in log.append("enter \(state) by \(cause)") }
                onExit { state, cause in log.append("exit \(state) by \(cause)") }
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
            }
            onTransition { _ in log.append("transition") }
        }
        try machine.transition(.insertCoin(50))
        #expect(log.calls == [
            "transition",
            "exit locked(credit: 0) by insertCoin(50)",
            "enter unlocked by insertCoin(50)",
        ])
    }

    @Test static func enterAndExitFireForDontTransitionAndSelfTransition() throws {
        let log = CallLog()
        let machine = Machine {
            initialState(.locked(credit: 0))
            state(.locked) {
                onEnter { state, _ in log.append("enter \(state)") }
                onExit { state, _ in log.append("exit \(state)") }
                on(.admitPerson) { dontTransition(emit: .soundAlarm) }
                on(.insertCoin) { locked, coin in transition(to: .locked(credit: try locked.credit() + coin.value())) }
            }
        }
        try machine.transition(.admitPerson)
        try machine.transition(.insertCoin(5))
        #expect(log.calls == [
            "exit locked(credit: 0)", "enter locked(credit: 0)",
            "exit locked(credit: 0)", "enter locked(credit: 5)",
        ])
    }

    @Test static func enterAndExitDoNotFireForInitialStateOrInvalidEvents() {
        let log = CallLog()
        let machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                onEnter { _, _ in log.append("enter") }
                onExit { _, _ in log.append("exit") }
            }
        }
        _ = machine.tryTransition(.insertCoin(1))
        #expect(log.calls.isEmpty)
    }

    @Test static func matchByCaseIgnoresPayload() throws {
        let machine = TinderTurnstile.machine(startingIn: .locked(credit: 30))
        try machine.transition(.admitPerson)
        #expect(machine.state == .locked(credit: 30))
    }

    @Test static func matchByExactValue() throws {
        let machine = Machine {
            initialState(.locked(credit: 0))
            state(.eq(.locked(credit: 0))) {
                on(.eq(.insertCoin(50))) { transition(to: .unlocked, emit: .openDoors) }
                on(.insertCoin) { dontTransition(emit: .soundAlarm) }
            }
            state(.locked) {}
        }
        #expect(try machine.transition(.insertCoin(10)).sideEffect == .soundAlarm)
        #expect(try machine.transition(.insertCoin(50)).toState == .unlocked)
    }

    @Test static func matchWithPayloadPredicate() throws {
        let machine = Machine {
            initialState(.locked(credit: 60))
            state(.locked, where: { try $0.credit() >= 50 }) {
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
            }
            state(.locked) {
                on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            }
        }
        #expect(try machine.transition(.admitPerson).sideEffect == .closeDoors)
        #expect(try machine.transition(.admitPerson).sideEffect == .soundAlarm)
    }

    @Test static func eventPredicateNarrowsHandler() throws {
        let machine = Machine {
            initialState(.locked(credit: 0))
            state(.locked) {
                on(.insertCoin, where: { try $0.value() as Int >= 50 }) { _, _ in transition(to: .unlocked, emit: .openDoors) }
                on(.insertCoin) { dontTransition(emit: .soundAlarm) }
            }
            state(.unlocked) {}
        }
        #expect(try machine.transition(.insertCoin(20)).sideEffect == .soundAlarm)
        #expect(try machine.transition(.insertCoin(50)).sideEffect == .openDoors)
    }

    @Test static func firstMatchingStateDefinitionWins() throws {
        let machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
            }
            state(.unlocked) {
                on(.admitPerson) { dontTransition(emit: .soundAlarm) }
                on(.machineDidFail) { transition(to: .broken(oldState: .unlocked)) }
            }
        }
        #expect(try machine.transition(.admitPerson).sideEffect == .closeDoors)
        // The second definition is never consulted, not even for events the first lacks.
        let machine2 = Machine(definition: machine.definition)
        #expect(machine2.tryTransition(.machineDidFail).invalid != nil)
    }

    @Test static func firstMatchingHandlerWins() throws {
        let machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
                on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            }
        }
        #expect(try machine.transition(.admitPerson).sideEffect == .closeDoors)
    }

    @Test static func withMakesNewMachineFromCurrentState() throws {
        let log = CallLog()
        let original = Machine {
            initialState(.locked(credit: 0))
            state(.locked) {
                on(.machineDidFail) { transition(to: .broken(oldState: $0), emit: .orderRepair) }
            }
            onTransition { result in log.append((try? result.get()).map { "\($0.event)" } ?? "failure") }
        }
        try original.transition(.machineDidFail)
        let extended = original.with {
            state(.broken) {
                on(.machineRepairDidComplete) { transition(to: try $0.oldState()) }
            }
        }
        #expect(extended.state == .broken(oldState: .locked(credit: 0)))
        try extended.transition(.machineRepairDidComplete)
        #expect(extended.state == .locked(credit: 0))
        #expect(original.state == .broken(oldState: .locked(credit: 0)))
        #expect(original.tryTransition(.machineRepairDidComplete).error is Machine.MissingDefinitionError)
        // The definition's listener carried over to the new machine.
        #expect(log.calls == ["machineDidFail", "machineRepairDidComplete", "failure"])
    }

    @Test static func missingDefinitionIsAnErrorNamingTheState() {
        let machine = Machine {
            initialState(.unlocked)
            state(.locked) {}
        }
        #expect {
            try machine.transition(.admitPerson)
        } throws: { error in
            guard let missing = error as? Machine.MissingDefinitionError else { return false }
            return missing.state == .unlocked
                && "\(missing)" == "No state definition matches state unlocked: add `state(...) { }` for it to the machine definition."
        }
    }

    @Test static func enteringAStateWithoutDefinitionIsValid() throws {
        let log = CallLog()
        let machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                onExit { _, _ in log.append("exit") }
                on(.machineDidFail) { transition(to: .broken(oldState: .unlocked)) }
            }
        }
        try machine.transition(.machineDidFail)
        #expect(machine.state == .broken(oldState: .unlocked))
        #expect(log.calls == ["exit"])
    }

    @Test static func transitionFromInsideHandlerIsRecursion() {
        final class Box: @unchecked Sendable { var machine: Machine? }
        let box = Box()
        var inner: Machine.Transition?
        box.machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                on(.admitPerson) {
                    inner = box.machine?.tryTransition(.admitPerson)
                    return dontTransition()
                }
            }
        }
        #expect(box.machine?.tryTransition(.admitPerson).valid != nil)
        #expect(inner?.error as? Machine.StateMachineError == .recursionDetected)
    }

    @Test static func transitionFromInsideEnterListenerIsRecursion() throws {
        final class Box: @unchecked Sendable { var machine: Machine? }
        let box = Box()
        let log = CallLog()
        box.machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                onEnter { _, _ in
                    let inner = box.machine?.tryTransition(.admitPerson)
                    log.append("inner \(inner?.error.map { "\($0)" } ?? "ok")")
                }
                on(.admitPerson) { dontTransition() }
            }
        }
        try box.machine?.transition(.admitPerson)
        #expect(log.calls == ["inner \(Machine.StateMachineError.recursionDetected)"])
    }

    @Test static func transitionOfAnotherMachineFromInsideListenerIsAllowed() throws {
        let other = TinderTurnstile.machine(startingIn: .unlocked)
        let log = CallLog()
        let machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                onEnter { _, _ in
                    log.append(other.tryTransition(.admitPerson).valid == nil ? "refused" : "ok")
                }
                on(.admitPerson) { dontTransition() }
            }
        }
        try machine.transition(.admitPerson)
        #expect(log.calls == ["ok"])
        #expect(other.state == .locked(credit: 0))
    }

    @Test static func recursionAttemptChangesNothingAndOuterTransitionCompletes() throws {
        final class Box: @unchecked Sendable { var machine: Machine? }
        let box = Box()
        box.machine = Machine {
            initialState(.unlocked)
            state(.unlocked) {
                onExit { _, _ in _ = box.machine?.tryTransition(.machineDidFail) }
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
                on(.machineDidFail) { transition(to: .broken(oldState: .unlocked)) }
            }
            state(.locked) {}
        }
        let valid = try box.machine?.transition(.admitPerson)
        #expect(valid?.toState == .locked(credit: 0))
        #expect(box.machine?.state == .locked(credit: 0))
    }
}
