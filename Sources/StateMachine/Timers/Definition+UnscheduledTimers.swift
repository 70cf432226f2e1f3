extension StateMachineTypes.Definition {

    /// The delayed events (`after`) of this definition that no machine schedules when it runs
    /// as a child machine or a region (rule R28): one problem each, at the `after`'s line.
    ///
    /// - Parameters:
    ///   - level: How the definition is composed, for the message: `"a child machine"` or
    ///     `"region \"main\""`.
    ///   - fix: What to do instead, one sentence.
    func unscheduledTimerProblems(as level: String, fix: String) -> [StateMachineTypes.DefinitionError.Problem] {
        let table = self.table
        var problems: [StateMachineTypes.DefinitionError.Problem] = []
        func report(_ handlers: [StateMachineTypes.EventHandler<State, Event, SideEffect>], in block: String) {
            for handler in handlers {
                guard case .after(let delay, let event) = handler.kind else { continue }
                problems.append(StateMachineTypes.DefinitionError.Problem(
                    file: handler.location.file, line: handler.location.line,
                    message: "`after(\(DefinitionGraph<State, Event>.delayText(delay)), send: \(event.hashableIdentifier))` in `\(block)` is never scheduled: this definition runs as \(level), and timers run only in the top machine's states and superstates (R28). \(fix)"
                ))
            }
        }
        for definition in table.definitions {
            report(definition.handlers, in: "state(\(definition.matcher.identifier))")
        }
        for superstate in table.superstates {
            report(superstate.handlers, in: "superstate(\"\(superstate.name)\")")
        }
        return problems
    }
}
