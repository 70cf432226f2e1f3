/// What diagrams write on an edge: the event, the delay of the state's timers that send it,
/// `[guard]`, and the side effects the handler declares.
extension DefinitionGraph {

    /// `timeout after 30 s [guard] / alarm` for `branch` of `handler` of `node`.
    func edgeLabel(_ node: Node, _ handler: Handler, _ branch: DiagramBranch<State.HashableIdentifier>) -> String {
        Self.edgeLabel(
            "\(handler.event)" + delayLabel(node, handler.event),
            guards: handler.guards + (branch.condition.map { [$0] } ?? []), sideEffects: branch.sideEffects
        )
    }

    /// `event [a and b] / x, y`: the guards that decide whether the edge is taken, joined by
    /// `and`, then the side effects, if any.
    static func edgeLabel(_ event: String, guards: [String], sideEffects: [String]) -> String {
        event + (guards.isEmpty ? "" : " [" + guards.joined(separator: " and ") + "]")
            + (sideEffects.isEmpty ? "" : " / " + sideEffects.joined(separator: ", "))
    }
}
