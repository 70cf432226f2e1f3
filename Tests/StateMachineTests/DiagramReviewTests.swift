import GraphvizTestSupport
import StateMachine
import Testing

/// Diagrams a reviewer would put in a design doc (issue 24): drawn by Graphviz as SVG and read
/// back (what is written, which clusters, which borders are dashed), or checked as Mermaid text.
/// The expected pictures are written by hand from the definitions.
@Suite struct DiagramReviewTests {

    // MARK: - Regions side by side, initial markers at every level

    @Test func theKeyboardsRegionsAreDashedClustersInsideTheProductEachWithItsInitialMarker() throws {
        let picture = try GraphvizSVG(Keyboard.definition.diagram(format: .dot))
        #expect(picture.clusters.map(\.title) == ["cluster_product", "cluster_r0", "cluster_r1"])
        #expect(picture.clusters.map(\.texts) == [["Keyboard"], ["main keypad"], ["numeric keypad"]])
        #expect(picture.clusters.map(\.isDashed) == [false, true, true], "each region's border is dashed, the product's is not")
        let main = picture.clusters[1], numeric = picture.clusters[2]
        #expect(main.right < numeric.left, "the regions are side by side, the first wholly left of the second")
        // One initial marker for the machine, one per region; nothing else is a point.
        #expect(picture.nodes.filter(\.isPoint).map(\.title).sorted() == ["r0/start", "r1/start", "start"])
        #expect(picture.nodes.filter { $0.isPoint && !$0.texts.isEmpty }.isEmpty)
        // Graphviz writes nodes in its own order: compared sorted.
        #expect(picture.nodes.filter { !$0.isPoint }.flatMap(\.texts).sorted() == ["? (no to:)", "? (no to:)", "capsLockOff", "capsLockOn", "numLockOff", "numLockOn"])
        // Each marker's arrow, with no text: the product's, then each region's initial state's.
        let markerArrows = picture.labelledEdges.filter { $0.texts.isEmpty }
        #expect(markerArrows == [.init("start", "r0/start", []), .init("r0/start", "capsLockOff", []), .init("r1/start", "numLockOn", [])])
        #expect(picture.overlappingLabels == [])
    }

    @Test func eachRegionStartsAtItsPartOfTheProductsInitialState() throws {
        // The regions' definitions start in capsLockOff and numLockOn; this product does not.
        let shifted = StateMachine<Keyboard, Keyboard.Key, [Keyboard.Output]>.Definition(
            initialState: Keyboard(main: .capsLockOn, numeric: .numLockOff),
            regions: .init("main keypad", MainKeypad.definition, at: \.main, events: MainKeypad.Event.init),
            .init("numeric keypad", NumericKeypad.definition, at: \.numeric, events: NumericKeypad.Event.init)
        )
        let mermaid = shifted.diagram(format: .mermaid).split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }
        #expect(mermaid.filter { $0.hasPrefix("[*] -->") } == ["[*] --> product", "[*] --> main_keypad_capsLockOn", "[*] --> numeric_keypad_numLockOff"])
        let picture = try GraphvizSVG(shifted.diagram(format: .dot))
        #expect(picture.labelledEdges.filter { $0.tail.hasSuffix("/start") } == [
            .init("r0/start", "capsLockOn", []), .init("r1/start", "numLockOff", []),
        ])
    }

    @Test func aChildsRegionsAreDashedClustersInsideTheChildState() throws {
        let picture = try GraphvizSVG(CompositeDiagramTests.Panel.definition.diagram(format: .dot))
        #expect(picture.clusters.map(\.title) == ["cluster_s0", "cluster_s0/r0", "cluster_s0/r1"])
        #expect(picture.clusters.map(\.texts) == [["powered"], ["a"], ["b"]])
        #expect(picture.clusters.map(\.isDashed) == [false, true, true])
        #expect(picture.clusters[1].right < picture.clusters[2].left, "the child's regions are side by side")
        // The point the regions hang from is invisible: Graphviz draws no group for it.
        #expect(picture.nodes.filter(\.isPoint).map(\.title).sorted() == ["s0/r0/start", "s0/r1/start", "start"])
        #expect(picture.texts.contains("unplug"))
    }

    @Test func aSuperstateInsideAChildHasTheChildsInitialMarker() throws {
        let picture = try GraphvizSVG(Alarm.definition.diagram(format: .dot))
        #expect(picture.clusters.map(\.title) == ["cluster_s0", "cluster_s0/@0"])
        #expect(picture.clusters.map(\.texts) == [["armed"], ["watching"]])
        #expect(picture.nodes.filter(\.isPoint).map(\.title).sorted() == ["s0/start", "start"])
        #expect(picture.labelledEdges.contains(.init("s0/start", "quiet", [])))
    }

    // MARK: - Side effects and timers on edges

    @Test func declaredSideEffectsAndDelaysAreWrittenOnTheEdgesInMermaid() {
        #expect(Alarm.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state armed {
                    state "watching" as armed_watching
                    state armed_watching {
                        state "quiet" as armed_quiet
                        state "snoozed" as armed_snoozed
                    }
                    state "ringing" as armed_ringing
                    [*] --> armed_quiet
                    armed_quiet --> armed_ringing: wake after 2 min
                    armed_ringing --> armed_snoozed: snooze
                    armed_snoozed --> armed_ringing: wake after 250 ms, 1 h
                    armed_watching --> armed_ringing: wake
                    state "H" as armed_H
                }
                off
                [*] --> armed
                armed --> off: disarm
                off --> armed_H: arm / beep
                off --> [*]

            """)
    }

    @Test func declaredSideEffectsAndDelaysAreWrittenOnTheEdgesInGraphviz() throws {
        let picture = try GraphvizSVG(Alarm.definition.diagram(format: .dot))
        let labels = picture.edges.flatMap(\.texts)
        #expect(labels.contains("arm / beep"))
        #expect(labels.contains("wake after 2 min"))
        #expect(labels.contains("wake after 250 ms, 1 h"))
        #expect(labels.contains("disarm"), "a side effect computed by the handler's closure is not shown")
    }

    // MARK: - No empty names, labels escaped

    @Test func anEmptyNameIsDrawnAsQuotesAndMarkupIsText() throws {
        let picture = try GraphvizSVG(Awkward.definition.diagram(format: .dot))
        #expect(picture.clusters.map(\.title) == ["cluster_@0"])
        #expect(picture.clusters.map(\.texts) == [["\"\""]])
        // A line break in a name is a line break in the picture: two texts.
        #expect(picture.nodes.map(\.texts).sorted { $0.joined() < $1.joined() } == [[], ["\"\""], ["a <b> | c"], ["two", "lines \\ \"quoted\""]])
        #expect(!picture.nodes.contains { $0.title.isEmpty } && !picture.clusters.contains { $0.title == "cluster_" })
        #expect(picture.edges.flatMap(\.texts) == ["go <now>|later #1"])
    }

    @Test func anEmptyNameAndMarkupAreEscapedInMermaid() {
        #expect(Awkward.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "#quot;#quot;" as s____
                state s____ {
                    state "#quot;#quot;" as s___
                    state "a #lt;b#gt; #124; c" as a__b____c
                }
                state "two lines \\ #quot;quoted#quot;" as two_lines____quoted_
                [*] --> s___
                s___ --> a__b____c: go #lt;now#gt;#124;later #35;1

            """)
    }
}

