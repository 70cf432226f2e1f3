import StateMachine
import Testing

/// The behaviours of Tinder's Swift StateMachine 0.3.0, with its own test machine.
@Suite struct TinderCompatibilityTests: StateMachineBuilder {

    enum State: StateMachineHashable { case stateOne, stateTwo }
    enum Event: StateMachineHashable { case eventOne, eventTwo }
    enum SideEffect { case commandOne, commandTwo, commandThree }

    typealias TestStateMachine = StateMachine<State, Event, SideEffect>
    typealias ValidTransition = TestStateMachine.Transition.Valid
    typealias InvalidTransition = TestStateMachine.Transition.Invalid

    static func testStateMachine(withInitialState initial: State) -> TestStateMachine {
        TestStateMachine {
            initialState(initial)
            state(.stateOne) {
                on(.eventOne) {
                    dontTransition(emit: .commandOne)
                }
                on(.eventTwo) {
                    transition(to: .stateTwo, emit: .commandTwo)
                }
            }
            state(.stateTwo) {
                on(.eventTwo) {
                    dontTransition(emit: .commandThree)
                }
            }
        }
    }

    final class Observer {}

    @Test static func dontTransitionStaysAndEmits() throws {
        let machine = Self.testStateMachine(withInitialState: .stateOne)
        let transition: ValidTransition = try machine.transition(.eventOne)
        #expect(machine.state == .stateOne)
        #expect(transition == ValidTransition(fromState: .stateOne, event: .eventOne, toState: .stateOne, sideEffect: .commandOne))
    }

    @Test static func transitionMovesAndEmits() throws {
        let machine = Self.testStateMachine(withInitialState: .stateOne)
        let transition = try machine.transition(.eventTwo)
        #expect(machine.state == .stateTwo)
        #expect(transition == ValidTransition(fromState: .stateOne, event: .eventTwo, toState: .stateTwo, sideEffect: .commandTwo))
    }

    @Test static func invalidTransitionThrowsInvalid() {
        let machine = Self.testStateMachine(withInitialState: .stateTwo)
        #expect(throws: InvalidTransition.self) { try machine.transition(.eventOne) }
        #expect(machine.state == .stateTwo)
    }

    @Test static func observersReceiveEveryResultInOrder() throws {
        let observer = Observer()
        var results: [Result<ValidTransition, InvalidTransition>] = []
        let machine = Self.testStateMachine(withInitialState: .stateOne)
            .startObserving(observer) { results.append($0.mapError { $0 as! InvalidTransition }) }

        try machine.transition(.eventOne)
        try machine.transition(.eventTwo)
        #expect(throws: InvalidTransition.self) { try machine.transition(.eventOne) }
        try machine.transition(.eventTwo)

        #expect(results == [
            .success(ValidTransition(fromState: .stateOne, event: .eventOne, toState: .stateOne, sideEffect: .commandOne)),
            .success(ValidTransition(fromState: .stateOne, event: .eventTwo, toState: .stateTwo, sideEffect: .commandTwo)),
            .failure(InvalidTransition(fromState: .stateTwo, event: .eventOne)),
            .success(ValidTransition(fromState: .stateTwo, event: .eventTwo, toState: .stateTwo, sideEffect: .commandThree)),
        ])
    }

    @Test static func stopObservingStopsCallbacks() throws {
        let observer = Observer()
        var count = 0
        let machine = Self.testStateMachine(withInitialState: .stateOne)
            .startObserving(observer) { _ in count += 1 }
        try machine.transition(.eventOne)
        try machine.transition(.eventOne)
        #expect(count == 2)
        machine.stopObserving(observer)
        try machine.transition(.eventOne)
        #expect(count == 2)
    }

    @Test static func stopObservingAcceptsAnArray() throws {
        let first = Observer(), second = Observer()
        var calls: [String] = []
        let machine = Self.testStateMachine(withInitialState: .stateOne)
            .startObserving(first) { _ in calls.append("first") }
            .startObserving(second) { _ in calls.append("second") }
        machine.stopObserving([first, nil])
        try machine.transition(.eventOne)
        #expect(calls == ["second"])
    }

    @Test static func observersAreHeldWeaklyAndPrunedWhenGone() throws {
        var calls = 0
        let machine = Self.testStateMachine(withInitialState: .stateOne)
        do {
            let observer = Observer()
            machine.startObserving(observer) { _ in calls += 1 }
            try machine.transition(.eventOne)
        }
        try machine.transition(.eventOne)
        #expect(calls == 1)
    }

    @Test static func nilObserverIsIgnored() throws {
        var calls = 0
        let machine = Self.testStateMachine(withInitialState: .stateOne).startObserving(nil) { _ in calls += 1 }
        try machine.transition(.eventOne)
        #expect(calls == 0)
    }

    @Test static func transitionFromInsideAnObserverIsRecursion() throws {
        let observer = Observer()
        var error: TestStateMachine.StateMachineError?
        let machine = Self.testStateMachine(withInitialState: .stateOne)
        machine.startObserving(observer) { [unowned machine] _ in
            do {
                try machine.transition(.eventTwo)
            } catch let caught as TestStateMachine.StateMachineError {
                error = caught
            } catch {}
        }
        try machine.transition(.eventOne)
        #expect(error == .recursionDetected)
        #expect(machine.state == .stateOne)
    }

    @Test static func definitionListenersGetEveryResult() throws {
        var results: [String] = []
        let machine = TestStateMachine {
            initialState(.stateOne)
            state(.stateOne) {
                on(.eventOne) { dontTransition() }
            }
            onTransition { result in
                switch result {
                case .success(let valid): results.append("valid \(valid.event)")
                case .failure(let error): results.append("failure \(type(of: error))")
                }
            }
        }
        try machine.transition(.eventOne)
        _ = try? machine.transition(.eventTwo)
        #expect(results == ["valid eventOne", "failure Invalid"])
    }

    @Test static func handlerErrorReachesCallerAndObservers() {
        struct Boom: Error, Equatable {}
        let observer = Observer()
        var observed: [String] = []
        let machine = TestStateMachine {
            initialState(.stateOne)
            state(.stateOne) {
                on(.eventOne) { () throws -> Action in throw Boom() }
            }
        }
        machine.startObserving(observer) { result in
            if case .failure(let error) = result { observed.append("\(error)") }
        }
        #expect(throws: Boom()) { try machine.transition(.eventOne) }
        #expect(machine.state == .stateOne)
        #expect(observed == ["Boom()"])
    }

    @Test static func handlersReceiveStateAndEventInEveryArity() throws {
        var seen: [String] = []
        let machine = TestStateMachine {
            initialState(.stateOne)
            state(.stateOne) {
                on(.eventOne) { state, event in
                    seen.append("\(state) \(event)")
                    return dontTransition()
                }
                on(.eventTwo) { state in
                    seen.append("\(state)")
                    return transition(to: .stateTwo)
                }
            }
            state(.stateTwo) {
                on(.eventOne) {
                    seen.append("none")
                    return dontTransition()
                }
            }
        }
        try machine.transition(.eventOne)
        try machine.transition(.eventTwo)
        try machine.transition(.eventOne)
        #expect(seen == ["stateOne eventOne", "stateOne", "none"])
    }
}
