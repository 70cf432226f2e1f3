extension StateMachineBuilder {

    /// The child states that the parent states `entries` hold, and the child's state
    /// definitions that no declared transition of the child reaches from them (rule R25, "a
    /// child whose states are not reachable from the parent"); nil when a child state cannot
    /// be read from an entry, or when a child state reached that way has a handler that
    /// declares no target (it may lead anywhere).
    ///
    /// A state definition that is unreachable from the child's own initial state too is left
    /// out: the child definition's own validation reports it.
    static func unreachedChildStates<ChildState, ChildEvent, ChildSideEffect>(
        of definition: StateMachineTypes.Definition<ChildState, ChildEvent, ChildSideEffect>,
        entries: [State],
        extract: (State) throws -> ChildState?
    ) -> (entered: [String], unreached: [String])? {
        var starts: [ChildState.HashableIdentifier] = []
        var started: Set<ChildState.HashableIdentifier> = []
        ValidationWork.counter.add(entries.count)
        for entry in entries {
            guard let child = try? extract(entry) else { return nil }
            if started.insert(child.hashableIdentifier).inserted { starts.append(child.hashableIdentifier) }
        }
        let graph = DefinitionGraph(initialState: definition.initialState, components: definition.components)
        guard let reached = graph.reachable(from: starts) else { return nil }
        let ownReach = graph.reachable()
        let unreached = graph.nodes.filter { node in
            !node.definitions.isEmpty && !reached.contains(node.state) && (ownReach?.contains(node.state) ?? true)
        }
        return (starts.map { "\($0)" }, unreached.map { "\($0.state)" })
    }
}
