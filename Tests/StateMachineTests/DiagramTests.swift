import Foundation
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
            rankdir=LR;
            __start [shape=point, label=""];
            "solid";
            "liquid";
            "gas";
            __start -> "solid";
            "solid" -> "liquid" [label="melt"];
            "liquid" -> "solid" [label="freeze"];
            "liquid" -> "gas" [label="vaporize"];
            "gas" -> "liquid" [label="condense"];
        }

        """

    @Test static func matterAsMermaid() {
        #expect(DeclaredMatter.definition.diagram(format: .mermaid) == matterMermaid)
    }

    @Test static func matterAsDot() {
        #expect(DeclaredMatter.definition.diagram(format: .dot) == matterDot)
    }

    @Test static func guardsUndeclaredHandlersAndFinalStatesAsMermaid() {
        #expect(Vending.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "?" as undeclared
                [*] --> idle
                idle --> paying: coin
                idle --> retired: retire
                paying --> paying: coin [guard]
                paying --> serving: coin [guard]
                paying --> paying: select
                paying --> undeclared: refund
                serving --> idle: served
                retired --> [*]

            """)
    }

    @Test static func guardsUndeclaredHandlersAndFinalStatesAsDot() {
        #expect(Vending.definition.diagram(format: .dot) == """
            digraph {
                rankdir=LR;
                __start [shape=point, label=""];
                "idle";
                "paying";
                "serving";
                "retired" [shape=doublecircle];
                __undeclared [shape=plaintext, label="?"];
                __start -> "idle";
                "idle" -> "paying" [label="coin"];
                "idle" -> "retired" [label="retire"];
                "paying" -> "paying" [label="coin [guard]"];
                "paying" -> "serving" [label="coin [guard]"];
                "paying" -> "paying" [label="select"];
                "paying" -> __undeclared [label="refund", style=dashed];
                "serving" -> "idle" [label="served"];
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
        #expect(Named.definition.diagram(format: .dot) == """
            digraph {
                rankdir=LR;
                __start_ [shape=point, label=""];
                "on hold";
                "end";
                "__start";
                "say \\"hi\\"";
                __start_ -> "on hold";
                "on hold" -> "end" [label="go; now"];
                "on hold" -> "__start" [label="go; now"];
            }

            """)
    }

    // MARK: - Rendered by Graphviz

    @Test static func graphvizDrawsTheMatterMachine() throws {
        let layout = try Graphviz.layout(matterDot)
        #expect(layout.nodes == [
            .init(name: "__start", label: "", shape: "point"),
            .init(name: "solid", label: "solid", shape: "ellipse"),
            .init(name: "liquid", label: "liquid", shape: "ellipse"),
            .init(name: "gas", label: "gas", shape: "ellipse"),
        ])
        #expect(layout.edges.count == 5)
        #expect(Set(layout.edges) == [
            .init(tail: "__start", head: "solid", label: nil, style: "solid"),
            .init(tail: "solid", head: "liquid", label: "melt", style: "solid"),
            .init(tail: "liquid", head: "solid", label: "freeze", style: "solid"),
            .init(tail: "liquid", head: "gas", label: "vaporize", style: "solid"),
            .init(tail: "gas", head: "liquid", label: "condense", style: "solid"),
        ])
    }

    @Test static func graphvizDrawsFinalStatesAndUndeclaredHandlers() throws {
        let layout = try Graphviz.layout(Vending.definition.diagram(format: .dot))
        #expect(layout.nodes == [
            .init(name: "__start", label: "", shape: "point"),
            .init(name: "idle", label: "idle", shape: "ellipse"),
            .init(name: "paying", label: "paying", shape: "ellipse"),
            .init(name: "serving", label: "serving", shape: "ellipse"),
            .init(name: "retired", label: "retired", shape: "doublecircle"),
            .init(name: "__undeclared", label: "?", shape: "plaintext"),
        ])
        #expect(Set(layout.edges.filter { $0.tail == "paying" }) == [
            .init(tail: "paying", head: "paying", label: "coin [guard]", style: "solid"),
            .init(tail: "paying", head: "serving", label: "coin [guard]", style: "solid"),
            .init(tail: "paying", head: "paying", label: "select", style: "solid"),
            .init(tail: "paying", head: "__undeclared", label: "refund", style: "dashed"),
        ])
        #expect(layout.edges.count == 8)
    }

    @Test static func graphvizKeepsEscapedNamesApart() throws {
        let layout = try Graphviz.layout(Named.definition.diagram(format: .dot))
        #expect(layout.nodes.map(\.name) == ["__start_", "on hold", "end", "__start", "say \"hi\""])
        #expect(Set(layout.edges) == [
            .init(tail: "__start_", head: "on hold", label: nil, style: "solid"),
            .init(tail: "on hold", head: "end", label: "go; now", style: "solid"),
            .init(tail: "on hold", head: "__start", label: "go; now", style: "solid"),
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
