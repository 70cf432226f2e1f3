import Foundation
import GraphvizTestSupport
import StateMachine
import Testing

/// The DocC articles' diagrams are the ones their examples draw, and drawn by Graphviz they
/// say what the definitions say, with no label over another. The expected edges are written by
/// hand from the definitions.
@Suite struct DocCPictureTests {

    /// The Mermaid block under `### Diagrams` in the article `name`.
    static func mermaidBlock(inArticle name: String) throws -> String {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/StateMachine/Documentation.docc/\(name).md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let section = try #require(text.range(of: "### Diagrams"))
        let start = try #require(text.range(of: "```mermaid\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func declaredTargetsShowsTheVendingMachinesDiagram() throws {
        #expect(try Self.mermaidBlock(inArticle: "DeclaredTargets") == Vending.definition.diagram(format: .mermaid))
    }

    @Test func theVendingMachineDrawnByGraphviz() throws {
        let picture = try GraphvizSVG(Vending.definition.diagram(format: .dot))
        #expect(Set(picture.labelledEdges) == [
            .init("start", "idle", []),
            .init("idle", "paying", ["coin"]),
            .init("idle", "retired", ["retire"]),
            .init("paying", "paying", ["coin [value > 0]", "select"]),
            .init("paying", "serving", ["coin [value > 0]"]),
            .init("paying", "idle", ["refund / giveChange"]),
            .init("serving", "? (no to:)", ["served"]),
        ])
        #expect(picture.edges.count == 7)
        #expect(picture.overlappingLabels == [])
    }

    @Test func composingMachinesShowsTheHierarchicalTurnstilesDiagram() throws {
        #expect(try Self.mermaidBlock(inArticle: "ComposingMachines") == ChildReachabilityTests.DeclaredTurnstile.definition.diagram(format: .mermaid))
    }

    @Test func theHierarchicalTurnstileDrawnByGraphviz() throws {
        let picture = try GraphvizSVG(ChildReachabilityTests.DeclaredTurnstile.definition.diagram(format: .dot))
        #expect(picture.clusters.map(\.texts) == [["functioning"]])
        // Edges from and to the child-holding state leave from and go to its initial marker,
        // clipped at its cluster.
        #expect(Set(picture.labelledEdges) == [
            .init("start", "s0/start", []),
            .init("s0/start", "locked", []),
            .init("locked", "locked", ["insertCoin", "admitPerson"]),
            .init("locked", "unlocked", ["insertCoin"]),
            .init("unlocked", "locked", ["admitPerson"]),
            .init("s0/start", "broken", ["machineDidFail"]),
            .init("broken", "H", ["machineRepairDidComplete"]),
        ])
        #expect(picture.overlappingLabels == [])
    }
}
