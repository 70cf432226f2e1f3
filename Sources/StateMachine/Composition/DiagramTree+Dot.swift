/// Graphviz DOT for composite definitions: superstates, child machines and regions as clusters
/// (`subgraph "cluster_…"`), history targets as a node `H` inside their cluster. Node ids are
/// paths of indices, so that two states that print alike are two nodes: `s1` for the second
/// state, `s1/s0` for the first state of the child machine inside it, `@0` for the first
/// superstate, `r1` for the second region, `s1/start` for a level's initial marker, `@0/H0` for
/// a history node; labels are the names. An edge from or to a cluster leaves from or goes to a
/// point inside it, clipped at the cluster's border (`compound=true`).
extension DiagramTree {

    func dot(_ undeclared: StateMachineTypes.UndeclaredTargetText) -> String {
        var lines = ["digraph {", "    compound=true;", "    nodesep=0.5;", "    start [shape=point, label=\"\"];"]
        var edgeLines: [String] = []
        if regions.isEmpty {
            dotBody(prefix: "", indent: "    ", undeclared, lines: &lines, edges: &edgeLines, marksInitial: false)
            if !states.isEmpty {
                let (head, cluster) = endpoint(.state(0), prefix: "")
                edgeLines.insert("    start -> \(DiagramText.dotID(head))\(cluster.map { " [lhead=\(DiagramText.dotID($0))]" } ?? "");", at: 0)
            }
        } else {
            // The product is a cluster of regions; the machine starts in all of them.
            let product = "cluster_product"
            lines.append("    subgraph \(DiagramText.dotID(product)) {")
            lines.append("        label=\(DiagramText.dot(productName));")
            dotRegions(prefix: "", indent: "        ", undeclared, lines: &lines, edges: &edgeLines)
            lines.append("    }")
            edgeLines.insert("    start -> \(DiagramText.dotID(entry(prefix: ""))) [lhead=\(DiagramText.dotID(product))];", at: 0)
            // The machine's start leads to every region's marker, so that Graphviz ranks them
            // alike and keeps them in order, side by side.
            for offset in regions.indices.dropFirst() {
                edgeLines.insert("    start -> \(DiagramText.dotID(regions[offset].tree.entry(prefix: "r\(offset)/"))) [style=invis];", at: offset)
            }
        }
        let legend = hasUndeclared ? DotStyle.legend(undeclared) : []
        return (lines + edgeLines + legend + ["}"]).joined(separator: "\n") + "\n"
    }

    /// Whether some level of the tree has an edge to an undeclared target.
    var hasUndeclared: Bool {
        edges.contains { $0.to == .undeclared } || children.values.contains { $0.hasUndeclared }
            || regions.contains { $0.tree.hasUndeclared }
    }

    /// The regions of this level, each a dashed cluster with its own initial marker, side by
    /// side (see ``entry(prefix:)``).
    private func dotRegions(
        prefix: String, indent: String, _ undeclared: StateMachineTypes.UndeclaredTargetText,
        lines: inout [String], edges edgeLines: inout [String]
    ) {
        if !prefix.isEmpty {
            let anchor = prefix + "regions"
            lines.append("\(indent)\(DiagramText.dotID(anchor)) [shape=point, style=invis];")
            for (offset, region) in regions.enumerated() {
                edgeLines.append("    \(DiagramText.dotID(anchor)) -> \(DiagramText.dotID(region.tree.entry(prefix: prefix + "r\(offset)/"))) [style=invis];")
            }
        }
        for (offset, region) in regions.enumerated() {
            let id = prefix + "r\(offset)"
            lines.append("\(indent)subgraph \(DiagramText.dotID("cluster_" + id)) {")
            lines.append("\(indent)    label=\(DiagramText.dot(region.name));")
            lines.append("\(indent)    style=dashed;")
            region.tree.dotBody(prefix: id + "/", indent: indent + "    ", undeclared, lines: &lines, edges: &edgeLines, marksInitial: true)
            lines.append("\(indent)}")
        }
    }

