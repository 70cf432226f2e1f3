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

    // MARK: - Order and observer lifetime under concurrent senders

    /// Threads that each run `body(index)`, started together and joined.
    static func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
    }

    static func counter() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.counting(0))
            state(.counting) {
                on(.increment) { state in
                    guard case .counting(let count) = state else { return dontTransition() }
                    return transition(to: .counting(count + 1), emit: count + 1)
                }
            }
        }
    }

    /// What one observer saw: the counts it was called back with must be consecutive.
    final class Sightings: @unchecked Sendable {
        private let lock = NSLock()
        private var firstSeen: Int?
        private var lastSeen: Int?
        private var callCount = 0
        private var outOfOrderCount = 0
        private var afterGoneCount = 0
        private var gone = false

        func see(_ count: Int) {
            lock.withLock {
                if gone { afterGoneCount += 1 }
                if let lastSeen, count != lastSeen + 1 { outOfOrderCount += 1 }
                if firstSeen == nil { firstSeen = count }
                lastSeen = count
                callCount += 1
            }
        }

        func tick() { lock.withLock { callCount += 1 } }
        func markGone() { lock.withLock { gone = true } }

        var last: Int? { lock.withLock { lastSeen } }
        var calls: Int { lock.withLock { callCount } }
        var outOfOrder: Int { lock.withLock { outOfOrderCount } }
        var afterGone: Int { lock.withLock { afterGoneCount } }

        /// Whether the calls were exactly `first...last`, each once, in order.
        var isConsecutive: Bool {
            lock.withLock { outOfOrderCount == 0 && callCount == (lastSeen ?? -1) - (firstSeen ?? 0) + 1 }
        }
    }

    /// An observer that tells its sightings when it is deinitialized.
    final class TrackedObserver {
        let sightings: Sightings
        init(_ sightings: Sightings) { self.sightings = sightings }
        deinit { sightings.markGone() }
    }

    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Sightings] = []
        func add(_ sightings: Sightings) { lock.withLock { entries.append(sightings) } }
        var all: [Sightings] { lock.withLock { entries } }
    }

    @Test static func observersSeeTransitionsInTheOrderTheyHappened() {
        let machine = counter()
        let sightings = Sightings()
        let observer = TrackedObserver(sightings)
        machine.startObserving(observer) { result in
            if case .success(let valid) = result { sightings.see(valid.sideEffect!) }
        }
        let threads = 4, perThread = 20_000
        runThreads(threads) { _ in
            for _ in 0..<perThread { _ = machine.tryTransition(.increment) }
        }
        #expect(sightings.outOfOrder == 0)
        #expect(sightings.calls == threads * perThread)
        #expect(sightings.isConsecutive)
        withExtendedLifetime(observer) {}
    }

    @Test static func listenersOfATransitionHaveRunWhenItReturns() {
        let machine = counter()
        let delivered = Sightings()
        machine.startObserving(delivered) { result in
            if case .success(let valid) = result { delivered.see(valid.sideEffect!) }
        }
        let late = Registry()
        runThreads(4) { _ in
            for _ in 0..<5_000 {
                guard let valid = machine.tryTransition(.increment).valid else { continue }
                // Every listener of this transition, and so of every earlier one, has run.
                if (delivered.last ?? 0) < valid.sideEffect! { late.add(delivered) }
            }
        }
        #expect(late.all.isEmpty)
        #expect(delivered.isConsecutive)
    }

    /// 8 threads × 50 000 transitions while observers are added and released, with enter/exit
    /// listeners and readers of `state`: nothing is lost, nothing is seen twice or out of
    /// order, and no observer is called back once it is gone.
    @Test static func stressTransitionsWithObserversComingAndGoing() {
        let listened = Sightings(), entered = Sightings(), exited = Sightings()
        let machine = StateMachine<State, Event, SideEffect> {
            initialState(.counting(0))
            state(.counting) {
                onEnter { state, _ in if case .counting(let count) = state { entered.see(count) } }
                onExit { state, _ in if case .counting(let count) = state { exited.see(count + 1) } }
                on(.increment) { state in
                    guard case .counting(let count) = state else { return dontTransition() }
                    return transition(to: .counting(count + 1), emit: count + 1)
                }
            }
            onTransition { result in
                if case .success(let valid) = result { listened.see(valid.sideEffect!) }
            }
        }
        let threads = 8, perThread = 50_000
        let registry = Registry()
        let performed = Sightings()   // only its call count is used
        let readsOutOfOrder = Sightings()
        runThreads(threads) { thread in
            var observer: TrackedObserver?
            var lastRead = 0
            var valid = 0
            for index in 0..<perThread {
                if index % 1_000 == thread * 100 {
                    // Replaces (and so releases) the previous observer of this thread.
                    let sightings = Sightings()
                    registry.add(sightings)
                    observer = TrackedObserver(sightings)
                    machine.startObserving(observer) { result in
                        if case .success(let transition) = result { sightings.see(transition.sideEffect!) }
                    }
                }
                if machine.tryTransition(.increment).valid != nil { valid += 1 }
                if index % 16 == 0, case .counting(let count) = machine.state {
                    if count < lastRead { readsOutOfOrder.tick() }
                    lastRead = count
                }
            }
            observer = nil
            for _ in 0..<valid { performed.tick() }
        }
        let total = threads * perThread
        #expect(performed.calls == total)
        #expect(listened.calls == total)
        #expect(listened.isConsecutive)
        #expect(entered.calls == total && entered.isConsecutive)
        #expect(exited.calls == total && exited.isConsecutive)
        #expect(machine.state == .counting(total))
        #expect(readsOutOfOrder.calls == 0)
        let observers = registry.all
        #expect(observers.count == threads * (perThread / 1_000))
        #expect(observers.filter { !$0.isConsecutive }.count == 0)
        #expect(observers.reduce(0) { $0 + $1.afterGone } == 0)
        #expect(observers.reduce(0) { $0 + $1.outOfOrder } == 0)
    }
}
