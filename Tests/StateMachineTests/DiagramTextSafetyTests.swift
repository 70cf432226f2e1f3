import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GraphvizTestSupport
import StateMachine
import Testing

/// Issue 36, item 7: whatever a name holds, `dot` draws it and the SVG is valid XML. Control
/// characters are written as text, names over 200 Unicode scalars are cut with a marker, and two
/// states whose descriptions print alike are two nodes.
@Suite struct DiagramTextSafetyTests {

    /// States and events named by any text.
    enum Named: StateMachineBuilder {
        struct Name: StateMachineHashable, ExpressibleByStringLiteral, CustomStringConvertible {
            let text: String
            init(_ text: String) { self.text = text }
            init(stringLiteral text: String) { self.text = text }
            var hashableIdentifier: String { text }
            var description: String { text }
        }
        typealias State = Name
        typealias Event = Name
        typealias SideEffect = Never

        static func definition(from: String, on event: String, to: String) -> StateMachine<State, Event, SideEffect>.Definition {
            .init {
                initialState(Name(from))
                state(from) { on(event, to: to) { transition(to: Name(to)) } }
                state(to) {}
            }
        }
    }

    @Test func controlCharactersAreWrittenAsTextSoThatTheSVGIsValidXML() throws {
        let definition = Named.definition(from: "nul\u{0}here", on: "esc\u{1B}[1m\tgo", to: "bell\u{7}\u{7F}")
        let dot = definition.diagram(format: .dot)
        #expect(dot.contains(#"s0 [label="nul\\u{0}here"];"#))
        #expect(dot.contains(#"s0 -> s1 [label="esc\\u{1B}[1m\\tgo"];"#))
        #expect(dot.contains(#"s1 [label="bell\\u{7}\\u{7F}"];"#))
        #expect(!dot.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character but the line breaks of the DOT text")
        let svg = try runDot(format: "svg", on: dot)
        #expect(svg.errors.isEmpty)
        #expect(XMLParser(data: svg.output).parse(), "the SVG is well-formed XML")
        let picture = try GraphvizSVG(dot)
        #expect(Set(picture.labelledEdges) == [
            .init("start", #"nul\u{0}here"#, []), .init(#"nul\u{0}here"#, #"bell\u{7}\u{7F}"#, [#"esc\u{1B}[1m\tgo"#]),
        ])
        #expect(definition.diagram(format: .mermaid) == #"""
            stateDiagram-v2
                state "nul\u{0}here" as state1
                state "bell\u{7}\u{7F}" as state2
                [*] --> state1
                state1 --> state2: esc\u{1B}[1m\tgo

            """#)
    }

    @Test func namesOverTwoHundredCharactersAreCutWithHowManyWereLeftOut() throws {
        // 20,000 characters: more than the 16,384 bytes a quoted DOT string may hold.
        let long = String(repeating: "x", count: 20_000)
        let dot = Named.definition(from: long, on: "go", to: "done").diagram(format: .dot)
        let picture = try GraphvizSVG(dot)
        let cut = String(repeating: "x", count: 200) + "… (19800 more)"
        #expect(Set(picture.labelledEdges) == [.init("start", cut, []), .init(cut, "done", ["go"])])
        let mermaid = Named.definition(from: "go", on: long, to: "done").diagram(format: .mermaid)
        #expect(mermaid.contains("go --> done: \(cut)\n"))
        // A name of exactly 200 is kept whole.
        let whole = String(repeating: "y", count: 200)
        #expect(Named.definition(from: whole, on: "go", to: "done").diagram(format: .dot).contains("s0 [label=\"\(whole)\"];"))
    }

    /// Two cases whose descriptions are the same text.
    enum Twins: StateMachineBuilder {
        enum State: StateMachineHashable, CustomStringConvertible {
            case left, right
            var description: String { "twin" }
        }
        enum Event: StateMachineHashable { case swap }
        typealias SideEffect = Never

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.left)
            state(.left) { on(.swap, to: .right) { transition(to: .right) } }
            state(.right) { on(.swap, to: .left) { transition(to: .left) } }
        }
    }

    @Test func statesThatPrintAlikeAreTwoNodes() throws {
        let picture = try GraphvizSVG(Twins.definition.diagram(format: .dot))
        #expect(picture.nodes.filter { $0.texts == ["twin"] }.map(\.title) == ["s0", "s1"])
        #expect(Set(picture.edges.map(\.title)) == ["start->s0", "s0->s1", "s1->s0"], "two edges between two nodes, no self-loop")
        #expect(Twins.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "twin" as state2
                [*] --> twin
                twin --> state2: swap
                state2 --> twin: swap

            """)
    }
}
