import Foundation
import StateMachine
import Testing

/// Transitions from many threads are serialized, nothing is lost, and listeners see every
/// valid transition.
@Suite struct ConcurrencyTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable {
        case counting(Int)
        enum HashableIdentifier: String { case counting }
    }
    enum Event: StateMachineHashable { case increment, ignored }
    typealias SideEffect = Int

    @Test static func concurrentTransitionsAreSerializedAndNoneIsLost() async throws {
        let observed = CallLog()
        let machine = StateMachine<State, Event, SideEffect> {
            initialState(.counting(0))
            state(.counting) {
                on(.increment) { state in
                    let count: Int = try state.value()
                    return transition(to: .counting(count + 1), emit: count + 1)
                }
            }
            onTransition { result in
                if case .success(let valid) = result { observed.append("\(valid.sideEffect!)") }
            }
        }
        let threads = 8, perThread = 2_000
        let valid = CallLog()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread {
                if machine.tryTransition(.increment).valid != nil { valid.append("") }
                _ = machine.state   // reads interleave with writes
                _ = machine.tryTransition(.ignored)
            }
        }
        let total = threads * perThread
        #expect(valid.calls.count == total)
        #expect(observed.calls.count == total)
        #expect(Set(observed.calls) == Set((1...total).map(String.init)))
        #expect(machine.state == .counting(total))
    }

    @Test static func recursionOnOneThreadDoesNotBlockOtherThreads() {
        let machine = StateMachine<State, Event, SideEffect> {
            initialState(.counting(0))
            state(.counting) {
                on(.increment) { state in transition(to: .counting(try state.value() + 1)) }
            }
        }
        let results = CallLog()
        machine.startObserving(results) { _ in
            // Another thread's transition is not recursion; this thread's would be.
            let inner = machine.tryTransition(.increment)
            results.append(inner.error == nil ? "ok" : "recursion")
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 { _ = machine.tryTransition(.increment) }
        }
        #expect(results.calls.count == 400)
        #expect(results.calls.allSatisfy { $0 == "recursion" })
        #expect(machine.state == .counting(400))
    }
}
