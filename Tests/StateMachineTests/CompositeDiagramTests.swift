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
            .init(name: "cluster_@working", label: "working", nodes: ["@working", "@shut", "open", "closed", "locked", "@working/H"]),
            .init(name: "cluster_@shut", label: "shut", nodes: ["@shut", "closed", "locked"]),
        ])
        #expect(layout.nodes.filter { $0.label == "H" } == [.init(name: "@working/H", label: "H", shape: "circle")])
        #expect(Set(layout.edges) == [
            .init(tail: "__start", head: "open", label: nil, style: nil, ltail: nil, lhead: nil),
            .init(tail: "open", head: "closed", label: "close", style: nil, ltail: nil, lhead: nil),
            .init(tail: "closed", head: "open", label: "open", style: nil, ltail: nil, lhead: nil),
            .init(tail: "closed", head: "locked", label: "lock", style: nil, ltail: nil, lhead: nil),
            .init(tail: "locked", head: "closed", label: "unlock", style: nil, ltail: nil, lhead: nil),
            .init(tail: "broken", head: "@working/H", label: "repair", style: nil, ltail: nil, lhead: nil),
            .init(tail: "@working", head: "broken", label: "fail", style: nil, ltail: "cluster_@working", lhead: nil),
            .init(tail: "@shut", head: "?", label: "open", style: "dashed", ltail: "cluster_@shut", lhead: nil),
        ])
        #expect(layout.edges.count == 8)
    }

    @Test func aChildMachineIsDrawnInsideItsStateInMermaid() {
        #expect(ChildReachabilityTests.DeclaredTurnstile.definition.diagram(format: .mermaid) == """
            stateDiagram-v2
                state functioning {
                    state "locked" as functioning_locked
                    state "unlocked" as functioning_unlocked
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
            .init(name: "cluster_functioning", label: "functioning",
                  nodes: ["functioning", "functioning/locked", "functioning/unlocked", "functioning/H"]),
        ])
        #expect(layout.nodes.contains(.init(name: "functioning/locked", label: "locked", shape: nil)))
        #expect(Set(layout.edges) == [
            .init(tail: "__start", head: "functioning", label: nil, style: nil, ltail: nil, lhead: "cluster_functioning"),
            .init(tail: "functioning/locked", head: "functioning/locked", label: "insertCoin", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/locked", head: "functioning/unlocked", label: "insertCoin", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/locked", head: "functioning/locked", label: "admitPerson", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning/unlocked", head: "functioning/locked", label: "admitPerson", style: nil, ltail: nil, lhead: nil),
            .init(tail: "functioning", head: "broken", label: "machineDidFail", style: nil, ltail: "cluster_functioning", lhead: nil),
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
            .init(name: "cluster_", label: "Keyboard", nodes: [
                "", "main keypad/capsLockOff", "main keypad/capsLockOn", "main keypad/?",
                "numeric keypad/numLockOn", "numeric keypad/numLockOff", "numeric keypad/?",
            ]),
            .init(name: "cluster_main keypad", label: "main keypad", nodes: ["main keypad/capsLockOff", "main keypad/capsLockOn", "main keypad/?"]),
            .init(name: "cluster_numeric keypad", label: "numeric keypad", nodes: ["numeric keypad/numLockOn", "numeric keypad/numLockOff", "numeric keypad/?"]),
        ])
        #expect(layout.edges.count == 9)
        #expect(layout.edges.filter { $0.tail == "main keypad/capsLockOn" } == [
            .init(tail: "main keypad/capsLockOn", head: "main keypad/?", label: "capsLock", style: "dashed", ltail: nil, lhead: nil),
            .init(tail: "main keypad/capsLockOn", head: "main keypad/?", label: "alpha", style: "dashed", ltail: nil, lhead: nil),
        ])
    }

    @Test func aFlatDefinitionIsDrawnAsBefore() {
        #expect(DeclaredMatter.definition.diagram(format: .dot) == DiagramTests.matterDot)
    }
}
