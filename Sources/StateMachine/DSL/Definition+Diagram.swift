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
        if table.composition != nil || !table.superstates.isEmpty {
            let tree = DiagramTree(self)
            if tree.isComposite {
                switch format {
                case .mermaid: return tree.mermaid()
                case .dot: return tree.dot()
                }
            }
        }
        let graph = DefinitionGraph(initialState: initialState, components: components)
        switch format {
        case .mermaid: return graph.mermaid()
        case .dot: return graph.dot()
        }
    }
}

// MARK: - Rendering

extension DefinitionGraph {

    /// An edge as drawn: from and to node indices (`nil` for the undeclared node) and a label.
    private struct Edge: Equatable {
        let from: Int
        let to: Int?
        let label: String
    }

    /// The edges in node order then handler order, without duplicates.
    private func edges() -> [Edge] {
        var edges: [Edge] = []
        let index = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($0.element.state, $0.offset) })
        for (from, node) in nodes.enumerated() {
            for handler in node.handlers {
                let label = edgeLabel(node, handler)
                let targets: [Int?] = handler.targets.map { $0.map { index[$0] } } ?? [nil]
                for to in targets {
                    let edge = Edge(from: from, to: to, label: label)
                    if !edges.contains(edge) { edges.append(edge) }
                }
            }
        }
        return edges
    }

    /// `base`, or `base` followed by underscores, whichever is not in `taken`.
    private static func unique(_ base: String, _ taken: Set<String>) -> String {
        var id = base
        while taken.contains(id) { id += "_" }
        return id
    }

    func mermaid() -> String {
        let names = nodes.map { DiagramText.shown("\($0.state)") }
        let keywords: Set<String> = ["state", "note", "direction", "class", "classDef", "style", "end", "as", "stateDiagram", "accTitle", "accDescr", "click"]
        // A name that is a plain identifier is its own id; others get `state "name" as stateN`.
        var taken = Set(names.filter { Self.isPlainIdentifier($0) && !keywords.contains($0) })
        var ids: [String] = []
        var aliased: [Bool] = []
        for (offset, name) in names.enumerated() {
            if Self.isPlainIdentifier(name) && !keywords.contains(name) {
                ids.append(name)
                aliased.append(false)
            } else {
                let id = Self.unique("state\(offset + 1)", taken)
                taken.insert(id)
                ids.append(id)
                aliased.append(true)
            }
        }
        let undeclared = Self.unique("undeclared", taken)
        let edges = edges()
        var mentioned = Set<Int>([0])
        for edge in edges {
            mentioned.insert(edge.from)
            if let to = edge.to { mentioned.insert(to) }
        }
        for (offset, node) in nodes.enumerated() where node.isFinal { mentioned.insert(offset) }

        var lines = ["stateDiagram-v2"]
        for offset in nodes.indices {
            if aliased[offset] {
                lines.append("    state \"\(DiagramText.mermaidLabel(names[offset]))\" as \(ids[offset])")
            } else if !mentioned.contains(offset) {
                lines.append("    \(ids[offset])")
            }
        }
        if edges.contains(where: { $0.to == nil }) {
            lines.append("    state \"?\" as \(undeclared)")
        }
        lines.append("    [*] --> \(ids[0])")
        for edge in edges {
            lines.append("    \(ids[edge.from]) --> \(edge.to.map { ids[$0] } ?? undeclared): \(DiagramText.mermaid(edge.label))")
        }
        for (offset, node) in nodes.enumerated() where node.isFinal {
            lines.append("    \(ids[offset]) --> [*]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func dot() -> String {
        let names = nodes.map { DiagramText.shown("\($0.state)") }
        let taken = Set(names)
        let start = Self.unique("__start", taken)
        let undeclared = Self.unique("__undeclared", taken)
        let edges = edges()
        var lines = ["digraph {", "    rankdir=LR;", "    \(start) [shape=point, label=\"\"];"]
        for (offset, node) in nodes.enumerated() {
            lines.append("    \(DiagramText.dot(names[offset]))\(node.isFinal ? " [shape=doublecircle]" : "");")
        }
        if edges.contains(where: { $0.to == nil }) {
            lines.append("    \(undeclared) [shape=plaintext, label=\"?\"];")
        }
        lines.append("    \(start) -> \(DiagramText.dot(names[0]));")
        for edge in edges {
            let to = edge.to.map { DiagramText.dot(names[$0]) } ?? undeclared
            let style = edge.to == nil ? ", style=dashed" : ""
            lines.append("    \(DiagramText.dot(names[edge.from])) -> \(to) [label=\(DiagramText.dot(edge.label))\(style)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether `name` is an ASCII letter followed by ASCII letters, digits and underscores.
    private static func isPlainIdentifier(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || (48...57).contains($0) || $0 == UInt8(ascii: "_") }
    }
}
