import Foundation
import StateMachine
import Testing

/// `machine.transitions` and `machine.states`: every outcome / every state, in order, to
/// several consumers; a cancelled consumer stops observing.
@Suite struct AsyncSequenceTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable {
        case counting(Int)
        enum HashableIdentifier: String { case counting }
    }
    enum Event: StateMachineHashable, Sendable { case increment, stay, ignored }
    typealias SideEffect = Never
    typealias Machine = StateMachine<State, Event, SideEffect>

    static func counter() -> Machine {
        Machine {
            initialState(.counting(0))
            state(.counting) {
                on(.increment) { state in
                    guard case .counting(let count) = state else { return dontTransition() }
                    return transition(to: .counting(count + 1))
                }
                on(.stay) { dontTransition() }
            }
        }
    }

    static func describe(_ result: Machine.Transition.Result) -> String {
        switch result {
        case .success(let valid): "\(valid.toState)"
        case .failure(let error): "\(type(of: error))"
        }
    }

    /// The first `count` elements of `sequence`.
    static func first<S: AsyncSequence & Sendable>(_ count: Int, of sequence: S) async -> [S.Element]
    where S.Element: Sendable {
        var elements: [S.Element] = []
        do {
            for try await element in sequence {
                elements.append(element)
                if elements.count == count { break }
            }
        } catch {}
        return elements
    }

    @Test static func transitionsDeliverEveryOutcomeInOrder() async throws {
        let machine = counter()
        let stream = machine.transitions
        try machine.transition(.increment)
        _ = machine.tryTransition(.ignored)
        try machine.transition(.stay)
        try machine.transition(.increment)
        let outcomes = await first(4, of: stream).map(describe)
        #expect(outcomes == ["counting(1)", "Invalid", "counting(1)", "counting(2)"])
    }

    @Test static func statesStartWithTheCurrentStateThenEachNewOne() async throws {
        let machine = counter()
        try machine.transition(.increment)
        let stream = machine.states
        try machine.transition(.increment)
        _ = machine.tryTransition(.ignored)
        try machine.transition(.increment)
        #expect(await first(3, of: stream) == [.counting(1), .counting(2), .counting(3)])
    }

    @Test static func severalConsumersEachGetEveryOutcome() async throws {
        let machine = counter()
        let streams = (0..<3).map { _ in machine.transitions }
        for _ in 0..<5 { try machine.transition(.increment) }
        for stream in streams {
            #expect(await first(5, of: stream).map(describe) == (1...5).map { "counting(\($0))" })
        }
    }

    @Test static func aCancelledConsumerStopsObserving() async throws {
        weak var released: Machine?
        do {
            let machine = counter()
            released = machine
            let stream = machine.states
            let started = AsyncStream<Void>.makeStream()
            let consumer = Task {
                var seen = 0
                for await _ in stream {
                    seen += 1
                    started.continuation.yield()
                }
                return seen
            }
            for await _ in started.stream { break }   // the consumer has the first state
            consumer.cancel()
            let seen = await consumer.value
            #expect(seen == 1)
            // While observed, the stream's observation keeps the machine alive; cancelled, it
            // is removed from the machine, which can go.
        }
        #expect(released == nil)
    }

    @Test static func releasingAnUnconsumedStreamStopsObserving() {
        weak var released: Machine?
        do {
            let machine = counter()
            released = machine
            _ = machine.transitions
            _ = machine.states
        }
        #expect(released == nil)
    }

    @Test static func concurrentProducersAreSeenInOrder() async {
        let machine = counter()
        let stream = machine.states
        let threads = 8, perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread { _ = machine.tryTransition(.increment) }
        }
        let states = await first(threads * perThread + 1, of: stream)
        #expect(states == (0...threads * perThread).map { .counting($0) })
    }

    @Test static func aBoundedBufferKeepsTheNewest() async throws {
        let machine = counter()
        let stream = machine.states(bufferingPolicy: .bufferingNewest(1))
        for _ in 0..<10 { try machine.transition(.increment) }
        #expect(await first(1, of: stream) == [.counting(10)])
    }
}
