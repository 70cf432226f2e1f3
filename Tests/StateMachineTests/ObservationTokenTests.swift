import StateMachine
import Testing

/// `observe(_:)` calls back until its token is cancelled or released, in order with the other
/// listeners.
@Suite struct ObservationTokenTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable {
        case counting(Int)
        enum HashableIdentifier: String { case counting }
    }
    enum Event: StateMachineHashable { case increment }
    typealias SideEffect = Never
    typealias Machine = StateMachine<State, Event, SideEffect>

    final class Observer {}

    static func counter(log: CallLog) -> Machine {
        Machine {
            initialState(.counting(0))
            state(.counting) {
                onEnter { state, _ in log.append("enter \(state)") }
                on(.increment) { state in
                    guard case .counting(let count) = state else { return dontTransition() }
                    return transition(to: .counting(count + 1))
                }
            }
            onTransition { _ in log.append("onTransition") }
        }
    }

    static func describe(_ result: Machine.Transition.Result) -> String {
        switch result {
        case .success(let valid): "\(valid.toState)"
        case .failure(let error): "\(error)"
        }
    }

    @Test static func observeCallsBackUntilCancelled() throws {
        let log = CallLog()
        let machine = counter(log: log)
        let token = machine.observe { log.append("token \(describe($0))") }
        try machine.transition(.increment)
        token.cancel()
        try machine.transition(.increment)
        token.cancel()   // again: nothing happens
        #expect(log.calls == [
            "onTransition", "token counting(1)", "enter counting(1)",
            "onTransition", "enter counting(2)",
        ])
    }

    @Test static func releasingTheTokenEndsTheObservation() throws {
        let log = CallLog()
        let machine = counter(log: log)
        var token: ObservationToken? = machine.observe { log.append("token \(describe($0))") }
        try machine.transition(.increment)
        withExtendedLifetime(token) {}
        token = nil
        try machine.transition(.increment)
        #expect(log.calls.filter { $0.hasPrefix("token") } == ["token counting(1)"])
    }

    @Test static func tokensAndObserversAreCalledInRegistrationOrder() throws {
        let log = CallLog()
        let machine = counter(log: log)
        let observer = Observer()
        let first = machine.observe { _ in log.append("first token") }
        machine.startObserving(observer) { _ in log.append("observer") }
        let second = machine.observe { _ in log.append("second token") }
        try machine.transition(.increment)
        #expect(log.calls == ["onTransition", "first token", "observer", "second token", "enter counting(1)"])
        withExtendedLifetime((first, second, observer)) {}
    }

    @Test static func cancellingInsideItsOwnCallbackStopsLaterCallbacks() throws {
        final class Box: @unchecked Sendable { var token: ObservationToken? }
        let log = CallLog()
        let machine = counter(log: log)
        let box = Box()
        box.token = machine.observe { result in
            log.append("token \(describe(result))")
            box.token?.cancel()
        }
        try machine.transition(.increment)
        try machine.transition(.increment)
        #expect(log.calls.filter { $0.hasPrefix("token") } == ["token counting(1)"])
    }

    @Test static func observersChangedInsideACallbackApplyFromTheNextTransition() throws {
        final class Box: @unchecked Sendable {
            var second: ObservationToken?
            var third: ObservationToken?
        }
        let log = CallLog()
        let machine = counter(log: log)
        let box = Box()
        let first = machine.observe { result in
            log.append("first \(describe(result))")
            // Changes the observer list while this transition's observers are being called.
            box.second?.cancel()
            box.second = nil
            if box.third == nil {
                box.third = machine.observe { log.append("third \(describe($0))") }
            }
        }
        box.second = machine.observe { log.append("second \(describe($0))") }
        try machine.transition(.increment)
        try machine.transition(.increment)
        #expect(log.calls.filter { !$0.hasPrefix("onTransition") && !$0.hasPrefix("enter") } == [
            "first counting(1)", "second counting(1)",
            "first counting(2)", "third counting(2)",
        ])
        withExtendedLifetime((first, box)) {}
    }

    @Test static func tokenReceivesFailures() throws {
        let log = CallLog()
        let machine = Machine {
            initialState(.counting(0))
            state(.counting) {}
        }
        let token = machine.observe { log.append(describe($0)) }
        #expect(machine.tryTransition(.increment).invalid != nil)
        #expect(log.calls.count == 1)
        #expect(log.calls.first?.hasPrefix("Invalid transition") == true)
        withExtendedLifetime(token) {}
    }
}
