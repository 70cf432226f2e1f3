import Foundation
import GraphvizTestSupport
import StateMachine
import Testing

/// `definition.diagram(format:)` draws the declared targets; the expected texts are written by
/// hand from the definitions in `Support/DeclaredMachines.swift`.
@Suite struct DiagramTests {

    static let matterMermaid = """
        stateDiagram-v2
            [*] --> solid
            solid --> liquid: melt
            liquid --> solid: freeze
            liquid --> gas: vaporize
            gas --> liquid: condense

        """

    static let matterDot = """
        digraph {
            nodesep=0.5;
            start [shape=point, label=""];
            s0 [label="solid"];
            s1 [label="liquid"];
            s2 [label="gas"];
            start -> s0;
            s0 -> s1 [label="melt"];
            s1 -> s0 [label="freeze"];
            s1 -> s2 [label="vaporize"];
            s2 -> s1 [label="condense"];
        }

        """

    /// The legend line of a diagram whose handlers declare no targets.
    static let legend = "? (no to:): a handler without to: may lead to any state. Declare the states it leads to: on(.event, to: .state)"

    @Test static func matterAsMermaid() {
        #expect(DeclaredMatter.definition.diagram(format: .mermaid) == matterMermaid)
    }

    @Test static func matterAsDot() {
        #expect(DeclaredMatter.definition.diagram(format: .dot) == matterDot)
    }