    /// The node a level is entered at: its initial marker, or its first region's.
    ///
    /// A level of regions inside a cluster (a child's) is entered at an invisible point above
    /// them, with an invisible edge to each region's marker, so that Graphviz ranks the regions
    /// alike and keeps them in order, side by side; the machine's own regions hang from its
    /// initial marker.
    func entry(prefix: String) -> String {
        if !regions.isEmpty { return prefix.isEmpty ? regions[0].tree.entry(prefix: "r0/") : prefix + "regions" }
        return prefix + "start"
    }

    /// The node an edge from or to `source` attaches to, and the cluster it is clipped at: a
    /// state's node; a child-holding state's initial marker inside its cluster; a superstate's
    /// first state inside its cluster.
    private func endpoint(_ source: Source, prefix: String) -> (node: String, cluster: String?) {
        switch source {
        case .state(let offset):
            let id = prefix + "s\(offset)"
            guard let child = children[offset] else { return (id, nil) }
            return (child.entry(prefix: id + "/"), "cluster_" + id)
        case .superstate(let offset):
            let id = prefix + "@\(offset)"
            guard let first = superstates[offset].members.first else { return (id, "cluster_" + id) }
            return (endpoint(.state(first), prefix: prefix).node, "cluster_" + id)
        }
    }

    /// Whether `target` is drawn inside the cluster of the superstate `offset`: one of its
    /// states, or a history inside it.
    private func leadsInside(_ offset: Int, _ target: Target) -> Bool {
        let members = superstates[offset].members
        switch target {
        case .state(let state): return members.contains(state)
        case .undeclared: return false
        case .history(let name):
            if let superstate = superstates.firstIndex(where: { $0.name == name }) {
                return Set(superstates[superstate].members).isSubset(of: members) && (superstate == offset || parentsChain(superstate).contains(offset))
            }
            return states.indices.contains { states[$0] == name && children[$0] != nil && members.contains($0) }
        }
    }

    /// The superstates around superstate `offset`, innermost first.
    private func parentsChain(_ offset: Int) -> [Int] {
        let parents = self.parents
        var chain: [Int] = []
        var current = parents[offset]
        while let parent = current, !chain.contains(parent) {
            chain.append(parent)
            current = parents[parent]
        }
        return chain
    }

    /// The cluster the history node of `name` goes in, as a path: the superstate's, or the
    /// child-holding state's; nil for this level.
    private func historyCluster(_ name: String, prefix: String) -> String? {
        if let superstate = superstates.firstIndex(where: { $0.name == name }) { return prefix + "@\(superstate)" }
        if let state = states.indices.first(where: { states[$0] == name && children[$0] != nil }) { return prefix + "s\(state)" }
        return nil
    }

    /// The id of the history node of `name`: `H` and its place among this level's history
    /// targets, inside its cluster.
    private func historyNode(_ name: String, prefix: String) -> String {
        let number = historyTargets.firstIndex(of: name) ?? 0
        return (historyCluster(name, prefix: prefix).map { $0 + "/" } ?? prefix) + "H\(number)"
    }

