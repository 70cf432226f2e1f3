extension StateMachineTypes.Action.Perform {

    /// This handler, wrapped so that it fails with ``StateMachine/UndeclaredTargetError`` when
    /// it leads to a case outside `targets`.
    ///
    /// The wrapping happens once, when the definition is built, and only for handlers that
    /// declare targets: the engine's transition path is the same for every handler.
    func checking(targets: [State.HashableIdentifier], at location: SourceLocation) -> Self {
        let perform = self
        return .stateAndEvent { state, event in
            let action = try perform(state, event)
            let reached = action.toState ?? state
            guard targets.contains(reached.hashableIdentifier) else {
                throw StateMachine<State, Event, SideEffect>.UndeclaredTargetError(
                    file: location.file, line: location.line, declaredTargets: targets,
                    fromState: state, event: event, toState: reached
                )
            }
            return action
        }
    }
}
