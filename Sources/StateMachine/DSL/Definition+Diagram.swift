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
    /// the event case, then its guard in brackets when a predicate or an `.eq` matcher decides
    /// whether the handler applies: the `label:` of `where:` (`coin [value > 0]`), `[guard]`
    /// for a predicate without one, `[event == coin(10)]` for `.eq`, a `state` block's guard
    /// first, joined by `and`. A handler that declares no targets with `to:` may lead anywhere:
    /// it is drawn as an edge (dashed in DOT) to a node labelled `? (no to:)`, and a legend line
    /// (a note in Mermaid) says how to declare its targets. When the state's delayed events
    /// send the handler's event (`after(.seconds(30), send: .timeout)`), the label says after
    /// how long: `timeout after 30 s` (in `h`, `min`, `s`, `ms`, `µs` or `ns`, the largest whole
    /// unit). A side effect the handler declares before it runs (`on(.refund, to: .idle, emit:
    /// .giveChange)`, the `emit:` of `on(_:toHistoryOf:default:emit:)`) follows a slash:
    /// `refund / giveChange`; one its closure computes is not known until it runs, and is not
    /// shown. An arrow from the start marks the initial state; final states (`finalState(_:)`)
    /// get an arrow to the end in Mermaid and a double circle in DOT.
    ///
    /// DOT runs top to bottom; a node's self-loops are one loop whose label has a line per
    /// edge, so that no label is drawn over another; node ids are the cases' indices (`s0`,
    /// `s1`), so that two cases that print alike are two nodes. An empty name is drawn as `""`,
    /// control characters as text (`\u{1B}`), and a name or label longer than 200 Unicode
    /// scalars is cut after them, with how many were left out: `aaaa… (800 more)`.
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
