/// R25's "a child whose states are not reachable from the parent", found by
/// ``StateMachineTypes/Definition/validate()``.
extension TransitionTable {

    /// One problem per child state definition that the parent never enters and the child
    /// never reaches from the states the parent enters, at the `child(…)` line.
    ///
    /// The parent enters a child-holding case with the child states held by its initial state
    /// (when of that case), by the values its handlers declare with `entering:`, and by the
    /// defaults of its history targets. Nothing is reported for a child when that list is
    /// incomplete: some handler of the parent declares no target, declares the child's case
    /// without its value (`to: .functioning`), or goes to a history target whose default is
    /// computed; nor when the parent never enters the case (its own reachability says so).
    func childReachabilityProblems(initialState: State) -> [Problem] {
        guard let composition, !composition.children.isEmpty,
              let entered = enteredValues() else { return [] }
        var problems: [Problem] = []
        var valuesOfCase: [State.HashableIdentifier: [State]] = [:]
        for value in [initialState] + entered.values {
            valuesOfCase[value.hashableIdentifier, default: []].append(value)
        }
        ValidationWork.counter.add(1 + entered.values.count)
        for (index, link) in composition.children.sorted(by: { $0.key < $1.key }) {
            let parentCase = definitions[index].matcher.identifier
            guard entered.bareCases.contains(parentCase) == false else { continue }
            let entries = valuesOfCase[parentCase] ?? []
            guard !entries.isEmpty, let (starts, unreached) = link.unreached(entries) else { continue }
            for name in unreached {
                problems.append(Problem(file: link.location.file, line: link.location.line,
                    message: "the child's `state(\(name))` is never reached from the parent: the parent enters \(parentCase) only with the child in \(starts.joined(separator: ", ")) (its initial state, `entering:` values and history defaults), and no declared transition of the child leads from there to \(name). Declare the value of \(parentCase) holding \(name) with `entering:` on the parent's handler that goes there, or remove `state(\(name))` from the child."))
            }
        }
        return problems
    }

    /// The values the parent's handlers declare with `entering:` and their history defaults,
    /// and the cases they declare bare; nil when some handler declares nothing or has a
    /// computed history default, so that it may enter any value.
    private func enteredValues() -> (values: [State], bareCases: Set<State.HashableIdentifier>)? {
        var values: [State] = []
        var bareCases: Set<State.HashableIdentifier> = []
        let work = ValidationWork.counter
        for component in components {
            let handlers: [StateMachineTypes.EventHandler<State, Event, SideEffect>]
            switch component.kind {
            case .state(let state): handlers = state.handlers
            case .superstate(let superstate): handlers = superstate.handlers
            case .callback, .runToCompletion: continue
            }
            work.add(1 + handlers.count)
            for handler in handlers {
                guard case .on = handler.kind else { continue }
                if let history = handler.history {
                    guard let knownDefault = history.knownDefault else { return nil }
                    values.append(knownDefault)
                    continue
                }
                guard let targets = handler.targets else { return nil }
                values += handler.entering
                bareCases.formUnion(targets.dropLast(handler.entering.count))
            }
        }
        return (values, bareCases)
    }
}
