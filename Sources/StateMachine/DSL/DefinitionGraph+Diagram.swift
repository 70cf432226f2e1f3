/// The flat diagram of a definition, as Mermaid or Graphviz DOT: one node per state case, one
/// edge per branch of a handler and target.
extension DefinitionGraph {

    /// An edge as drawn: from and to node indices (`nil` for the undeclared node) and a label.
    private struct Edge: Equatable {
        let from: Int
        let to: Int?
        let label: String
    }

    /// The edges in node order, then handler order, then branch order, without duplicates.
    private func edges() -> [Edge] {
        var edges: [Edge] = []
        for (from, node) in nodes.enumerated() {
            for handler in node.handlers {
                for branch in handler.branches {
                    let label = edgeLabel(node, handler, branch)
                    let targets: [Int?] = branch.targets.map { $0.map { indexOf[$0] } } ?? [nil]
                    for to in targets {
                        let edge = Edge(from: from, to: to, label: label)
                        if !edges.contains(edge) { edges.append(edge) }
                    }
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

    /// Mermaid: a name that is a plain identifier, not a keyword, and not already some other
    /// node's id is its own id; others get `state "name" as stateN`.
    func mermaid(_ undeclaredText: StateMachineTypes.UndeclaredTargetText) -> String {
        let names = nodes.map { DiagramText.shown("\($0.state)") }
        let keywords: Set<String> = ["state", "note", "direction", "class", "classDef", "style", "end", "as", "stateDiagram", "accTitle", "accDescr", "click"]
        func isOwnId(_ name: String) -> Bool {
            Self.isPlainIdentifier(name) && !keywords.contains(name) && name.unicodeScalars.count <= DiagramText.maximumLength
        }
        var taken = Set(names.filter(isOwnId))
        var ids: [String] = []
        var aliased: [Bool] = []
        var used: Set<String> = []
        for (offset, name) in names.enumerated() {
            // Two cases that print alike are two nodes: the second is aliased.
            if isOwnId(name), used.insert(name).inserted {
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
        let hasUndeclared = edges.contains { $0.to == nil }
        if hasUndeclared {
            lines.append("    state \"\(DiagramText.mermaidLabel(undeclaredText.node))\" as \(undeclared)")
            lines.append("    note right of \(undeclared) : \(DiagramText.mermaid(undeclaredText.legend))")
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

    /// DOT: node ids from the case's index (`s0`, `s1`, …), so that two cases that print alike
    /// are two nodes, and labels from the names; a node's self-loops are one loop, a line each.
    func dot(_ undeclaredText: StateMachineTypes.UndeclaredTargetText) -> String {
        let edges = edges()
        var lines = ["digraph {", "    nodesep=0.5;", "    start [shape=point, label=\"\"];"]
        for (offset, node) in nodes.enumerated() {
            let label = DiagramText.dot(DiagramText.shown("\(node.state)"))
            lines.append("    s\(offset) [label=\(label)\(node.isFinal ? ", shape=doublecircle" : "")];")
        }
        let hasUndeclared = edges.contains { $0.to == nil }
        if hasUndeclared {
            lines.append("    \(DotStyle.undeclaredNode("undeclared", undeclaredText))")
        }
        lines.append("    start -> s0;")
        let drawn = DotStyle.mergingSelfLoops(edges, tail: { "s\($0.from)" }, head: { $0.to.map { "s\($0)" } ?? "undeclared" }, label: \.label)
        for (edge, label) in drawn {
            let to = edge.to.map { "s\($0)" } ?? "undeclared"
            lines.append("    s\(edge.from) -> \(to) [label=\(label)\(edge.to == nil ? ", style=dashed" : "")];")
        }
        if hasUndeclared { lines += DotStyle.legend(undeclaredText) }
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
