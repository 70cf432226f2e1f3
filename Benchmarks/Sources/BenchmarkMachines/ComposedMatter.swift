import StateMachine

/// The matter machine one level down: a parent whose only state holds matter as a child
/// machine, every event delegated to it, the child's state read by an `extract:` closure.
/// Measures one level of nesting.
public enum NestedMatter: StateMachineBuilder {

    public enum State: StateMachineHashable, Sendable {
        case running(Matter.State)
        public enum HashableIdentifier: String { case running }
    }
    public typealias Event = Matter.Event
    public typealias SideEffect = Matter.SideEffect

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.running(.solid))
        state(.running) {
            child(Matter.definition, in: State.running, extract: { state in
                switch state { case .running(let matter): matter }
            }, events: { $0 })
        }
    }

    public static func machine() -> StateMachine<State, Event, SideEffect> {
        StateMachine(definition: definition)
    }
}

/// ``NestedMatter`` written as the DocC article "Composing machines" shows a child machine: `child(…, in:, events:)`,
/// the child's state read from the case's payload by the library.
public enum ReadmeNestedMatter: StateMachineBuilder {

    public typealias State = NestedMatter.State
    public typealias Event = Matter.Event
    public typealias SideEffect = Matter.SideEffect

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.running(.solid))
        state(.running) {
            child(Matter.definition, in: State.running, events: { $0 })
        }
    }

    public static func machine() -> StateMachine<State, Event, SideEffect> {
        StateMachine(definition: definition)
    }
}

/// The matter machine with its four handlers on one superstate that groups the three states,
/// whose own definitions are empty: every event is handled by the superstate (R19).
public enum SuperstateMatter: StateMachineBuilder {

    public typealias State = Matter.State
    public typealias Event = Matter.Event
    public typealias SideEffect = Matter.SideEffect

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.solid)
        state(.solid)
        state(.liquid)
        state(.gas)
        superstate("matter", containing: .solid, .liquid, .gas) {
            on(.melt) { transition(to: .liquid, emit: .logMelted) }
            on(.freeze) { transition(to: .solid, emit: .logFrozen) }
            on(.vaporize) { transition(to: .gas, emit: .logVaporized) }
            on(.condense) { transition(to: .liquid, emit: .logCondensed) }
        }
    }

    public static func machine() -> StateMachine<State, Event, SideEffect> {
        StateMachine(definition: definition)
    }
}

/// Two matter machines side by side, every event to both. Measures two regions.
public enum TwoRegionMatter {

    public typealias State = OrthogonalState<Matter.State, Matter.State>

    public static let definition = StateMachine<State, Matter.Event, [Matter.SideEffect]>.Definition(
        orthogonal: Matter.definition, events: { $0 },
        and: Matter.definition, events: { $0 }
    )

    public static func machine() -> StateMachine<State, Matter.Event, [Matter.SideEffect]> {
        StateMachine(definition: definition)
    }
}
