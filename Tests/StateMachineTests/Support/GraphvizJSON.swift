import Foundation
import GraphvizTestSupport

/// Graphviz's `dot -Tjson` output, parsed: the clusters, nodes and edges as Graphviz laid them
/// out (`-Tplain` has no clusters).
enum GraphvizJSON {

    struct Cluster: Hashable {
        let name: String
        let label: String
        /// The names of the nodes inside it, nested clusters' included.
        let nodes: Set<String>
        /// How its border is drawn: `dashed` for a region.
        var style: String? = nil
    }

    struct Node: Hashable {
        let name: String
        let label: String
        let shape: String?
        /// `invis` for a point that only places other nodes.
        var style: String? = nil
    }

    struct Edge: Hashable {
        let tail: String
        let head: String
        let label: String?
        let style: String?
        let ltail: String?
        let lhead: String?
    }

    struct Layout {
        var clusters: Set<Cluster> = []
        var nodes: Set<Node> = []
        var edges: [Edge] = []
        /// Where Graphviz put each node's centre, in points (y grows upwards).
        var positions: [String: Point] = [:]

        /// The label of the node named `name`.
        func label(of name: String) -> String? {
            nodes.first { $0.name == name }?.label
        }

        /// The label of the cluster named `name`.
        func clusterLabel(of name: String?) -> String? {
            clusters.first { $0.name == name }?.label
        }
    }

    struct Point {
        let x: Double
        let y: Double
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `dot -Tjson` on `source` (Graphviz is installed by `scripts/install-dependencies`).
    static func layout(_ source: String) throws -> Layout {
        let dot = try runDot(format: "json", on: source)
        guard dot.errors.isEmpty else {
            throw Failure(description: "dot -Tjson warned: \(dot.errors)")
        }
        let data = dot.output
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let objects = root["objects"] as? [[String: Any]] else {
            throw Failure(description: "dot -Tjson gave no objects")
        }
        var layout = Layout()
        let names = objects.map { $0["name"] as? String ?? "" }
        for object in objects {
            let name = object["name"] as? String ?? ""
            if let members = object["nodes"] as? [Int] {
                layout.clusters.insert(Cluster(
                    name: name, label: object["label"] as? String ?? "", nodes: Set(members.map { names[$0] }), style: object["style"] as? String
                ))
            } else {
                let label = object["label"] as? String ?? ""
                layout.nodes.insert(Node(
                    name: name, label: label == "\\N" ? name : label, shape: object["shape"] as? String,
                    style: object["style"] as? String == "invis" ? "invis" : nil
                ))
                let position = (object["pos"] as? String ?? "").split(separator: ",").compactMap { Double($0) }
                if position.count == 2 { layout.positions[name] = Point(x: position[0], y: position[1]) }
            }
        }
        for edge in root["edges"] as? [[String: Any]] ?? [] {
            layout.edges.append(Edge(
                tail: names[edge["tail"] as! Int], head: names[edge["head"] as! Int],
                label: (edge["label"] as? String).flatMap { $0.isEmpty ? nil : $0 }, style: edge["style"] as? String,
                ltail: edge["ltail"] as? String, lhead: edge["lhead"] as? String
            ))
        }
        return layout
    }
}
