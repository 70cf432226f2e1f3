/// The checks of rule R27 that one state block shows: `onDone` handlers that can never run.
extension DefinitionGraph {

    static func completionProblems<SideEffect>(of definition: StateDefinition<State, Event, SideEffect>) -> [Problem] {
        let state = definition.matcher.identifier
        var child: ChildLink<State, Event, SideEffect>?
        var doneLocations: [SourceLocation] = []
        for handler in definition.handlers {
            switch handler.kind {
            case .child(let link): child = child ?? link
            case .onDone: doneLocations.append(handler.location)
            default: continue
            }
        }
        guard let first = doneLocations.first else { return [] }
        var problems: [Problem] = []
        if child == nil {
            problems.append(Problem(
                file: first.file, line: first.line,
                message: "this `onDone` in `state(\(state))` never runs: the state holds no child machine, and only a child reaching one of its final states finishes a state (R27). Add `child(…)` to the state, or remove `onDone`."
            ))
        } else if let child, !child.hasFinalStates {
            problems.append(Problem(
                file: first.file, line: first.line,
                message: "this `onDone` in `state(\(state))` never runs: the child machine at \(child.location.file):\(child.location.line) has no final state (R27). Write `finalState(…)` in the child's definition for the state it ends in, or remove `onDone`."
            ))
        }
        for extra in doneLocations.dropFirst() {
            problems.append(Problem(
                file: extra.file, line: extra.line,
                message: "this is a second `onDone` in `state(\(state))`, and only the first runs (R27). Keep one `onDone`, and decide there with `if` or `switch`."
            ))
        }
        return problems
    }
}
