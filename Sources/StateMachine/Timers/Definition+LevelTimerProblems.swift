extension StateMachineTypes.Definition {

    /// The delayed events (`after`) of this definition, run as a child machine or a region,
    /// whose event no parent event stands for, or whose parent event `events` does not map back
    /// to the timer's event case (rule R28.4): one problem each, at the `after`'s line. Such a
    /// timer is not scheduled, or its event would not reach the level that declared it.
    ///
    /// - Parameters:
    ///   - level: How the definition is composed, for the message: `"a child machine"` or
    ///     `"region \"main\""`.
    ///   - events: The level's event a parent event stands for.
    ///   - timerEvents: The parent event a timer's event stands for.
    ///   - fix: What to do, one sentence.
    func levelTimerProblems<ParentEvent>(
        as level: String, events: (ParentEvent) -> Event?, timerEvents: (Event) -> ParentEvent?, fix: String
    ) -> [StateMachineTypes.DefinitionError.Problem] {
        let table = self.table
        var problems: [StateMachineTypes.DefinitionError.Problem] = []
        func report(_ handlers: [StateMachineTypes.EventHandler<State, Event, SideEffect>], in block: String) {
            for handler in handlers {
                guard case .after(let delay, let event) = handler.kind else { continue }
                let timer = "`after(\(DefinitionGraph<State, Event>.delayText(delay)), send: \(event.hashableIdentifier))` in `\(block)`"
                let reason: String
                if let parentEvent = timerEvents(event) {
                    let back = events(parentEvent)
                    guard back?.hashableIdentifier != event.hashableIdentifier else { continue }
                    reason = "its parent event \(parentEvent) maps to \(back.map { "\($0.hashableIdentifier)" } ?? "no event"), not to \(event.hashableIdentifier), so the fired timer would not reach it."
                } else {
                    reason = "no parent event stands for \(event.hashableIdentifier), so the timer is never scheduled."
                }
                problems.append(StateMachineTypes.DefinitionError.Problem(
                    file: handler.location.file, line: handler.location.line,
                    message: "\(timer) runs in \(level), whose timers send the parent event that stands for theirs (R28.4), but \(reason) \(fix)"
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
