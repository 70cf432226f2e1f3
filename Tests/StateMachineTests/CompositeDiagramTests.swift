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
                state "?" as undeclared
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
        #expect(layout.clusters == [
            // No point of their own: an edge from a superstate leaves from its first state.
            .init(name: "cluster_@working", label: "working", nodes: ["open", "closed", "locked", "@working/H"]),
            .init(name: "cluster_@shut", label: "shut", nodes: ["closed", "locked"]),
        ])
        #expect(layout.nodes.filter { $0.label == "H" } == [.init(name: "@working/H", label: "H", shape: "circle")])
        #expect(Set(layout.edges) == [
            .init(tail: "__start", head: "open", label: nil, style: nil, ltail: nil, lhead: nil),
            .init(tail: "open", head: "closed", label: "close", style: nil, ltail: nil, lhead: nil),
            .init(tail: "closed", head: "open", label: "open", style: nil, ltail: nil, lhead: nil),
            .init(tail: "closed", head: "locked", label: "lock", style: nil, ltail: nil, lhead: nil),
            .init(tail: "locked", head: "closed", label: "unlock", style: nil, ltail: nil, lhead: nil),
            .init(tail: "broken", head: "@working/H", label: "repair", style: nil, ltail: nil, lhead: nil),
            .init(tail: "open", head: "broken", label: "fail", style: nil, ltail: "cluster_@working", lhead: nil),
            .init(tail: "closed", head: "?", label: "open", style: "dashed", ltail: "cluster_@shut", lhead: nil),
        ])
        #expect(layout.edges.count == 8)
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
        #expect(layout.clusters == [
            // The child's initial marker, and no other point.
            .init(name: "cluster_functioning", label: "functioning",
                  nodes: ["functioning/__start", "functioning/locked", "functioning/unlocked", "functioning/H"]),
        ])
        #expect(layout.nodes.contains(.init(name: "functioning/locked", label: "locked", shape: nil)))
        #expect(Set(layout.edges) == [
            .init(tail: "__start", head: "functioning/__start", label: nil, style: nil, ltail: nil, lhead: "cluster_functioning"),
            .init(tail: "functioning/__start", head: "functioning/locked", label: nil, style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/locked", head: "functioning/locked", label: "insertCoin", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/locked", head: "functioning/unlocked", label: "insertCoin", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/locked", head: "functioning/locked", label: "admitPerson", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/unlocked", head: "functioning/locked", label: "admitPerson", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/__start", head: "broken", label: "machineDidFail", style: nil, ltail: "cluster_functioning", lhead: nil),
            .init(tail: "broken", head: "functioning/H", label: "machineRepairDidComplete", style: nil, ltail: nil, lhead: nil),
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
                        state "?" as main_keypad_undeclared
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
                        state "?" as numeric_keypad_undeclared
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
        #expect(layout.clusters == [
            .init(name: "cluster_@product", label: "Keyboard", nodes: [
                "main keypad/__start", "main keypad/capsLockOff", "main keypad/capsLockOn", "main keypad/?",
                "numeric keypad/__start", "numeric keypad/numLockOn", "numeric keypad/numLockOff", "numeric keypad/?",
            ]),
            .init(name: "cluster_main keypad", label: "main keypad",
                  nodes: ["main keypad/__start", "main keypad/capsLockOff", "main keypad/capsLockOn", "main keypad/?"], style: "dashed"),
            .init(name: "cluster_numeric keypad", label: "numeric keypad",
                  nodes: ["numeric keypad/__start", "numeric keypad/numLockOn", "numeric keypad/numLockOff", "numeric keypad/?"], style: "dashed"),
        ])
        // The machine starts in the product; each region has its initial marker; invisible
        // edges from each node of the first region to the second's marker lay the second wholly
        // to the right of the first; then the 8 handlers' edges.
        #expect(Set(layout.edges.filter { $0.label == nil }) == [
            .init(tail: "__start", head: "main keypad/__start", label: nil, style: nil, ltail: nil, lhead: "cluster_@product"),
            .init(tail: "main keypad/__start", head: "main keypad/capsLockOff", label: nil, style: nil, ltail: nil, lhead: nil),
            .init(tail: "numeric keypad/__start", head: "numeric keypad/numLockOn", label: nil, style: nil, ltail: nil, lhead: nil),
            .init(tail: "main keypad/__start", head: "numeric keypad/__start", label: nil, style: "invis", ltail: nil, lhead: nil),
            .init(tail: "main keypad/capsLockOff", head: "numeric keypad/__start", label: nil, style: "invis", ltail: nil, lhead: nil),
            .init(tail: "main keypad/capsLockOn", head: "numeric keypad/__start", label: nil, style: "invis", ltail: nil, lhead: nil),
            .init(tail: "main keypad/?", head: "numeric keypad/__start", label: nil, style: "invis", ltail: nil, lhead: nil),
        ])
        #expect(layout.edges.count == 15)
        let main = try #require(layout.positions["main keypad/__start"]), numeric = try #require(layout.positions["numeric keypad/__start"])
        #expect(main.x < numeric.x, "the regions are side by side, the first on the left")
        #expect(layout.edges.filter { $0.tail == "main keypad/capsLockOn" && $0.style != "invis" } == [
            .init(tail: "main keypad/capsLockOn", head: "main keypad/?", label: "capsLock", style: "dashed", ltail: nil, lhead: nil),
            .init(tail: "main keypad/capsLockOn", head: "main keypad/?", label: "alpha", style: "dashed", ltail: nil, lhead: nil),
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
        #expect(layout.clusters == [
            .init(name: "cluster_powered", label: "powered", nodes: [
                "powered/a/__start", "powered/a/off", "powered/a/on", "powered/a/?",
                "powered/b/__start", "powered/b/off", "powered/b/on", "powered/b/?",
            ]),
            .init(name: "cluster_powered/a", label: "a", nodes: ["powered/a/__start", "powered/a/off", "powered/a/on", "powered/a/?"], style: "dashed"),
            .init(name: "cluster_powered/b", label: "b", nodes: ["powered/b/__start", "powered/b/off", "powered/b/on", "powered/b/?"], style: "dashed"),
        ])
        let points = layout.nodes.filter { $0.shape == "point" }.map(\.name)
        #expect(Set(points) == ["__start", "powered/a/__start", "powered/b/__start"])
        for point in points {
            // Its one unlabelled, visible edge; the child's marker is also where the edges
            // leaving the child's cluster start.
            let markers = layout.edges.filter { $0.tail == point && $0.label == nil && $0.style != "invis" }
            #expect(markers.count == 1, "the initial marker \(point) points at one initial state")
        }
        #expect(layout.edges.contains(.init(tail: "__start", head: "powered/a/__start", label: nil, style: nil, ltail: nil, lhead: "cluster_powered")))
        #expect(layout.edges.contains(.init(tail: "powered/a/__start", head: "powered/a/off", label: nil, style: nil, ltail: nil, lhead: nil)))
        #expect(layout.edges.contains(.init(tail: "powered/b/__start", head: "powered/b/off", label: nil, style: nil, ltail: nil, lhead: nil)))
        #expect(layout.edges.contains(.init(tail: "powered/a/__start", head: "off", label: "unplug", style: nil, ltail: "cluster_powered", lhead: nil)))
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
                        state "?" as powered_a_undeclared
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
                        state "?" as powered_b_undeclared
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
        #expect(done.map(\.head) == ["thanks"])
        #expect(done.map(\.ltail) == ["cluster_shopping"])
        let timeout = layout.edges.filter { $0.label == "expire after 15 min" }
        #expect(timeout.map(\.head) == ["expired"])
        #expect(timeout.map(\.ltail) == ["cluster_@active"])
        #expect(layout.nodes.filter { $0.shape == "doublecircle" }.map(\.label).sorted() == ["expired", "paid", "thanks"])
    }
}
