/// The parts of a Graphviz DOT diagram that flat and composite diagrams draw alike: the node of
/// undeclared targets, its legend, and self-loops.
enum DotStyle {

    /// The node handlers without known targets lead to: a dashed box labelled `? (no to:)`.
    static func undeclaredNode(_ id: String, _ text: StateMachineTypes.UndeclaredTargetText) -> String {
        "\(DiagramText.dot(id)) [label=\(DiagramText.dot(text.node)), shape=box, style=\"dashed,rounded\"];"
    }

    /// The legend line under the diagram, left-aligned: the root graph's label. Written after
    /// every cluster, which would otherwise take the graph's `labelloc` and `labeljust` too.
    static func legend(_ text: StateMachineTypes.UndeclaredTargetText) -> [String] {
        ["    label=\(DiagramText.dot(text.legend));", "    labelloc=b;", "    labeljust=l;"]
    }

    /// The labels of DOT edges, with every self-loop of a node drawn as one loop whose label
    /// has a line per edge, left-justified, each followed by a little room: Graphviz nests several loops of a node on one
    /// side, each label across the lines of the loops around it, and gives ported loops
    /// (`tailport`) no room in the layout, so that their labels overlap nodes and clusters.
    /// One loop, one label of several lines, is laid out with room for all of them, beside
    /// the node in a top-to-bottom diagram (in a left-to-right one, Graphviz lays loop labels
    /// over the edges beside them).
    ///
    /// - Parameter edges: Each edge's tail, head and label, in drawing order.
    /// - Returns: The edges to draw, in the same order, a node's loop where its first
    ///   self-loop was, each with its label as a DOT quoted string.
    static func mergingSelfLoops<Edge>(_ edges: [Edge], tail: (Edge) -> String, head: (Edge) -> String, label: (Edge) -> String) -> [(edge: Edge, label: String)] {
        var drawn: [(edge: Edge, lines: [String])] = []
        var loopOf: [String: Int] = [:]
        for edge in edges {
            let from = tail(edge)
            if from == head(edge) {
                if let index = loopOf[from] {
                    drawn[index].lines.append(label(edge))
                    continue
                }
                loopOf[from] = drawn.count
            }
            drawn.append((edge, [label(edge)]))
        }
        return drawn.map { edge, lines in
            guard tail(edge) == head(edge) else { return (edge, DiagramText.dot(lines[0])) }
            // Each line quoted and escaped, then ended by DOT's left-justified line break. Graphviz
            // leaves about 10 points too little room right of a loop's label (it runs over the
            // border of the cluster around it): four spaces make up for it.
            return (edge, "\"" + lines.map { DiagramText.dot($0).dropFirst().dropLast() + "    \\l" }.joined() + "\"")
        }
    }
}
