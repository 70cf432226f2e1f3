/// A clock for tests: time stands still until ``advance(by:)``, which fires the timers that
/// fall due, synchronously, on the calling thread.
///
/// ```swift
/// let clock = ManualClock()
/// let machine = StateMachine(definition: Door.definition, clock: clock)   // state .open
/// clock.advance(by: .seconds(29))   // nothing yet
/// clock.advance(by: .seconds(1))    // `after(.seconds(30), send: .timeout)` fires
/// #expect(machine.state == .closed)
/// ```
///
/// Timers fire in the order of their deadlines, and timers with the same deadline in the order
/// they were scheduled. A timer scheduled by a transition that a timer caused (a chain of
/// timeouts) fires within the same call when its deadline is not later than the end of the
/// advance: its delay counts from the deadline of the timer that caused it.
///
/// Scheduling, cancelling and firing a timer each take time logarithmic in the number of
/// pending timers, so a test may keep hundreds of thousands of them.
///
/// > Important: Do not call ``advance(by:)`` from inside a listener or handler of a machine
/// > that uses this clock: the events of the timers that fire then fail with
/// > `recursionDetected` and are lost.
public final class ManualClock: StateMachineClock, @unchecked Sendable {

    private let lock = Lock()
    /// Guarded by `lock`.
    private var now: UInt64 = 0
    private var pending = TimerQueue()

    /// A clock at time zero with no timers.
    public init() {}

    deinit {
        lock.deallocate()
    }

    /// The time since the clock was made: the sum of the advances.
    public var elapsed: StateMachineTypes.Delay {
        lock.withLock { .nanoseconds(now) }
    }

    /// How many timers are scheduled and not yet fired or cancelled.
    public var pendingCount: Int {
        lock.withLock { pending.count }
    }

    /// How many times the clock has compared two timers' deadlines: what the tests of its cost count.
    var timerComparisons: Int {
        lock.withLock { pending.comparisons }
    }

    public func schedule(after delay: StateMachineTypes.Delay, _ fire: @escaping @Sendable () -> Void) -> StateMachineTypes.ScheduledTimer {
        let handle = lock.withLock {
            let (deadline, overflow) = now.addingReportingOverflow(delay.nanoseconds)
            return pending.insert(deadline: overflow ? .max : deadline, fire)
        }
        return StateMachineTypes.ScheduledTimer { [weak self] in
            guard let self else { return }
            lock.withLock { _ = pending.cancel(handle) }
        }
    }

    /// Moves time forward by `delay`, firing every timer due by then, earliest deadline first
    /// (equal deadlines in the order they were scheduled), on the calling thread; returns when
    /// they have fired and their transitions' listeners have run.
    public func advance(by delay: StateMachineTypes.Delay) {
        let target = lock.withLock {
            let (target, overflow) = now.addingReportingOverflow(delay.nanoseconds)
            return overflow ? UInt64.max : target
        }
        while let fire = nextDue(by: target) {
            fire()
        }
        lock.withLock { now = max(now, target) }
    }

    /// Removes and returns the earliest timer due by `target`, moving time to its deadline.
    private func nextDue(by target: UInt64) -> (@Sendable () -> Void)? {
        lock.withLock {
            guard let timer = pending.popFirst(dueBy: target) else { return nil }
            now = max(now, timer.deadline)
            return timer.action
        }
    }
}