/// An alarm whose `armed` state holds a child machine with a superstate and timers; disarmed,
/// it is re-armed to the history of `armed` with a beep.
private enum Alarm: StateMachineBuilder {
    enum State: StateMachineHashable {
        case armed(Inner.State), off
        enum HashableIdentifier: String { case armed, off }
    }
    enum Event: StateMachineHashable { case wake, snooze, disarm, arm }
    enum SideEffect: Equatable { case beep, log }

    enum Inner: StateMachineBuilder {
        enum State: StateMachineHashable { case quiet, ringing, snoozed }
        typealias Event = Alarm.Event
        typealias SideEffect = Alarm.SideEffect

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.quiet)
            state(.quiet) {
                after(.seconds(120), send: .wake)
                on(.wake, to: .ringing) { transition(to: .ringing) }
            }
            state(.ringing) { on(.snooze, to: .snoozed) { transition(to: .snoozed) } }
            state(.snoozed) {
                after(.milliseconds(250), send: .wake)
                after(.seconds(3600), send: .wake)
                on(.wake, to: .ringing) { transition(to: .ringing) }
            }
            superstate("watching", containing: .quiet, .snoozed) {
                on(.wake, to: .ringing) { state, _ in transition(to: .ringing) }
            }
        }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.armed(.quiet))
        state(.armed) {
            child(Inner.definition, in: State.armed, events: { $0 })
            on(.disarm, to: .off) { transition(to: .off, emit: .log) }
        }
        state(.off) {
            on(.arm, toHistoryOfChild: .armed, default: .armed(.quiet), emit: .beep)
        }
        finalState(.off)
    }
}

/// Names that are empty, or hold what DOT and Mermaid read as markup.
private enum Awkward: StateMachineBuilder {
    struct Name: StateMachineHashable, ExpressibleByStringLiteral {
        let text: String
        init(stringLiteral text: String) { self.text = text }
        var hashableIdentifier: String { text }
    }
    typealias State = Name
    typealias Event = Name
    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState("")
        state("") { on("go <now>|later #1", to: "a <b> | c") { transition(to: "a <b> | c") } }
        state("a <b> | c") {}
        state("two\nlines \\ \"quoted\"") {}
        superstate("", containing: "", "a <b> | c") {}
    }
}
