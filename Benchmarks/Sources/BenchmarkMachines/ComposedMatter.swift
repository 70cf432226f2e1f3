import StateMachine

/// The matter machine one level down: a parent whose only state holds matter as a child
/// machine, every event delegated to it. Measures one level of nesting.
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
