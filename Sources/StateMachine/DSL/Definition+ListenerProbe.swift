extension StateMachineTypes.Definition {
    /// A call of one of the definition's listeners, as ``probingListeners(_:)`` reports it.
    package enum ListenerCall {
        /// An `onTransition` listener, with a valid or an invalid transition (a failed one is no
        /// Kotlin `onTransition` call, and is not reported).
        case onTransition(StateMachine<State, Event, SideEffect>.Transition.Result)
        /// An `onEnter` listener of a state definition or a superstate, with the state entered.
        case onEnter(State, Event)
        /// An `onExit` listener of a state definition or a superstate, with the state left.
        case onExit(State, Event)
    }

    /// A copy of this definition whose every listener first tells `probe` that it is called,
    /// then runs as written: what `statemachine compare` writes of a Swift machine's listener
    /// calls (Spec/VERIFY.md, V10).
    ///
    /// The top level's `onTransition` listeners and the `onEnter` and `onExit` listeners of its
    /// state definitions and superstates are probed; those of child machines and regions are
    /// not. Machines of the copy print no report of the definition's problems: a machine made
    /// from this definition reports them (once), as before.
    package func probingListeners(_ probe: @escaping (ListenerCall) -> Void) -> Self {
        reportProblemsOnce()
        func probed(_ handler: StateMachineTypes.EventHandler<State, Event, SideEffect>) -> StateMachineTypes.EventHandler<State, Event, SideEffect> {
            var copy = handler
            switch handler.kind {
            case .onEnter(let listener):
                copy.kind = .onEnter { state, event in
                    probe(.onEnter(state, event))
                    listener(state, event)
                }
            case .onExit(let listener):
                copy.kind = .onExit { state, event in
                    probe(.onExit(state, event))
                    listener(state, event)
                }
            default:
                break
            }
            return copy
        }
        let components = table.components.map { component -> StateMachineTypes.Component<State, Event, SideEffect> in
            switch component.kind {
            case .state(var state):
                state.handlers = state.handlers.map(probed)
                return StateMachineTypes.Component(kind: .state(state))
            case .superstate(var superstate):
                superstate.handlers = superstate.handlers.map(probed)
                return StateMachineTypes.Component(kind: .superstate(superstate))
            case .callback(let callback):
                return StateMachineTypes.Component(kind: .callback { result in
                    if case .failure(let error) = result, !(error is StateMachine<State, Event, SideEffect>.Transition.Invalid) {
                        // A failed transition: Kotlin's onTransition is not called for it.
                    } else {
                        probe(.onTransition(result))
                    }
                    try callback(result)
                })
            case .runToCompletion:
                return component
            }
        }
        var copy = Self(initialState: initialState, components: components, regions: table.composition?.regions)
        copy.location = location
        copy.entersInitialState = entersInitialState
        return copy.withoutProblemReport()
    }
}
