/// The default clock of delayed events: each timer is a `Task` that sleeps with
/// `Task.sleep(nanoseconds:)` and is cancelled when the timer is.
///
/// A timer fires on the task's executor (the global concurrent one), not on the thread that
/// entered the state.
public struct TaskClock: StateMachineClock {

    /// The clock.
    public init() {}

    public func schedule(after delay: StateMachineTypes.Delay, _ fire: @escaping @Sendable () -> Void) -> StateMachineTypes.ScheduledTimer {
        let task = Task {
            do {
                try await Task.sleep(nanoseconds: delay.nanoseconds)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            fire()
        }
        return StateMachineTypes.ScheduledTimer { task.cancel() }
    }
}
