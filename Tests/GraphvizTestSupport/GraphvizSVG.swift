import Foundation

/// Graphviz's `dot -Tsvg` output, read back: what a reader of the picture sees, cluster by
/// cluster, node by node, edge by edge, and where each text is.
public struct GraphvizSVG {

    /// One drawn group: a cluster, a node or an edge.
    public struct Element: Equatable {
        /// The cluster's, node's or edge's name in the DOT source (`cluster_r0`, `r0/s1`,
        /// `s0->s1`).
        public let title: String
        /// The texts written in it, in order: a label (a line each), or none for a point.
        public let texts: [String]
        /// Whether its border or line is dashed (`stroke-dasharray`).
        public let isDashed: Bool
        /// Whether it is drawn as a filled dot: an initial marker (`shape=point`).
        public let isPoint: Bool
        /// From its leftmost to its rightmost point, of its first polygon (a cluster's border).
        public var left = 0.0, right = 0.0
    }

    /// Where a label is drawn: the box around its lines, in SVG coordinates (y grows down).
    public struct Label: Equatable {
        /// The title of the group it belongs to (`graph` for the diagram's own label).
        public let owner: String
        /// Its lines, in order.
        public var lines: [String]
        public var minX, maxX, minY, maxY: Double

        /// Whether the two boxes share some area.
        public func overlaps(_ other: Label) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    /// An edge as a reader sees it: the labels of its tail and head nodes (their ids for nodes
    /// without a label, such as an initial marker), and its label's lines.
    public struct Edge: Hashable, CustomStringConvertible {
        public let tail: String
        public let head: String
        public let texts: [String]

        public init(_ tail: String, _ head: String, _ texts: [String]) {
            self.tail = tail
            self.head = head
            self.texts = texts
        }

        public var description: String { "\(tail) -> \(head): \(texts.joined(separator: " | "))" }
    }

    public var clusters: [Element] = []
    public var nodes: [Element] = []
    public var edges: [Element] = []
    /// Every label, with the box Graphviz drew it in.
    public var labels: [Label] = []

    /// Every text of the picture, in order.
    public var texts: [String] { (clusters + nodes + edges).flatMap(\.texts) }

    /// The edges between labelled nodes, as a reader names them; edges from a point (an
    /// initial marker) or to one are named by the point's id.
    public var labelledEdges: [Edge] {
        var names: [String: String] = [:]
        for node in nodes { names[node.title] = node.texts.isEmpty ? node.title : node.texts.joined(separator: "\n") }
        return edges.compactMap { edge in
            let ends = edge.title.components(separatedBy: "->")
            guard ends.count == 2 else { return nil }
            return Edge(names[ends[0]] ?? ends[0], names[ends[1]] ?? ends[1], edge.texts)
        }
    }

    /// The pairs of labels of different groups whose boxes overlap, each as `a || b`.
    public var overlappingLabels: [String] {
        var found: [String] = []
        for (offset, label) in labels.enumerated() {
            for other in labels[(offset + 1)...] where label.overlaps(other) {
                found.append(label.lines.joined(separator: " / ") + " || " + other.lines.joined(separator: " / "))
            }
        }
        return found
    }

    /// Runs `dot -Tsvg` on `source` and reads the picture; the width of each text is the one
    /// Graphviz measured, from `dot -Tjson` of the same source (the SVG gives only where a text
    /// starts or is centred).
    ///
    /// - Throws: ``DotFailure`` when `dot` fails or warns, or when a text of the SVG is not
    ///   where `-Tjson` says it is.
    public init(_ source: String) throws {
        let svg = try runDot(format: "svg", on: source)
        guard svg.errors.isEmpty else { throw DotFailure(description: "dot -Tsvg warned: \(svg.errors)") }
        let json = try runDot(format: "json", on: source)
        let widths = try Self.textWidths(json.output)
        try self.init(svg: String(decoding: svg.output, as: UTF8.self), widths: widths)
    }

