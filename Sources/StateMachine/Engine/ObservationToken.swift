/// Keeps an observation started with ``StateMachine/observe(_:)`` going: cancel it, or let it go,
/// to stop the callbacks.
///
/// ```swift
/// final class Screen {
///     private var observation: ObservationToken?
///     func bind(to machine: StateMachine<State, Event, SideEffect>) {
///         observation = machine.observe { [weak self] result in self?.render(result) }
///     }
/// }
/// ```
public final class ObservationToken: @unchecked Sendable {

    /// Removes the observation; idempotent, and safe from any thread (it takes the machine's
    /// lock).
    private let onCancel: () -> Void

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the callbacks: no transition whose state changes after this returns calls back.
    /// Calling it again does nothing.
    public func cancel() {
        onCancel()
    }

    deinit {
        onCancel()
    }
}
