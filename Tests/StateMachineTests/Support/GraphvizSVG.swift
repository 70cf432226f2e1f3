import Foundation

/// Graphviz's `dot -Tsvg` output, read back: what a reader of the picture sees, cluster by
/// cluster, node by node, edge by edge.
struct GraphvizSVG {

    /// One drawn group: a cluster, a node or an edge.
    struct Element: Equatable {
        /// The cluster's, node's or edge's name in the DOT source (`cluster_main keypad`,
        /// `main keypad/capsLockOff`, `a->b`).
        let title: String
        /// The texts written in it, in order: a label, or none for a point.
        let texts: [String]
        /// Whether its border or line is dashed (`stroke-dasharray`).
        let isDashed: Bool
        /// Whether it is drawn as a filled dot: an initial marker (`shape=point`).
        let isPoint: Bool
        /// From its leftmost to its rightmost point, of its first polygon (a cluster's border).
        var left = 0.0, right = 0.0
    }

    var clusters: [Element] = []
    var nodes: [Element] = []
    var edges: [Element] = []

    /// Every text of the picture, in order.
    var texts: [String] { (clusters + nodes + edges).flatMap(\.texts) }

    /// Runs `dot -Tsvg` on `source` and reads the picture.
    init(_ source: String) throws {
        let dot = try runDot(format: "svg", on: source)
        guard dot.errors.isEmpty else { throw DotFailure(description: "dot -Tsvg warned: \(dot.errors)") }
        self.init(svg: String(decoding: dot.output, as: UTF8.self))
    }

    /// Reads the groups `<g id="…" class="cluster|node|edge">…</g>` Graphviz writes.
    init(svg: String) {
        var kind: String?
        var title = "", texts: [String] = [], isDashed = false, isPoint = false, xs: [Double] = []
        for line in svg.split(separator: "\n").map(String.init) {
            if let found = ["cluster", "node", "edge"].first(where: { line.hasPrefix("<g id=") && line.contains("class=\"\($0)\"") }) {
                kind = found
                (title, texts, isDashed, isPoint, xs) = ("", [], false, false, [])
            } else if kind != nil, line == "</g>" {
                let element = Element(
                    title: title, texts: texts, isDashed: isDashed, isPoint: isPoint, left: xs.min() ?? 0, right: xs.max() ?? 0
                )
                switch kind {
                case "cluster": clusters.append(element)
                case "node": nodes.append(element)
                default: edges.append(element)
                }
                kind = nil
            } else if kind != nil {
                if let text = Self.content(of: "title", in: line) { title = text }
                if let text = Self.content(of: "text", in: line) { texts.append(text) }
                if line.contains("stroke-dasharray") { isDashed = true }
                if line.hasPrefix("<ellipse fill=\"black\"") { isPoint = true }
                if line.hasPrefix("<polygon"), xs.isEmpty, let points = line.split(separator: "points=\"").last?.split(separator: "\"").first {
                    xs = points.split(separator: " ").compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
                }
            }
        }
    }

    /// The text between `<tag …>` and `</tag>` on `line`, its XML entities decoded.
    private static func content(of tag: String, in line: String) -> String? {
        guard line.hasPrefix("<\(tag)"), line.hasSuffix("</\(tag)>"), let open = line.firstIndex(of: ">") else { return nil }
        let text = line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -(tag.count + 3))]
        return [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#45;", "-"), ("&#160;", " "), ("&amp;", "&")]
            .reduce(String(text)) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