    /// Reads the groups `<g id="…" class="cluster|node|edge">…</g>` Graphviz writes, and the
    /// texts in them; `widths` gives each text's width by its text and position.
    init(svg: String, widths: [String: [Measured]]) throws {
        var kind: String?
        var title = "", texts: [String] = [], isDashed = false, isPoint = false, xs: [Double] = []
        var label: Label?
        func close() {
            if let finished = label { labels.append(finished) }
            label = nil
        }
        for line in svg.split(separator: "\n").map(String.init) {
            if let found = ["cluster", "node", "edge"].first(where: { line.hasPrefix("<g id=") && line.contains("class=\"\($0)\"") }) {
                close()
                kind = found
                (title, texts, isDashed, isPoint, xs) = ("", [], false, false, [])
            } else if kind != nil, line == "</g>" {
                close()
                let element = Element(
                    title: title, texts: texts, isDashed: isDashed, isPoint: isPoint, left: xs.min() ?? 0, right: xs.max() ?? 0
                )
                switch kind {
                case "cluster": clusters.append(element)
                case "node": nodes.append(element)
                default: edges.append(element)
                }
                kind = nil
            } else {
                if kind != nil, let text = Self.content(of: "title", in: line) { title = text }
                if let drawn = Self.content(of: "text", in: line) {
                    // A loop's label ends with spaces, for room: they are not part of what it says.
                    let text = String(drawn.reversed().drop { $0 == " " }.reversed())
                    if kind != nil { texts.append(text) }
                    let box = try Self.box(of: drawn, line: line, widths: widths)
                    let owner = kind == nil ? "graph" : title
                    if var current = label, current.owner == owner {
                        current.lines.append(text)
                        (current.minX, current.maxX) = (min(current.minX, box.minX), max(current.maxX, box.maxX))
                        (current.minY, current.maxY) = (min(current.minY, box.minY), max(current.maxY, box.maxY))
                        label = current
                    } else {
                        close()
                        label = Label(owner: owner, lines: [text], minX: box.minX, maxX: box.maxX, minY: box.minY, maxY: box.maxY)
                    }
                }
                guard kind != nil else { continue }
                if line.contains("stroke-dasharray") { isDashed = true }
                if line.hasPrefix("<ellipse fill=\"black\"") { isPoint = true }
                if line.hasPrefix("<polygon"), xs.isEmpty, let points = line.split(separator: "points=\"").last?.split(separator: "\"").first {
                    xs = points.split(separator: " ").compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
                }
            }
        }
        close()
    }

    /// Where Graphviz drew a text, in SVG coordinates, and how wide it measured it.
    struct Measured {
        let x: Double
        let y: Double
        let width: Double
    }

    /// The width Graphviz measured for each text of a `-Tjson` layout (`T` drawing operations),
    /// by text, with its anchor point in SVG coordinates (y turned down).
    static func textWidths(_ json: Data) throws -> [String: [Measured]] {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw DotFailure(description: "dot -Tjson gave no object")
        }
        var widths: [String: [Measured]] = [:]
        func read(_ object: [String: Any]) {
            for key in ["_ldraw_", "_hldraw_", "_tldraw_"] {
                for operation in object[key] as? [[String: Any]] ?? [] where operation["op"] as? String == "T" {
                    guard let point = operation["pt"] as? [Double], point.count == 2, let text = operation["text"] as? String,
                          let width = operation["width"] as? Double else { continue }
                    widths[text, default: []].append(Measured(x: point[0], y: -point[1], width: width))
                }
            }
        }
        read(root)
        for object in (root["objects"] as? [[String: Any]] ?? []) + (root["edges"] as? [[String: Any]] ?? []) { read(object) }
        return widths
    }

    /// The box of a `<text>` line: from its anchor (`start`, `middle`, `end`) and the width
    /// Graphviz measured, as high as its font's ascent (three quarters of its size) above the
    /// baseline and its descent (a quarter) below.
    private static func box(of text: String, line: String, widths: [String: [Measured]]) throws -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        guard let x = attribute("x", in: line).flatMap(Double.init), let y = attribute("y", in: line).flatMap(Double.init),
              let size = attribute("font-size", in: line).flatMap(Double.init) else {
            throw DotFailure(description: "an SVG text without x, y or font-size: \(line)")
        }
        // The SVG rounds coordinates to tenths, the JSON to hundredths.
        guard let width = widths[text]?.first(where: { abs($0.x - x) < 0.2 && abs($0.y - y) < 0.2 })?.width else {
            throw DotFailure(description: "dot -Tjson drew no text \"\(text)\" at \(x), \(y), where the SVG has it")
        }
        let left = switch attribute("text-anchor", in: line) {
        case "start": x
        case "end": x - width
        default: x - width / 2
        }
        return (left, left + width, y - size * 0.75, y + size * 0.25)
    }

    /// The value of `name="…"` on `line`.
    private static func attribute(_ name: String, in line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        return line[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    /// The text between `<tag …>` and `</tag>` on `line`, its XML entities decoded.
    private static func content(of tag: String, in line: String) -> String? {
        guard line.hasPrefix("<\(tag)"), line.hasSuffix("</\(tag)>"), let open = line.firstIndex(of: ">") else { return nil }
        let text = line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -(tag.count + 3))]
        return decodingEntities(String(text))
    }

    /// `text` with its XML entities decoded: `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&amp;` and
    /// numeric ones (`&#39;`, `&#x27;`), a non-breaking space as a space.
    static func decodingEntities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            let named: [Substring: String] = ["lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&"]
            var decoded = named[name]
            if decoded == nil, name.hasPrefix("#") {
                let number = name.dropFirst()
                let value = number.hasPrefix("x") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
                decoded = value.flatMap(Unicode.Scalar.init).map { $0 == "\u{A0}" ? " " : String($0) }
            }
            result += decoded ?? String(rest[ampersand...semicolon])
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
