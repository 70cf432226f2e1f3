import StateMachine

/// Tinder's matter machine: payload-less states and events.
public enum Matter: StateMachineBuilder {

    public enum State: StateMachineHashable, Sendable { case solid, liquid, gas }
    public enum Event: StateMachineHashable, Sendable { case melt, freeze, vaporize, condense }
    public enum SideEffect: Sendable { case logMelted, logFrozen, logVaporized, logCondensed }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.solid)
        state(.solid) {
            on(.melt) { transition(to: .liquid, emit: .logMelted) }
        }
        state(.liquid) {
            on(.freeze) { transition(to: .solid, emit: .logFrozen) }
            on(.vaporize) { transition(to: .gas, emit: .logVaporized) }
        }
        state(.gas) {
            on(.condense) { transition(to: .liquid, emit: .logCondensed) }
        }
    }

    public static func machine() -> StateMachine<State, Event, SideEffect> {
        StateMachine(definition: definition)
    }

    /// One full cycle: solid → liquid → gas → liquid → solid.
    public static let cycle: [Event] = [.melt, .vaporize, .condense, .freeze]
}

/// The matter machine written by hand, as a `switch (state, event)`.
public final class HandWrittenMatter {

    public typealias State = Matter.State
    public typealias Event = Matter.Event
    public typealias SideEffect = Matter.SideEffect

    public private(set) var state: State = .solid
    private let observer: ((State, Event, State, SideEffect?) -> Void)?

    public init(observer: ((State, Event, State, SideEffect?) -> Void)? = nil) {
        self.observer = observer
    }

    /// The side effect of a valid transition; nil when `event` is invalid in the current state.
    @inline(never)
    public func transition(_ event: Event) -> SideEffect? {
        let from = state
        let next: (State, SideEffect)
        switch (from, event) {
        case (.solid, .melt): next = (.liquid, .logMelted)
        case (.liquid, .freeze): next = (.solid, .logFrozen)
        case (.liquid, .vaporize): next = (.gas, .logVaporized)
        case (.gas, .condense): next = (.liquid, .logCondensed)
        default: return nil
        }
        state = next.0
        observer?(from, event, next.0, next.1)
        return next.1
    }
}
