/// Lets ``Fixture/check(definition:mapping:recorder:)`` compare the `onEnter` and `onExit` calls
/// of a code-defined machine, which cannot be observed from outside: call it from your listeners.
///
/// ```swift
/// let recorder = FixtureListenerRecorder<State, Event>()
/// let definition = StateMachine<State, Event, SideEffect>.Definition {
///     initialState(.solid)
///     state(.solid) {
///         onEnter(recorder.onEnter)
///         onExit(recorder.onExit)
///         on(.melt) { transition(to: .liquid, emit: .logMelted) }
///     }
///     // … the same two lines in every state definition
/// }
/// let results = try fixture.check(definition: definition, recorder: recorder)
/// ```
///
/// > Important: Add both listeners to every state definition: the fixture expects a call for every
/// > valid transition, and a missing one is reported as a difference.
public final class FixtureListenerRecorder<State, Event>: @unchecked Sendable {

    /// The sink of the check in progress, set while a check runs.
    var sink: ((_ isEnter: Bool, _ state: State, _ cause: Event) -> Void)?

    public init() {}

    /// Records an `onEnter` call: pass it to `onEnter` in your state definitions.
    public func onEnter(_ state: State, _ cause: Event) {
        sink?(true, state, cause)
    }

    /// Records an `onExit` call: pass it to `onExit` in your state definitions.
    public func onExit(_ state: State, _ cause: Event) {
        sink?(false, state, cause)
    }
}