    @Test static func guardsSideEffectsUndeclaredHandlersAndFinalStatesAsMermaid() {
        #expect(Vending.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "? (no to:)" as undeclared
                note right of undeclared : \(legend)
                [*] --> idle
                idle --> paying: coin
                idle --> retired: retire
                paying --> paying: coin [value #gt; 0]
                paying --> serving: coin [value #gt; 0]
                paying --> paying: select
                paying --> idle: refund / giveChange
                serving --> undeclared: served
                retired --> [*]

            """)
    }

    @Test static func guardsSideEffectsUndeclaredHandlersAndFinalStatesAsDot() {
        // The two self-loops of paying are one loop, a left-justified line each.
        #expect(Vending.definition.diagram(format: .dot) == """
            digraph {
                nodesep=0.5;
                start [shape=point, label=""];
                s0 [label="idle"];
                s1 [label="paying"];
                s2 [label="serving"];
                s3 [label="retired", shape=doublecircle];
                "undeclared" [label="? (no to:)", shape=box, style="dashed,rounded"];
                start -> s0;
                s0 -> s1 [label="coin"];
                s0 -> s3 [label="retire"];
                s1 -> s1 [label="coin [value > 0]    \\lselect    \\l"];
                s1 -> s2 [label="coin [value > 0]"];
                s1 -> s0 [label="refund / giveChange"];
                s2 -> undeclared [label="served", style=dashed];
                label="\(legend)";
                labelloc=b;
                labeljust=l;
            }

            """)
    }

    @Test static func namesThatAreNotIdentifiersAreAliasedInMermaid() {
        #expect(Named.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "on hold" as state1
                state "end" as state2
                state "__start" as state3
                state "say #quot;hi#quot;" as state4
                [*] --> state1
                state1 --> state2: go#59; now
                state1 --> state3: go#59; now

            """)
    }

    @Test static func namesAreQuotedInDotAndPseudoNodesDoNotCollide() {
        // Node ids are the cases' indices: no name, `start` included, can be taken for another.
        #expect(Named.definition.diagram(format: .dot) == """
            digraph {
                nodesep=0.5;
                start [shape=point, label=""];
                s0 [label="on hold"];
                s1 [label="end"];
                s2 [label="__start"];
                s3 [label="say \\"hi\\""];
                start -> s0;
                s0 -> s1 [label="go; now"];
                s0 -> s2 [label="go; now"];
            }

            """)
    }

    // MARK: - Rendered by Graphviz

    @Test static func graphvizDrawsTheMatterMachine() throws {
        let layout = try Graphviz.layout(matterDot)
        #expect(layout.nodes == [
            .init(name: "start", label: "", shape: "point"),
            .init(name: "s0", label: "solid", shape: "ellipse"),
            .init(name: "s1", label: "liquid", shape: "ellipse"),
            .init(name: "s2", label: "gas", shape: "ellipse"),
        ])
        #expect(layout.edges.count == 5)
        #expect(Set(layout.edges) == [
            .init(tail: "start", head: "s0", label: nil, style: "solid"),
            .init(tail: "s0", head: "s1", label: "melt", style: "solid"),
            .init(tail: "s1", head: "s0", label: "freeze", style: "solid"),
            .init(tail: "s1", head: "s2", label: "vaporize", style: "solid"),
            .init(tail: "s2", head: "s1", label: "condense", style: "solid"),
        ])
    }

    @Test static func graphvizDrawsFinalStatesAndUndeclaredHandlers() throws {
        let layout = try Graphviz.layout(Vending.definition.diagram(format: .dot))
        #expect(layout.nodes == [
            .init(name: "start", label: "", shape: "point"),
            .init(name: "s0", label: "idle", shape: "ellipse"),
            .init(name: "s1", label: "paying", shape: "ellipse"),
            .init(name: "s2", label: "serving", shape: "ellipse"),
            .init(name: "s3", label: "retired", shape: "doublecircle"),
            .init(name: "undeclared", label: "? (no to:)", shape: "box"),
        ])
        #expect(Set(layout.edges.filter { $0.tail != "s0" }) == [
            .init(tail: "start", head: "s0", label: nil, style: "solid"),
            .init(tail: "s1", head: "s1", label: "coin [value > 0]    \\lselect    \\l", style: "solid"),
            .init(tail: "s1", head: "s2", label: "coin [value > 0]", style: "solid"),
            .init(tail: "s1", head: "s0", label: "refund / giveChange", style: "solid"),
            .init(tail: "s2", head: "undeclared", label: "served", style: "dashed"),
        ])
        #expect(layout.edges.count == 7)
    }

    @Test static func graphvizKeepsEscapedNamesApart() throws {
        let layout = try Graphviz.layout(Named.definition.diagram(format: .dot))
        #expect(layout.nodes.map(\.label) == ["", "on hold", "end", "__start", "say \"hi\""])
        #expect(Set(layout.edges) == [
            .init(tail: "start", head: "s0", label: nil, style: "solid"),
            .init(tail: "s0", head: "s1", label: "go; now", style: "solid"),
            .init(tail: "s0", head: "s2", label: "go; now", style: "solid"),
        ])
    }
}

/// A machine whose state and event names are not identifiers, or are words Mermaid and DOT
/// use themselves.
private enum Named: StateMachineBuilder {

    struct Name: StateMachineHashable, ExpressibleByStringLiteral {
        let text: String
        init(stringLiteral text: String) { self.text = text }
        var hashableIdentifier: String { text }
    }

    typealias State = Name
    typealias Event = Name
    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState("on hold")
        state("on hold") {
            on("go; now", to: "end", "__start") { dontTransition() }
        }
        state("end") {}
        state("__start") {}
        state("say \"hi\"") {}
    }
}

/// Graphviz's `dot -Tplain` output, parsed: the nodes and edges as Graphviz laid them out.
enum Graphviz {

    struct Node: Equatable {
        let name: String
        let label: String
        let shape: String
    }

    struct Edge: Hashable {
        let tail: String
        let head: String
        let label: String?
        let style: String
    }

    struct Layout {
        var nodes: [Node] = []
        var edges: [Edge] = []
    }

    /// Runs `dot -Tplain` on `source` (Graphviz is installed by `scripts/install-dependencies`).
    static func layout(_ source: String) throws -> Layout {
        let text = String(decoding: try runDot(format: "plain", on: source).output, as: UTF8.self)
        var layout = Layout()
        for line in text.split(separator: "\n") {
            let fields = tokens(String(line))
            switch fields.first {
            case "node":
                // node name x y width height label style shape color fillcolor
                layout.nodes.append(Node(name: fields[1], label: fields[6], shape: fields[8]))
            case "edge":
                // edge tail head n x1 y1 … xn yn [label xl yl] style color
                let points = Int(fields[3])!
                let rest = fields[(4 + 2 * points)...]
                layout.edges.append(Edge(
                    tail: fields[1], head: fields[2],
                    label: rest.count == 5 ? rest[rest.startIndex] : nil, style: rest[rest.endIndex - 2]
                ))
            default:
                continue
            }
        }
        return layout
    }

    /// The fields of a `-Tplain` line: words, or double-quoted strings with `\"` escapes.
    private static func tokens(_ line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var inToken = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\\", let next = iterator.next() {
                    // `\"` is a quote; other escapes, such as the line break `\l`, stay.
                    if next != "\"" { current.append(character) }
                    current.append(next)
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == " " {
                if inToken { tokens.append(current) }
                current = ""
                inToken = false
            } else if character == "\"" {
                quoted = true
                inToken = true
            } else {
                current.append(character)
                inToken = true
            }
        }
        if inToken { tokens.append(current) }
        return tokens
    }
}
