/// What diagrams write on an edge: the event, the delay of the state's timers that send it,
/// `[guard]`, and the side effects the handler declares.
extension DefinitionGraph {

    /// `timeout after 30 s [guard] / alarm` for `handler` of `node`.
    func edgeLabel(_ node: Node, _ handler: Handler) -> String {
        Self.edgeLabel(
            "\(handler.event)" + delayLabel(node, handler.event), isGuarded: handler.isGuarded, sideEffects: handler.sideEffects
        )
    }

    /// `event [guard] / a, b`: `[guard]` when a predicate decides whether the handler applies,
    /// then the declared side effects, if any.
    static func edgeLabel(_ event: String, isGuarded: Bool, sideEffects: [String]) -> String {
        event + (isGuarded ? " [guard]" : "") + (sideEffects.isEmpty ? "" : " / " + sideEffects.joined(separator: ", "))
    }
}
