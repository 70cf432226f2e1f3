import Foundation
@testable import StateMachine
import Testing

/// `ManualClock` alone, without a machine: the order timers fire in (R18: earliest deadline
/// first, equal deadlines in the order they were scheduled), cancelling, timers scheduled and
/// cancelled while the clock fires, and the cost of many timers.
@Suite struct ManualClockTimerTests {

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        var lines: [String] { lock.withLock { storage } }
        func append(_ line: String) { lock.withLock { storage.append(line) } }
    }

    final class Box<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    @discardableResult
    static func schedule(_ name: String, after milliseconds: UInt64, on clock: ManualClock, log: Log) -> StateMachineTypes.ScheduledTimer {
        clock.schedule(after: .milliseconds(milliseconds)) { log.append(name) }
    }

    @Test func timersDueAtTheSameInstantFireInTheOrderTheyWereScheduled() {
        let clock = ManualClock(), log = Log()
        Self.schedule("a@20", after: 20, on: clock, log: log)
        Self.schedule("b@10", after: 10, on: clock, log: log)
        Self.schedule("c@20", after: 20, on: clock, log: log)
        Self.schedule("d@5", after: 5, on: clock, log: log)
        Self.schedule("e@20", after: 20, on: clock, log: log)
        Self.schedule("f@10", after: 10, on: clock, log: log)
        Self.schedule("g@20", after: 20, on: clock, log: log)
        clock.advance(by: .milliseconds(20))
        #expect(log.lines == ["d@5", "b@10", "f@10", "a@20", "c@20", "e@20", "g@20"])
        #expect(clock.pendingCount == 0)
    }

    @Test func cancellingTheEarliestTheMiddleOrTheLastTimerLeavesTheOthersInOrder() {
        for cancelled in ["a", "b", "c", "d", "e"] {
            let clock = ManualClock(), log = Log()
            // Scheduled out of deadline order, so that the heap's places differ from the order.
            let timers = [
                "c": Self.schedule("c", after: 30, on: clock, log: log),
                "a": Self.schedule("a", after: 10, on: clock, log: log),
                "e": Self.schedule("e", after: 50, on: clock, log: log),
                "b": Self.schedule("b", after: 20, on: clock, log: log),
                "d": Self.schedule("d", after: 40, on: clock, log: log),
            ]
            timers[cancelled]!.cancel()
            #expect(clock.pendingCount == 4)
            clock.advance(by: .milliseconds(50))
            #expect(log.lines == ["a", "b", "c", "d", "e"].filter { $0 != cancelled }, "cancelled \(cancelled)")
        }
    }

    @Test func cancellingATimerTwiceOrAfterItFiredDoesNothing() {
        let clock = ManualClock(), log = Log()
        let early = Self.schedule("early", after: 10, on: clock, log: log)
        Self.schedule("late", after: 100, on: clock, log: log)
        clock.advance(by: .milliseconds(10))
        // The fired timer's place is free: the next timer takes it.
        Self.schedule("next", after: 10, on: clock, log: log)
        early.cancel()
        early.cancel()
        #expect(clock.pendingCount == 2)
        clock.advance(by: .milliseconds(90))
        #expect(log.lines == ["early", "next", "late"])

        // The same once every timer has fired and the clock holds none.
        let first = Self.schedule("first", after: 1, on: clock, log: log)
        clock.advance(by: .milliseconds(1))
        Self.schedule("second", after: 1, on: clock, log: log)
        first.cancel()
        clock.advance(by: .milliseconds(1))
        #expect(log.lines.suffix(2) == ["first", "second"])
    }

    @Test func aTimerCancelledByAnEarlierTimerDuringTheAdvanceDoesNotFire() {
        let clock = ManualClock(), log = Log()
        let victims = Box<[StateMachineTypes.ScheduledTimer]>([])
        clock.schedule(after: .milliseconds(10)) {
            log.append("canceller")
            for victim in victims.value { victim.cancel() }
        }
        victims.value.append(Self.schedule("same instant, later", after: 10, on: clock, log: log))
        Self.schedule("kept", after: 15, on: clock, log: log)
        victims.value.append(Self.schedule("later", after: 20, on: clock, log: log))
        victims.value.append(Self.schedule("after the advance", after: 50, on: clock, log: log))
        clock.advance(by: .milliseconds(30))
        #expect(log.lines == ["canceller", "kept"])
        #expect(clock.pendingCount == 0)
        clock.advance(by: .milliseconds(100))
        #expect(log.lines == ["canceller", "kept"])
    }

    @Test func aTimerScheduledDuringTheAdvanceCountsFromItsCausesDeadline() {
        let clock = ManualClock(), log = Log()
        clock.schedule(after: .milliseconds(10)) {
            log.append("cause@10")
            // Due at 20, with "b@20", which was scheduled first; at 10, after "a@10"; at 40,
            // after the end of this advance.
            Self.schedule("caused@20", after: 10, on: clock, log: log)
            Self.schedule("caused@10", after: 0, on: clock, log: log)
            Self.schedule("caused@40", after: 30, on: clock, log: log)
        }
        Self.schedule("a@10", after: 10, on: clock, log: log)
        Self.schedule("b@20", after: 20, on: clock, log: log)
        clock.advance(by: .milliseconds(30))
        #expect(log.lines == ["cause@10", "a@10", "caused@10", "b@20", "caused@20"])
        #expect(clock.pendingCount == 1)
        #expect(clock.elapsed == .milliseconds(30))
        clock.advance(by: .milliseconds(10))
        #expect(log.lines.last == "caused@40")
    }

    /// A deterministic stream of numbers (a linear congruential generator), so that a failure
    /// repeats.
    struct Numbers {
        var state: UInt64
        mutating func next(below bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
    }

    @Test func aHundredThousandTimersFireInDeadlineOrderAndCancelledOnesDoNot() {
        let count = 100_000
        let clock = ManualClock()
        let fired = Box<[Int]>([])
        fired.value.reserveCapacity(count)
        var numbers = Numbers(state: 36)
        // Deadlines from a small range, so that many are equal.
        let deadlines = (0..<count).map { _ in numbers.next(below: 5_000) }
        var timers: [StateMachineTypes.ScheduledTimer] = []
        for (index, deadline) in deadlines.enumerated() {
            timers.append(clock.schedule(after: .milliseconds(deadline)) { fired.value.append(index) })
        }
        for index in stride(from: 0, to: count, by: 3) { timers[index].cancel() }
        #expect(clock.pendingCount == count - (count + 2) / 3)

        clock.advance(by: .milliseconds(5_000))
        // By deadline, then by the order of scheduling: the index.
        let expected = deadlines.indices.filter { $0 % 3 != 0 }.sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
        #expect(fired.value == expected)
        #expect(clock.pendingCount == 0)
    }

    /// The old clock searched every pending timer for the next one, about n²/2 comparisons to
    /// fire n: 2³¹ for n = 2¹⁶. A heap takes at most about 2 log₂ n per timer fired or
    /// cancelled and log₂ n per timer scheduled.
    @Test func schedulingCancellingAndFiringManyTimersTakesAboutNLogNComparisons() {
        let exponent = 16, count = 1 << exponent
        let bound = 3 * count * exponent
        var numbers = Numbers(state: 2026)
        let clock = ManualClock()
        var timers: [StateMachineTypes.ScheduledTimer] = []
        for _ in 0..<count {
            timers.append(clock.schedule(after: .milliseconds(numbers.next(below: 1_000_000))) {})
        }
        let scheduling = clock.timerComparisons
        #expect(scheduling <= bound, "scheduling \(count) timers took \(scheduling) comparisons")

        clock.advance(by: .seconds(1_000))
        let firing = clock.timerComparisons - scheduling
        #expect(firing <= bound, "firing \(count) timers took \(firing) comparisons")
        #expect(clock.pendingCount == 0)

        let second = ManualClock()
        timers = (0..<count).map { _ in second.schedule(after: .milliseconds(numbers.next(below: 1_000_000))) {} }
        let before = second.timerComparisons
        // Every other one from the front, then the rest from the back: cancels at the root, in
        // the middle and at the leaves.
        for index in stride(from: 0, to: count, by: 2) { timers[index].cancel() }
        for index in stride(from: count - 1, to: 0, by: -2) { timers[index].cancel() }
        let cancelling = second.timerComparisons - before
        #expect(cancelling <= bound, "cancelling \(count) timers took \(cancelling) comparisons")
        #expect(second.pendingCount == 0)
    }
}
