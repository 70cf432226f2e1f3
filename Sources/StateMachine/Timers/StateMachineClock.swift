/// What measures the delays of a machine's delayed events (`after(_:send:)`, rule R18).
///
/// The library provides two: ``TaskClock``, the default, which waits with `Task.sleep`, and
/// ``ManualClock``, which only moves when a test calls ``ManualClock/advance(by:)``. Adopt the
/// protocol to drive timers from another source of time.
///
/// ```swift
/// let clock = ManualClock()
/// let machine = StateMachine(definition: Door.definition, clock: clock)
/// clock.advance(by: .seconds(30))   // fires the timers due by then, on this thread
/// ```
public protocol StateMachineClock: Sendable {

    /// Calls `fire` once, `delay` from now, unless the returned timer is cancelled first.
    ///
    /// The machine calls this while it holds its lock: `schedule` must return without calling
    /// `fire` or anything of the machine.
    ///
    /// - Parameters:
    ///   - delay: How long to wait.
    ///   - fire: What to run when the delay has passed; any thread.
    /// - Returns: The timer, to cancel.
    func schedule(after delay: StateMachineTypes.Delay, _ fire: @escaping @Sendable () -> Void) -> StateMachineTypes.ScheduledTimer
}

extension StateMachineTypes {

    /// A timer started by a ``StateMachineClock``: the way to cancel it.
    public struct ScheduledTimer: Sendable {

        private let onCancel: @Sendable () -> Void

        /// A timer that `cancel` cancels.
        ///
        /// - Parameter cancel: Stops the timer, so that it never fires; called at most once
        ///   per timer, possibly while the machine holds its lock, so it must not call the
        ///   machine.
        public init(cancel: @escaping @Sendable () -> Void) {
            self.onCancel = cancel
        }

        /// Stops the timer.
        public func cancel() {
            onCancel()
        }
    }
}
