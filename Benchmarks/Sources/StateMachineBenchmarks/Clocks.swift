import StateMachine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `--clocks`: the cost of many pending timers on the two clocks, in seconds per operation over
// all of them (not per timer), so that a cost that grows faster than the count shows as a
// ratio larger than the count's between two rows.
//
//     swift run -c release --package-path Benchmarks StateMachineBenchmarks --clocks

func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) + Double(attoseconds) / 1e18
}

/// A count that a timer of any thread adds to.
final class FiredCount: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value = 0
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func add() { pthread_mutex_lock(&mutex); value += 1; pthread_mutex_unlock(&mutex) }
    var count: Int { pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }; return value }
}

func formatMilliseconds(_ seconds: Double) -> String {
    let milliseconds = (seconds * 1e4).rounded() / 10
    return "\(milliseconds) ms"
}

func runClockBenchmarks() {
    print("| clock | operation | timers | time |")
    print("|---|---|---:|---:|")
    func row(_ clock: String, _ operation: String, _ count: Int, _ time: Double) {
        print("| \(clock) | \(operation) | \(count) | \(formatMilliseconds(time)) |")
    }

    for count in [40_000, 80_000] {
        let clock = ManualClock()
        for index in 0..<count { _ = clock.schedule(after: .milliseconds(UInt64(count - index))) {} }
        row("ManualClock", "one advance firing them all", count, seconds { clock.advance(by: .milliseconds(UInt64(count))) })
    }
    do {
        let count = 80_000
        let clock = ManualClock()
        let timers = (0..<count).map { index in clock.schedule(after: .milliseconds(UInt64(index + 1))) {} }
        row("ManualClock", "cancel one by one, in scheduling order", count, seconds { for timer in timers { timer.cancel() } })
    }
    do {
        let count = 1_000_000
        let clock = ManualClock()
        var timers: [StateMachineTypes.ScheduledTimer] = []
        timers.reserveCapacity(count)
        row("ManualClock", "schedule", count, seconds {
            for index in 0..<count { timers.append(clock.schedule(after: .milliseconds(UInt64(index % 1_000 + 1))) {}) }
        })
    }

    // TaskClock: every timer is a task; the executor keeps them.
    let clock = TaskClock()
    for count in [40_000, 80_000] {
        let fired = FiredCount()
        var timers: [StateMachineTypes.ScheduledTimer] = []
        timers.reserveCapacity(count)
        let scheduling = seconds {
            for index in 0..<count { timers.append(clock.schedule(after: .milliseconds(UInt64(10 + index % 10))) { fired.add() }) }
        }
        row("TaskClock", "schedule (10–19 ms)", count, scheduling)
        let firing = seconds { while fired.count < count { usleep(1_000) } }
        row("TaskClock", "fire them all, after the scheduling", count, firing)
    }
    do {
        let count = 80_000
        let timers = (0..<count).map { _ in clock.schedule(after: .seconds(3_600)) {} }
        row("TaskClock", "cancel one by one (an hour away)", count, seconds { for timer in timers { timer.cancel() } })
    }
}
