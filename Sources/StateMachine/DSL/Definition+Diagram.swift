extension StateMachineTypes.Definition {

    /// The definition's state diagram as text, from the targets its handlers declare.
    ///
    /// ```swift
    /// print(Matter.definition.diagram(format: .mermaid))
    /// // stateDiagram-v2
    /// //     [*] --> solid
    /// //     solid --> liquid: melt
    /// //     …
    /// ```
    ///
    /// One node per state case (payloads and `where:` predicates of `state` blocks are
    /// ignored), in the order the cases are first named: the initial state, the `state`
    /// blocks, then declared targets. One edge per handler and declared target, labelled with
    /// the event case, followed by `[guard]` when a `where:` predicate or an `.eq` matcher
    /// decides whether the handler applies. A handler that declares no targets with `to:` may
    /// lead anywhere: it is drawn as an edge to a node labelled `?` (dashed in DOT). When the
    /// state's delayed events send the handler's event (`after(.seconds(30), send: .timeout)`),
    /// the label says after how long: `timeout after 30 s` (in `h`, `min`, `s`, `ms`, `µs` or
    /// `ns`, the largest whole unit). A side effect the handler declares before it runs (the
    /// `emit:` of `on(_:toHistoryOf:default:emit:)`) follows a slash: `repair / alarm`; one its
    /// closure computes is not known until it runs, and is not shown. An arrow
    /// from the start marks the initial state; final states (`finalState(_:)`) get an arrow to
    /// the end in Mermaid and a double circle in DOT. An empty name is drawn as `""`.
    ///
    /// A composite definition (see <doc:ComposingMachines>) is drawn nested: a superstate is a
    /// composite state in Mermaid (`state working { … }`) and a cluster in DOT, around its
    /// cases and the superstates inside it, its handlers drawn once, from it; a child machine
    /// is drawn the same way inside the state that holds it; the regions of a product are
    /// concurrent parts (`--`) in Mermaid and dashed clusters side by side in DOT, each with its
    /// initial marker, starting in its part of the product's initial state; a history target
    /// is a node `H` inside its superstate or child-holding state.
    ///
    /// - Parameter format: ``StateMachineTypes/DiagramFormat/mermaid`` or
    ///   ``StateMachineTypes/DiagramFormat/dot``.
    /// - Returns: The diagram, ending with a newline.
    public func diagram(format: StateMachineTypes.DiagramFormat) -> String {
        diagram(format: format, undeclared: .declaredTargets)
    }

    /// The diagram, with `undeclared` naming the node that handlers without known targets lead
    /// to and the legend line that explains it: for tools whose definitions come from data.
    @_spi(Tooling)
    public func diagram(format: StateMachineTypes.DiagramFormat, undeclared: StateMachineTypes.UndeclaredTargetText) -> String {
        if table.composition != nil || !table.superstates.isEmpty {
            let tree = DiagramTree(self)
            if tree.isComposite {
                switch format {
                case .mermaid: return tree.mermaid(undeclared)
                case .dot: return tree.dot(undeclared)
                }
            }
        }
        let graph = DefinitionGraph(initialState: initialState, components: components)
        switch format {
        case .mermaid: return graph.mermaid(undeclared)
        case .dot: return graph.dot(undeclared)
        }
    }
}
