import GraphvizTestSupport
import StateMachine
import Testing

/// `definition.diagram(format:)` of composite definitions: superstates and child machines as
/// nested states, regions as concurrent parts, history targets as a node `H`. The expected
/// texts are written by hand from the definitions.
@Suite struct CompositeDiagramTests {

    /// A door whose superstate "working" holds `open` and the superstate "shut" (`closed`,
    /// `locked`); a broken door is repaired to the history of "working".
    enum Gate: StateMachineBuilder {
        enum State: StateMachineHashable { case open, closed, locked, broken }
        enum Event: StateMachineHashable { case open, close, lock, unlock, fail, repair }
        enum SideEffect: Equatable { case alarm }

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.open)
            state(.open) { on(.close, to: .closed) { transition(to: .closed) } }
            state(.closed) {
                on(.open, to: .open) { transition(to: .open) }
                on(.lock, to: .locked) { transition(to: .locked) }
            }
            state(.locked) { on(.unlock, to: .closed) { transition(to: .closed) } }
            state(.broken) { on(.repair, toHistoryOf: "working", default: .open) }
            superstate("working", containing: .open, .closed, .locked) {
                on(.fail, to: .broken) { transition(to: .broken) }
            }
            superstate("shut", containing: .closed, .locked) {
                on(.open) { transition(to: .open) }
            }
        }
    }

    @Test func superstatesAreNestedStatesAndHistoryIsANodeInMermaid() {
        #expect(Gate.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state working {
                    state shut {
                        closed
                        locked
                    }
                    open
                    state "H" as working_H
                }
                broken
                state "? (no to:)" as undeclared
                note right of undeclared : \(DiagramTests.legend)
                [*] --> open
                open --> closed: close
                closed --> open: open
                closed --> locked: lock
                locked --> closed: unlock
                broken --> working_H: repair
                working --> broken: fail
                shut --> undeclared: open

            """)
    }

    @Test func superstatesAreClustersAndHistoryIsANodeInGraphviz() throws {
        let layout = try GraphvizJSON.layout(Gate.definition.diagram(format: .dot))
        // Ids are indices: open s0, closed s1, locked s2, broken s3; working @0, shut @1.
        #expect(layout.clusters == [
            // No point of their own: an edge from a superstate leaves from its first state.
            .init(name: "cluster_@0", label: "working", nodes: ["s0", "s1", "s2", "@0/H0"]),
            .init(name: "cluster_@1", label: "shut", nodes: ["s1", "s2"]),
        ])
        #expect(layout.nodes.filter { $0.label == "H" } == [.init(name: "@0/H0", label: "H", shape: "circle")])
        #expect(Set(layout.edges) == [
            .init(tail: "start", head: "s0", label: nil, style: nil, ltail: nil, lhead: nil),
            .init(tail: "s0", head: "s1", label: "close", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s1", head: "s0", label: "open", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s1", head: "s2", label: "lock", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s2", head: "s1", label: "unlock", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s3", head: "@0/H0", label: "repair", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s0", head: "s3", label: "fail", style: nil, ltail: "cluster_@0", lhead: nil),
            .init(tail: "s1", head: "undeclared", label: "open", style: "dashed", ltail: "cluster_@1", lhead: nil),
        ])
        #expect(layout.edges.count == 8)
        #expect(layout.label(of: "undeclared") == "? (no to:)")
    }

    @Test func aChildMachineIsDrawnInsideItsStateInMermaid() {
        #expect(ChildReachabilityTests.DeclaredTurnstile.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state functioning {
                    state "locked" as functioning_locked
                    state "unlocked" as functioning_unlocked
                    [*] --> functioning_locked
                    functioning_locked --> functioning_locked: insertCoin
                    functioning_locked --> functioning_unlocked: insertCoin
                    functioning_locked --> functioning_locked: admitPerson
                    functioning_unlocked --> functioning_locked: admitPerson
                    state "H" as functioning_H
                }
                broken
                [*] --> functioning
                functioning --> broken: machineDidFail
                broken --> functioning_H: machineRepairDidComplete

            """)
    }

    @Test func aChildMachineIsAClusterInsideItsStateInGraphviz() throws {
        let layout = try GraphvizJSON.layout(ChildReachabilityTests.DeclaredTurnstile.definition.diagram(format: .dot))
        // functioning s0 holds the child (locked s0/s0, unlocked s0/s1); broken s1.
        #expect(layout.clusters == [
            // The child's initial marker, and no other point.
            .init(name: "cluster_s0", label: "functioning", nodes: ["s0/start", "s0/s0", "s0/s1", "s0/H0"]),
        ])
        #expect(layout.nodes.contains(.init(name: "s0/s0", label: "locked", shape: nil)))
        #expect(Set(layout.edges) == [
            .init(tail: "start", head: "s0/start", label: nil, style: nil, ltail: nil, lhead: "cluster_s0"),
            .init(tail: "s0/start", head: "s0/s0", label: nil, style: nil, ltail: nil, lhead: nil),
            // locked's two self-loops are one loop, a left-justified line each.
            .init(tail: "s0/s0", head: "s0/s0", label: "insertCoin    \\ladmitPerson    \\l", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s0/s0", head: "s0/s1", label: "insertCoin", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s0/s1", head: "s0/s0", label: "admitPerson", style: nil, ltail: nil, lhead: nil),
            .init(tail: "s0/start", head: "s1", label: "machineDidFail", style: nil, ltail: "cluster_s0", lhead: nil),
            .init(tail: "s1", head: "s0/H0", label: "machineRepairDidComplete", style: nil, ltail: nil, lhead: nil),
        ])
    }

    @Test func regionsAreConcurrentPartsInMermaid() {
        #expect(Keyboard.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "Keyboard" as product
                [*] --> product
                state product {
                    state "main keypad" as main_keypad
                    state main_keypad {
                        state "capsLockOff" as main_keypad_capsLockOff
                        state "capsLockOn" as main_keypad_capsLockOn
                        state "? (no to:)" as main_keypad_undeclared
                        note right of main_keypad_undeclared : \(DiagramTests.legend)
                        [*] --> main_keypad_capsLockOff
                        main_keypad_capsLockOff --> main_keypad_undeclared: capsLock
                        main_keypad_capsLockOff --> main_keypad_undeclared: alpha
                        main_keypad_capsLockOn --> main_keypad_undeclared: capsLock
                        main_keypad_capsLockOn --> main_keypad_undeclared: alpha
                    }
                    --
                    state "numeric keypad" as numeric_keypad
                    state numeric_keypad {
                        state "numLockOn" as numeric_keypad_numLockOn
                        state "numLockOff" as numeric_keypad_numLockOff
                        state "? (no to:)" as numeric_keypad_undeclared
                        [*] --> numeric_keypad_numLockOn
                        numeric_keypad_numLockOn --> numeric_keypad_undeclared: numLock
                        numeric_keypad_numLockOn --> numeric_keypad_undeclared: number
                        numeric_keypad_numLockOff --> numeric_keypad_undeclared: numLock
                        numeric_keypad_numLockOff --> numeric_keypad_undeclared: number
                    }
                }

            """)
    }

    @Test func regionsAreClustersSideBySideInGraphviz() throws {
        let layout = try GraphvizJSON.layout(Keyboard.definition.diagram(format: .dot))
        // The regions are r0 (main keypad) and r1 (numeric keypad), each with its states and ?.
        let main: Set = ["r0/start", "r0/s0", "r0/s1", "r0/undeclared"], numeric: Set = ["r1/start", "r1/s0", "r1/s1", "r1/undeclared"]
        #expect(layout.clusters == [
            .init(name: "cluster_product", label: "Keyboard", nodes: main.union(numeric)),
            .init(name: "cluster_r0", label: "main keypad", nodes: main, style: "dashed"),
            .init(name: "cluster_r1", label: "numeric keypad", nodes: numeric, style: "dashed"),
        ])
        // The machine starts in the product, and an invisible edge from its start to the
        // second region's marker ranks both regions alike, side by side; each region has its
        // initial marker; then the 8 handlers' edges.
        #expect(Set(layout.edges.filter { $0.label == nil }) == [
            .init(tail: "start", head: "r0/start", label: nil, style: nil, ltail: nil, lhead: "cluster_product"),
            .init(tail: "start", head: "r1/start", label: nil, style: "invis", ltail: nil, lhead: nil),
            .init(tail: "r0/start", head: "r0/s0", label: nil, style: nil, ltail: nil, lhead: nil),
            .init(tail: "r1/start", head: "r1/s0", label: nil, style: nil, ltail: nil, lhead: nil),
        ])
        #expect(layout.edges.count == 12)
        let first = try #require(layout.positions["r0/start"]), second = try #require(layout.positions["r1/start"])
        #expect(first.x < second.x, "the regions are side by side, the first on the left")
        #expect(layout.edges.filter { $0.tail == "r0/s1" && $0.style != "invis" } == [
            .init(tail: "r0/s1", head: "r0/undeclared", label: "capsLock", style: "dashed", ltail: nil, lhead: nil),
            .init(tail: "r0/s1", head: "r0/undeclared", label: "alpha", style: "dashed", ltail: nil, lhead: nil),
        ])
    }

    @Test func aFlatDefinitionIsDrawnAsBefore() {
        #expect(DeclaredMatter.definition.diagram(format: .dot) == DiagramTests.matterDot)
    }

    /// A panel whose `powered` state holds two lights as regions.
    enum Panel: StateMachineBuilder {
        typealias Lights = OrthogonalState<CompositionTests.Light.State, CompositionTests.Light.State>
        enum State: StateMachineHashable {
            case powered(Lights), off
            enum HashableIdentifier: String { case powered, off }
        }
        enum Event: StateMachineHashable { case toggle, explode, unplug }
        typealias SideEffect = [CompositionTests.Light.SideEffect]

        static let lights = StateMachine<Lights, CompositionTests.Light.Event, SideEffect>.Definition(
            orthogonal: CompositionTests.Light.definition(CompositionTests.Log()), events: { $0 },
            and: CompositionTests.Light.definition(CompositionTests.Log()), events: { $0 }
        )

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.powered(OrthogonalState(.off, .off)))
            state(.powered) {
                child(lights, in: State.powered, events: { $0 == .toggle ? .toggle : $0 == .explode ? .explode : nil })
                on(.unplug, to: .off) { transition(to: .off) }
            }
            finalState(.off)
        }
    }

    /// Issue 24: a reviewer's diagram. Every level has its initial marker (a point with one edge,
    /// to the level's initial state), regions inside a child are drawn as regions, no cluster or
    /// node has an empty name, and no point stands alone.
    @Test func everyLevelHasItsInitialMarkerAndNothingIsUnnamedOrStray() throws {
        let layout = try GraphvizJSON.layout(Panel.definition.diagram(format: .dot))
        // powered s0 holds the regions s0/r0 (a) and s0/r1 (b), entered at the invisible
        // point s0/regions above them; off is s1.
        let a: Set = ["s0/r0/start", "s0/r0/s0", "s0/r0/s1", "s0/r0/undeclared"], b: Set = ["s0/r1/start", "s0/r1/s0", "s0/r1/s1", "s0/r1/undeclared"]
        #expect(layout.clusters == [
            .init(name: "cluster_s0", label: "powered", nodes: a.union(b).union(["s0/regions"])),
            .init(name: "cluster_s0/r0", label: "a", nodes: a, style: "dashed"),
            .init(name: "cluster_s0/r1", label: "b", nodes: b, style: "dashed"),
        ])
        let points = layout.nodes.filter { $0.shape == "point" && $0.style != "invis" }.map(\.name)
        #expect(Set(points) == ["start", "s0/r0/start", "s0/r1/start"])
        for point in points {
            // Its one unlabelled, visible edge.
            let markers = layout.edges.filter { $0.tail == point && $0.label == nil && $0.style != "invis" }
            #expect(markers.count == 1, "the initial marker \(point) points at one initial state")
        }
        #expect(layout.edges.contains(.init(tail: "start", head: "s0/regions", label: nil, style: nil, ltail: nil, lhead: "cluster_s0")))
        #expect(layout.edges.contains(.init(tail: "s0/regions", head: "s0/r0/start", label: nil, style: "invis", ltail: nil, lhead: nil)))
        #expect(layout.edges.contains(.init(tail: "s0/regions", head: "s0/r1/start", label: nil, style: "invis", ltail: nil, lhead: nil)))
        #expect(layout.edges.contains(.init(tail: "s0/r0/start", head: "s0/r0/s0", label: nil, style: nil, ltail: nil, lhead: nil)))
        #expect(layout.edges.contains(.init(tail: "s0/r1/start", head: "s0/r1/s0", label: nil, style: nil, ltail: nil, lhead: nil)))
        #expect(layout.edges.contains(.init(tail: "s0/regions", head: "s1", label: "unplug", style: nil, ltail: "cluster_s0", lhead: nil)))
        let first = try #require(layout.positions["s0/r0/start"]), second = try #require(layout.positions["s0/r1/start"])
        #expect(first.x < second.x, "the child's regions are side by side, the first on the left")
        #expect(!layout.clusters.contains { $0.name.isEmpty || $0.name == "cluster_" || $0.label.isEmpty })
        #expect(!layout.nodes.contains { $0.name.isEmpty })
    }

    @Test func everyLevelHasItsInitialStateInMermaid() {
        #expect(Panel.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state powered {
                    state "a" as powered_a
                    state powered_a {
                        state "off" as powered_a_off
                        state "on" as powered_a_on
                        state "? (no to:)" as powered_a_undeclared
                        note right of powered_a_undeclared : \(DiagramTests.legend)
                        [*] --> powered_a_off
                        powered_a_off --> powered_a_undeclared: toggle
                        powered_a_off --> powered_a_undeclared: explode
                        powered_a_on --> powered_a_undeclared: toggle
                    }
                    --
                    state "b" as powered_b
                    state powered_b {
                        state "off" as powered_b_off
                        state "on" as powered_b_on
                        state "? (no to:)" as powered_b_undeclared
                        [*] --> powered_b_off
                        powered_b_off --> powered_b_undeclared: toggle
                        powered_b_off --> powered_b_undeclared: explode
                        powered_b_on --> powered_b_undeclared: toggle
                    }
                }
                off
                [*] --> powered
                powered --> off: unplug
                off --> [*]

            """)
    }

    /// A checkout whose `shopping` state holds a cart child that finishes in `paid`, with
    /// `onDone` to `thanks`; the superstate "active" times out after 15 min.
    enum Checkout: StateMachineBuilder {
        enum Cart: StateMachineBuilder {
            enum State: StateMachineHashable { case filling, paid }
            enum Event: StateMachineHashable { case pay }
            typealias SideEffect = Never
            static let definition = StateMachine<State, Event, Never>.Definition {
                initialState(.filling)
                state(.filling) { on(.pay, to: .paid) { transition(to: .paid) } }
                finalState(.paid)
            }
        }
        enum State: StateMachineHashable {
            case shopping(Cart.State), thanks, expired
            enum HashableIdentifier: String { case shopping, thanks, expired }
        }
        enum Event: StateMachineHashable { case pay, expire }
        typealias SideEffect = Never
        static let definition = StateMachine<State, Event, Never>.Definition {
            initialState(.shopping(.filling))
            state(.shopping) {
                child(Cart.definition, in: State.shopping, events: { $0 == .pay ? .pay : nil })
                onDone(to: .thanks) { transition(to: .thanks) }
            }
            finalState(.thanks)
            finalState(.expired)
            superstate("active", containing: .shopping) {
                after(.seconds(900), send: .expire)
                on(.expire, to: .expired) { transition(to: .expired) }
            }
        }
    }

    @Test func onDoneAndASuperstatesTimerAreDrawnAsEdges() {
        #expect(Checkout.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state active {
                    state shopping {
                        state "filling" as shopping_filling
                        state "paid" as shopping_paid
                        [*] --> shopping_filling
                        shopping_filling --> shopping_paid: pay
                        shopping_paid --> [*]
                    }
                }
                thanks
                expired
                [*] --> shopping
                shopping --> thanks: onDone
                active --> expired: expire after 15 min
                thanks --> [*]
                expired --> [*]

            """)
    }

    @Test func onDoneAndASuperstatesTimerAreEdgesInGraphviz() throws {
        let layout = try GraphvizJSON.layout(Checkout.definition.diagram(format: .dot))
        let done = layout.edges.filter { $0.label == "onDone" }
        #expect(done.map { layout.label(of: $0.head) } == ["thanks"])
        #expect(done.map { layout.clusterLabel(of: $0.ltail) } == ["shopping"])
        let timeout = layout.edges.filter { $0.label == "expire after 15 min" }
        #expect(timeout.map { layout.label(of: $0.head) } == ["expired"])
        #expect(timeout.map { layout.clusterLabel(of: $0.ltail) } == ["active"])
        #expect(layout.nodes.filter { $0.shape == "doublecircle" }.map(\.label).sorted() == ["expired", "paid", "thanks"])
    }
}
