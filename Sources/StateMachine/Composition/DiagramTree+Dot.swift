/// Graphviz DOT for composite definitions: superstates, child machines and regions as clusters
/// (`subgraph "cluster_…"`), history targets as a node `H` inside their cluster. Node ids are
/// paths (`functioning/locked`), labels the names. An edge from or to a cluster leaves from or
/// goes to a point inside it, clipped at the cluster's border (`compound=true`).
extension DiagramTree {

    func dot() -> String {
        var lines = ["digraph {", "    rankdir=LR;", "    compound=true;", "    __start [shape=point, label=\"\"];"]
        var edgeLines: [String] = []
        if regions.isEmpty {
            dotBody(prefix: "", indent: "    ", lines: &lines, edges: &edgeLines, marksInitial: false)
            if !states.isEmpty {
                let (head, cluster) = endpoint(.state(0), prefix: "")
                edgeLines.insert("    __start -> \(DiagramText.dot(head))\(cluster.map { " [lhead=\(DiagramText.dot($0))]" } ?? "");", at: 0)
            }
        } else {
            // The product is a cluster of regions; the machine starts in all of them.
            let product = "cluster_@product"
            lines.append("    subgraph \(DiagramText.dot(product)) {")
            lines.append("        label=\(DiagramText.dot(productName));")
            dotRegions(prefix: "", indent: "        ", lines: &lines, edges: &edgeLines)
            lines.append("    }")
            edgeLines.insert("    __start -> \(DiagramText.dot(entry(prefix: ""))) [lhead=\(DiagramText.dot(product))];", at: 0)
        }
        return (lines + edgeLines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// The regions of this level, each a dashed cluster with its own initial marker, laid side
    /// by side, left to right, by invisible edges from each region's nodes to the next one's marker.
    private func dotRegions(prefix: String, indent: String, lines: inout [String], edges edgeLines: inout [String]) {
        for region in regions {
            let id = prefix + region.name
            lines.append("\(indent)subgraph \(DiagramText.dot("cluster_" + id)) {")
            lines.append("\(indent)    label=\(DiagramText.dot(region.name));")
            lines.append("\(indent)    style=dashed;")
            region.tree.dotBody(prefix: id + "/", indent: indent + "    ", lines: &lines, edges: &edgeLines, marksInitial: true)
            lines.append("\(indent)}")
        }
        // Every node of a region comes before the next region's initial marker, so that
        // Graphviz ranks the next region wholly to its right.
        for (left, right) in zip(regions, regions.dropFirst()) {
            let head = right.tree.entry(prefix: prefix + right.name + "/")
            for tail in left.tree.dotNodes(prefix: prefix + left.name + "/") {
                edgeLines.append("    \(DiagramText.dot(tail)) -> \(DiagramText.dot(head)) [style=invis];")
            }
        }
    }

    /// The nodes a level inside a cluster draws, nested levels' included: its initial marker,
    /// its states, its `?`; the nodes of its regions.
    private func dotNodes(prefix: String) -> [String] {
        if !regions.isEmpty { return regions.flatMap { $0.tree.dotNodes(prefix: prefix + $0.name + "/") } }
        var nodes = states.isEmpty ? [] : [prefix + "__start"]
        for (offset, name) in states.enumerated() {
            nodes += children[offset]?.dotNodes(prefix: prefix + name + "/") ?? [prefix + name]
        }
        return nodes + (edges.contains { $0.to == .undeclared } ? [prefix + "?"] : [])
    }

    /// The node a level is entered at: its initial marker, or its first region's.
    func entry(prefix: String) -> String {
        if let first = regions.first { return first.tree.entry(prefix: prefix + first.name + "/") }
        return prefix + "__start"
    }

    /// The node an edge from or to `source` attaches to, and the cluster it is clipped at: a
    /// state's node; a child-holding state's initial marker inside its cluster; a superstate's
    /// first state inside its cluster.
    private func endpoint(_ source: Source, prefix: String) -> (node: String, cluster: String?) {
        switch source {
        case .state(let offset):
            let id = prefix + states[offset]
            guard let child = children[offset] else { return (id, nil) }
            return (child.entry(prefix: id + "/"), "cluster_" + id)
        case .superstate(let offset):
            let id = prefix + "@" + superstates[offset].name
            guard let first = superstates[offset].members.first else { return (id, "cluster_" + id) }
            return (endpoint(.state(first), prefix: prefix).node, "cluster_" + id)
        }
    }

    /// Where the history node of `name` goes: the superstate's cluster, or the child-holding
    /// state's, or this level.
    private func historyNode(_ name: String, prefix: String) -> String {
        if superstates.contains(where: { $0.name == name }) { return prefix + "@" + name + "/H" }
        return prefix + name + "/H"
    }

    /// This level's clusters, nodes and edges; with `marksInitial`, a level inside a cluster (a
    /// child or a region), its initial marker: a point with an edge to its initial state.
    func dotBody(prefix: String, indent: String, lines: inout [String], edges edgeLines: inout [String], marksInitial: Bool) {
        if !regions.isEmpty {
            dotRegions(prefix: prefix, indent: indent, lines: &lines, edges: &edgeLines)
            return
        }
        let histories = historyTargets
        let parents = self.parents, innermost = self.innermost
        var placed: Set<String> = []
        let hasEdge = Set(edges.compactMap { if case .superstate(let offset) = $0.from { offset } else { nil } })

        func history(_ name: String, _ indent: String) {
            guard histories.contains(name), placed.insert(name).inserted else { return }
            lines.append("\(indent)\(DiagramText.dot(historyNode(name, prefix: prefix))) [shape=circle, label=\"H\"];")
        }
        func state(_ offset: Int, _ indent: String) {
            let id = prefix + states[offset]
            guard let child = children[offset] else {
                lines.append("\(indent)\(DiagramText.dot(id)) [label=\(DiagramText.dot(states[offset]))\(finals[offset] ? ", shape=doublecircle" : "")];")
                return
            }
            lines.append("\(indent)subgraph \(DiagramText.dot("cluster_" + id)) {")
            lines.append("\(indent)    label=\(DiagramText.dot(states[offset]));")
            child.dotBody(prefix: id + "/", indent: indent + "    ", lines: &lines, edges: &edgeLines, marksInitial: true)
            if !superstates.contains(where: { $0.name == states[offset] }) { history(states[offset], indent + "    ") }
            lines.append("\(indent)}")
        }
        func superstate(_ offset: Int, _ indent: String) {
            let id = prefix + "@" + superstates[offset].name
            lines.append("\(indent)subgraph \(DiagramText.dot("cluster_" + id)) {")
            lines.append("\(indent)    label=\(DiagramText.dot(superstates[offset].name));")
            if hasEdge.contains(offset), superstates[offset].members.isEmpty {
                lines.append("\(indent)    \(DiagramText.dot(id)) [shape=point, label=\"\"];")
            }
            for inner in superstates.indices where parents[inner] == offset { superstate(inner, indent + "    ") }
            for member in states.indices where innermost[member] == offset { state(member, indent + "    ") }
            history(superstates[offset].name, indent + "    ")
            lines.append("\(indent)}")
        }

        if marksInitial && !states.isEmpty {
            let marker = prefix + "__start"
            lines.append("\(indent)\(DiagramText.dot(marker)) [shape=point, label=\"\"];")
            let (head, cluster) = endpoint(.state(0), prefix: prefix)
            edgeLines.append("    \(DiagramText.dot(marker)) -> \(DiagramText.dot(head))\(cluster.map { " [lhead=\(DiagramText.dot($0))]" } ?? "");")
        }
        for offset in superstates.indices where parents[offset] == nil { superstate(offset, indent) }
        for offset in states.indices where innermost[offset] == nil { state(offset, indent) }
        for name in histories { history(name, indent) }
        let undeclared = prefix + "?"
        if edges.contains(where: { $0.to == .undeclared }) {
            lines.append("\(indent)\(DiagramText.dot(undeclared)) [shape=plaintext, label=\"?\"];")
        }
        for edge in edges {
            let (tail, ltail) = endpoint(edge.from, prefix: prefix)
            var attributes = ["label=\(DiagramText.dot(edge.label))"]
            let head: String
            switch edge.to {
            case .state(let offset):
                let (node, lhead) = endpoint(.state(offset), prefix: prefix)
                head = node
                if let lhead, lhead != ltail { attributes.append("lhead=\(DiagramText.dot(lhead))") }
            case .undeclared:
                head = undeclared
                attributes.append("style=dashed")
            case .history(let name):
                head = historyNode(name, prefix: prefix)
            }
            if let ltail, edge.to != edge.from.asTarget { attributes.insert("ltail=\(DiagramText.dot(ltail))", at: 1) }
            edgeLines.append("    \(DiagramText.dot(tail)) -> \(DiagramText.dot(head)) [\(attributes.joined(separator: ", "))];")
        }
    }
}

extension DiagramTree.Source {
    /// The same state as a target, for self-loops (Graphviz cannot clip an edge from a cluster
    /// to itself).
    var asTarget: DiagramTree.Target? {
        if case .state(let offset) = self { .state(offset) } else { nil }
    }
}