    /// This level's clusters, nodes and edges; with `marksInitial`, a level inside a cluster (a
    /// child or a region), its initial marker: a point with an edge to its initial state.
    func dotBody(
        prefix: String, indent: String, _ undeclaredText: StateMachineTypes.UndeclaredTargetText,
        lines: inout [String], edges edgeLines: inout [String], marksInitial: Bool
    ) {
        if !regions.isEmpty {
            dotRegions(prefix: prefix, indent: indent, undeclaredText, lines: &lines, edges: &edgeLines)
            return
        }
        let histories = historyTargets
        let parents = self.parents, innermost = self.innermost
        var placed: Set<String> = []
        // A superstate's edges leave from a point in its cluster when it has no state, or
        // when they lead inside it: Graphviz cannot clip an edge at a cluster holding its head.
        let anchored = Set(edges.compactMap { edge -> Int? in
            guard case .superstate(let offset) = edge.from else { return nil }
            return superstates[offset].members.isEmpty || leadsInside(offset, edge.to) ? offset : nil
        })

        func history(_ name: String, _ indent: String) {
            guard histories.contains(name), placed.insert(name).inserted else { return }
            lines.append("\(indent)\(DiagramText.dotID(historyNode(name, prefix: prefix))) [shape=circle, label=\"H\"];")
        }
        func state(_ offset: Int, _ indent: String) {
            let id = prefix + "s\(offset)"
            guard let child = children[offset] else {
                lines.append("\(indent)\(DiagramText.dotID(id)) [label=\(DiagramText.dot(states[offset]))\(finals[offset] ? ", shape=doublecircle" : "")];")
                return
            }
            lines.append("\(indent)subgraph \(DiagramText.dotID("cluster_" + id)) {")
            lines.append("\(indent)    label=\(DiagramText.dot(states[offset]));")
            child.dotBody(prefix: id + "/", indent: indent + "    ", undeclaredText, lines: &lines, edges: &edgeLines, marksInitial: true)
            if historyCluster(states[offset], prefix: prefix) == id { history(states[offset], indent + "    ") }
            lines.append("\(indent)}")
        }
        func superstate(_ offset: Int, _ indent: String) {
            let id = prefix + "@\(offset)"
            lines.append("\(indent)subgraph \(DiagramText.dotID("cluster_" + id)) {")
            lines.append("\(indent)    label=\(DiagramText.dot(superstates[offset].name));")
            if anchored.contains(offset) {
                lines.append("\(indent)    \(DiagramText.dotID(id)) [shape=point, style=invis];")
            }
            for inner in superstates.indices where parents[inner] == offset { superstate(inner, indent + "    ") }
            for member in states.indices where innermost[member] == offset { state(member, indent + "    ") }
            if historyCluster(superstates[offset].name, prefix: prefix) == id { history(superstates[offset].name, indent + "    ") }
            lines.append("\(indent)}")
        }

        if marksInitial && !states.isEmpty {
            let marker = prefix + "start"
            lines.append("\(indent)\(DiagramText.dotID(marker)) [shape=point, label=\"\"];")
            let (head, cluster) = endpoint(.state(0), prefix: prefix)
            edgeLines.append("    \(DiagramText.dotID(marker)) -> \(DiagramText.dotID(head))\(cluster.map { " [lhead=\(DiagramText.dotID($0))]" } ?? "");")
        }
        for offset in superstates.indices where parents[offset] == nil { superstate(offset, indent) }
        for offset in states.indices where innermost[offset] == nil { state(offset, indent) }
        for name in histories { history(name, indent) }
        let undeclared = prefix + "undeclared"
        if edges.contains(where: { $0.to == .undeclared }) {
            lines.append("\(indent)\(DotStyle.undeclaredNode(undeclared, undeclaredText))")
        }
        var drawn: [(tail: String, head: String, label: String, attributes: [String])] = []
        for edge in edges {
            var (tail, ltail) = endpoint(edge.from, prefix: prefix)
            if case .superstate(let offset) = edge.from, anchored.contains(offset) {
                tail = prefix + "@\(offset)"
                if leadsInside(offset, edge.to) { ltail = nil }
            }
            var attributes: [String] = []
            let head: String
            switch edge.to {
            case .state(let offset):
                let (node, lhead) = endpoint(.state(offset), prefix: prefix)
                head = node
                if let lhead, lhead != ltail { attributes.append("lhead=\(DiagramText.dotID(lhead))") }
            case .undeclared:
                head = undeclared
                attributes.append("style=dashed")
            case .history(let name):
                head = historyNode(name, prefix: prefix)
            }
            if let ltail, edge.to != edge.from.asTarget { attributes.insert("ltail=\(DiagramText.dotID(ltail))", at: 0) }
            drawn.append((tail, head, edge.label, attributes))
        }
        for (edge, label) in DotStyle.mergingSelfLoops(drawn, tail: \.tail, head: \.head, label: \.label) {
            let attributes = ["label=\(label)"] + edge.attributes
            edgeLines.append("    \(DiagramText.dotID(edge.tail)) -> \(DiagramText.dotID(edge.head)) [\(attributes.joined(separator: ", "))];")
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
