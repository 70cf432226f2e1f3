/// Mermaid `stateDiagram-v2` for composite definitions: superstates and child machines as
/// composite states (`state functioning { … }`), regions as concurrent parts (`--`), history
/// targets as a node `H` inside the superstate or child-holding state. Ids are made from the
/// names, unique over the diagram; each node is keyed by its path of indices, so that two
/// states that print alike are two nodes.
extension DiagramTree {

    /// The ids of every node, made unique over the whole diagram (Mermaid's ids are global).
    struct MermaidIds {
        private var taken: Set<String> = []
        private var ids: [String: String] = [:]
        private static let keywords: Set<String> = [
            "state", "note", "direction", "class", "classDef", "style", "end", "as", "stateDiagram", "accTitle", "accDescr", "click",
        ]

        /// The id of the node `key`, based on `base` made an identifier (at most
        /// ``DiagramText/maximumLength`` characters of it).
        mutating func id(_ key: String, _ base: String) -> String {
            if let id = ids[key] { return id }
            var id = ""
            for character in base.unicodeScalars.prefix(DiagramText.maximumLength) {
                let isWord = ("a"..."z").contains(character) || ("A"..."Z").contains(character)
                    || ("0"..."9").contains(character) || character == "_"
                id.unicodeScalars.append(isWord ? character : "_")
            }
            if id.isEmpty || !id.unicodeScalars.first!.properties.isAlphabetic { id = "s_" + id }
            while taken.contains(id) || Self.keywords.contains(id) { id += "_" }
            taken.insert(id)
            ids[key] = id
            return id
        }
    }

    func mermaid(_ undeclaredText: StateMachineTypes.UndeclaredTargetText) -> String {
        var ids = MermaidIds()
        var lines = ["stateDiagram-v2"]
        var undeclared: [String] = []
        if regions.isEmpty {
            mermaidBody(key: "", names: "", indent: "    ", undeclaredText, ids: &ids, lines: &lines, undeclared: &undeclared)
        } else {
            let product = ids.id("product", "product")
            lines.append("    state \"\(DiagramText.mermaidLabel(productName))\" as \(product)")
            lines.append("    [*] --> \(product)")
            lines.append("    state \(product) {")
            mermaidRegions(key: "", names: "", indent: "        ", undeclaredText, ids: &ids, lines: &lines, undeclared: &undeclared)
            lines.append("    }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The regions of this level as concurrent parts (`--`), each with its initial state.
    private func mermaidRegions(
        key: String, names: String, indent: String, _ undeclaredText: StateMachineTypes.UndeclaredTargetText,
        ids: inout MermaidIds, lines: inout [String], undeclared: inout [String]
    ) {
        for (offset, region) in regions.enumerated() {
            if offset > 0 { lines.append("\(indent)--") }
            let id = ids.id(key + "r\(offset)", names + region.name)
            if id != region.name { lines.append("\(indent)state \"\(DiagramText.mermaidLabel(region.name))\" as \(id)") }
            lines.append("\(indent)state \(id) {")
            region.tree.mermaidBody(
                key: key + "r\(offset)/", names: names + region.name + "/", indent: indent + "    ", undeclaredText,
                ids: &ids, lines: &lines, undeclared: &undeclared
            )
            lines.append("\(indent)}")
        }
    }

    /// This level's nodes and edges; the ids of its nodes are keyed by `key`, its path of
    /// indices, and made from `names`, its path of names. Every level draws its initial
    /// state's `[*] -->`. The ids of undeclared nodes are added to `undeclared`; the first has
    /// the legend beside it.
    func mermaidBody(
        key: String, names: String, indent: String, _ undeclaredText: StateMachineTypes.UndeclaredTargetText,
        ids: inout MermaidIds, lines: inout [String], undeclared: inout [String]
    ) {
        if !regions.isEmpty {
            mermaidRegions(key: key, names: names, indent: indent, undeclaredText, ids: &ids, lines: &lines, undeclared: &undeclared)
            return
        }
        let stateIds = states.indices.map { ids.id(key + "s\($0)", names + states[$0]) }
        let superstateIds = superstates.indices.map { ids.id(key + "@\($0)", names + superstates[$0].name) }
        let histories = historyTargets
        let historyIds = histories.indices.map { ids.id(key + "H\($0)", names + histories[$0] + "_H") }
        let parents = self.parents, innermost = self.innermost
        var placed: Set<String> = []

        func declare(_ id: String, _ label: String, _ indent: String) {
            lines.append(id == label ? "\(indent)\(id)" : "\(indent)state \"\(DiagramText.mermaidLabel(label))\" as \(id)")
        }
        func history(_ name: String, _ indent: String) {
            guard let offset = histories.firstIndex(of: name), placed.insert(name).inserted else { return }
            lines.append("\(indent)state \"H\" as \(historyIds[offset])")
        }
        func state(_ offset: Int, _ indent: String) {
            let id = stateIds[offset]
            guard let child = children[offset] else { return declare(id, states[offset], indent) }
            if id != states[offset] { declare(id, states[offset], indent) }
            lines.append("\(indent)state \(id) {")
            child.mermaidBody(
                key: key + "s\(offset)/", names: names + states[offset] + "/", indent: indent + "    ", undeclaredText,
                ids: &ids, lines: &lines, undeclared: &undeclared
            )
            if !superstates.contains(where: { $0.name == states[offset] }) { history(states[offset], indent + "    ") }
            lines.append("\(indent)}")
        }
        func superstate(_ offset: Int, _ indent: String) {
            let id = superstateIds[offset]
            if id != superstates[offset].name { declare(id, superstates[offset].name, indent) }
            lines.append("\(indent)state \(id) {")
            for inner in superstates.indices where parents[inner] == offset { superstate(inner, indent + "    ") }
            for member in states.indices where innermost[member] == offset { state(member, indent + "    ") }
            history(superstates[offset].name, indent + "    ")
            lines.append("\(indent)}")
        }

        for offset in superstates.indices where parents[offset] == nil { superstate(offset, indent) }
        for offset in states.indices where innermost[offset] == nil { state(offset, indent) }
        for name in histories { history(name, indent) }
        let undeclaredId = ids.id(key + "?", names + "undeclared")
        if edges.contains(where: { $0.to == .undeclared }) {
            lines.append("\(indent)state \"\(DiagramText.mermaidLabel(undeclaredText.node))\" as \(undeclaredId)")
            // The legend once, as a note beside the first undeclared node, in its block.
            if undeclared.isEmpty { lines.append("\(indent)note right of \(undeclaredId) : \(DiagramText.mermaid(undeclaredText.legend))") }
            undeclared.append(undeclaredId)
        }
        if !states.isEmpty { lines.append("\(indent)[*] --> \(stateIds[0])") }
        for edge in edges {
            let from = switch edge.from {
            case .state(let offset): stateIds[offset]
            case .superstate(let offset): superstateIds[offset]
            }
            let to = switch edge.to {
            case .state(let offset): stateIds[offset]
            case .undeclared: undeclaredId
            case .history(let name): historyIds[histories.firstIndex(of: name)!]
            }
            lines.append("\(indent)\(from) --> \(to): \(DiagramText.mermaid(edge.label))")
        }
        for offset in states.indices where finals[offset] { lines.append("\(indent)\(stateIds[offset]) --> [*]") }
    }
}
