/// Graphviz DOT for composite definitions: superstates, child machines and regions as clusters
/// (`subgraph "cluster_…"`), history targets as a node `H` inside their cluster. Node ids are
/// paths (`functioning/locked`), labels the names. An edge from or to a cluster leaves from or
/// goes to a point inside it, clipped at the cluster's border (`compound=true`).
extension DiagramTree {

    func dot() -> String {
        var lines = ["digraph {", "    rankdir=LR;", "    compound=true;", "    __start [shape=point, label=\"\"];"]
        var edgeLines: [String] = []
        if regions.isEmpty {
            dotBody(prefix: "", indent: "    ", lines: &lines, edges: &edgeLines)
            if !states.isEmpty {
                let (head, cluster) = endpoint(.state(0), prefix: "")
                edgeLines.insert("    __start -> \(Self.dotString(head))\(cluster.map { " [lhead=\(Self.dotString($0))]" } ?? "");", at: 0)
            }
        } else {
            lines.append("    subgraph \"cluster_\" {")
            lines.append("        label=\(Self.dotString(productName));")
            lines.append("        \"\" [shape=point, label=\"\"];")
            for region in regions {
                lines.append("        subgraph \(Self.dotString("cluster_" + region.name)) {")
                lines.append("            label=\(Self.dotString(region.name));")
                region.tree.dotBody(prefix: region.name + "/", indent: "            ", lines: &lines, edges: &edgeLines)
                lines.append("        }")
            }
            lines.append("    }")
            edgeLines.insert("    __start -> \"\" [lhead=\"cluster_\"];", at: 0)
        }
        return (lines + edgeLines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// The node an edge from or to `source` attaches to, and the cluster it is clipped at.
    private func endpoint(_ source: Source, prefix: String) -> (node: String, cluster: String?) {
        switch source {
        case .state(let offset):
            let id = prefix + states[offset]
            return (id, children[offset] == nil ? nil : "cluster_" + id)
        case .superstate(let offset):
            let id = prefix + "@" + superstates[offset].name
            return (id, "cluster_" + id)
        }
    }

    /// Where the history node of `name` goes: the superstate's cluster, or the child-holding
    /// state's, or this level.
    private func historyNode(_ name: String, prefix: String) -> String {
        if superstates.contains(where: { $0.name == name }) { return prefix + "@" + name + "/H" }
        return prefix + name + "/H"
    }

    func dotBody(prefix: String, indent: String, lines: inout [String], edges edgeLines: inout [String]) {
        let histories = historyTargets
        let parents = self.parents, innermost = self.innermost
        var placed: Set<String> = []
        let hasEdge = Set(edges.compactMap { if case .superstate(let offset) = $0.from { offset } else { nil } })

        func history(_ name: String, _ indent: String) {
            guard histories.contains(name), placed.insert(name).inserted else { return }
            lines.append("\(indent)\(Self.dotString(historyNode(name, prefix: prefix))) [shape=circle, label=\"H\"];")
        }
        func state(_ offset: Int, _ indent: String) {
            let id = prefix + states[offset]
            guard let child = children[offset] else {
                lines.append("\(indent)\(Self.dotString(id)) [label=\(Self.dotString(states[offset]))\(finals[offset] ? ", shape=doublecircle" : "")];")
                return
            }
            lines.append("\(indent)subgraph \(Self.dotString("cluster_" + id)) {")
            lines.append("\(indent)    label=\(Self.dotString(states[offset]));")
            lines.append("\(indent)    \(Self.dotString(id)) [shape=point, label=\"\"];")
            child.dotBody(prefix: id + "/", indent: indent + "    ", lines: &lines, edges: &edgeLines)
            if !superstates.contains(where: { $0.name == states[offset] }) { history(states[offset], indent + "    ") }
            lines.append("\(indent)}")
        }
        func superstate(_ offset: Int, _ indent: String) {
            let id = prefix + "@" + superstates[offset].name
            lines.append("\(indent)subgraph \(Self.dotString("cluster_" + id)) {")
            lines.append("\(indent)    label=\(Self.dotString(superstates[offset].name));")
            if hasEdge.contains(offset) { lines.append("\(indent)    \(Self.dotString(id)) [shape=point, label=\"\"];") }
            for inner in superstates.indices where parents[inner] == offset { superstate(inner, indent + "    ") }
            for member in states.indices where innermost[member] == offset { state(member, indent + "    ") }
            history(superstates[offset].name, indent + "    ")
            lines.append("\(indent)}")
        }

        for offset in superstates.indices where parents[offset] == nil { superstate(offset, indent) }
        for offset in states.indices where innermost[offset] == nil { state(offset, indent) }
        for name in histories { history(name, indent) }
        let undeclared = prefix + "?"
        if edges.contains(where: { $0.to == .undeclared }) {
            lines.append("\(indent)\(Self.dotString(undeclared)) [shape=plaintext, label=\"?\"];")
        }
        for edge in edges {
            let (tail, ltail) = endpoint(edge.from, prefix: prefix)
            var attributes = ["label=\(Self.dotString(edge.label))"]
            let head: String
            switch edge.to {
            case .state(let offset):
                let (node, lhead) = endpoint(.state(offset), prefix: prefix)
                head = node
                if let lhead, lhead != ltail { attributes.append("lhead=\(Self.dotString(lhead))") }
            case .undeclared:
                head = undeclared
                attributes.append("style=dashed")
            case .history(let name):
                head = historyNode(name, prefix: prefix)
            }
            if let ltail, edge.to != edge.from.asTarget { attributes.insert("ltail=\(Self.dotString(ltail))", at: 1) }
            edgeLines.append("    \(Self.dotString(tail)) -> \(Self.dotString(head)) [\(attributes.joined(separator: ", "))];")
        }
    }

    static func dotString(_ text: String) -> String {
        "\"" + replacing(text) { $0 == "\\" ? "\\\\" : $0 == "\"" ? "\\\"" : $0 == "\n" ? "\\n" : nil } + "\""
    }
}

extension DiagramTree.Source {
    /// The same state as a target, for self-loops (Graphviz cannot clip an edge from a cluster
    /// to itself).
    var asTarget: DiagramTree.Target? {
        if case .state(let offset) = self { .state(offset) } else { nil }
    }
}
