import StateMachine
import Testing

/// Delayed events (`after`, R18) in `validate()` and `diagram(format:)`: a timer's event is drawn
/// on its state's handler edge with the delay, and a timer whose event the state does not handle
/// is a problem. The expected texts are written by hand from the definitions below.
@Suite struct TimerGraphTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable { case open, closed }
    enum Event: StateMachineHashable, Equatable { case close, open, timeout, snooze }
    enum SideEffect: Equatable { case none }

    /// `open` closes itself after 30 s (declared target); `closed` reopens after 250 ms through a
    /// handler that declares nothing.
    static let door = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.open)
        state(.open) {
            after(.seconds(30), send: .timeout)
            on(.timeout, to: .closed) { transition(to: .closed) }
            on(.close, to: .closed) { transition(to: .closed) }
            on(.snooze, to: .open) { dontTransition() }
        }
        state(.closed) {
            after(.milliseconds(250), send: .open)
            on(.open) { transition(to: .open) }
        }
    }

    @Test static func aTimersEdgeIsLabelledWithItsDelayInMermaid() {
        #expect(door.diagram(format: .mermaid) == """
            stateDiagram-v2
                state "? (no to:)" as undeclared
                note right of undeclared : \(DiagramTests.legend)
                [*] --> open
                open --> closed: timeout after 30 s
                open --> closed: close
                open --> open: snooze
                closed --> undeclared: open after 250 ms

            """)
    }

    @Test static func aTimersEdgeIsLabelledWithItsDelayInDot() {
        #expect(door.diagram(format: .dot) == """
            digraph {
                nodesep=0.5;
                start [shape=point, label=""];
                s0 [label="open"];
                s1 [label="closed"];
                "undeclared" [label="? (no to:)", shape=box, style="dashed,rounded"];
                start -> s0;
                s0 -> s1 [label="timeout after 30 s"];
                s0 -> s1 [label="close"];
                s0 -> s0 [label="snooze    \\l"];
                s1 -> undeclared [label="open after 250 ms", style=dashed];
                label="\(DiagramTests.legend)";
                labelloc=b;
                labeljust=l;
            }

            """)
    }

    @Test static func aStateWhoseOnlyWayOutIsATimersHandlerIsValid() throws {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.open)
            state(.open) {
                after(.seconds(30), send: .timeout)
                on(.timeout, to: .closed) { transition(to: .closed) }
                on(.snooze, to: .open) { dontTransition() }
            }
            state(.closed) {
                on(.open, to: .open) { transition(to: .open) }
                on(.close, to: .closed) { dontTransition() }
            }
        }
        try definition.validate()
    }

    @Test static func aTimerWhoseEventItsStateDoesNotHandleIsReportedAtTheTimer() {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.open)
            state(.open, line: 10) {
                after(.seconds(30), send: .timeout, line: 11)
                on(.timeout, to: .closed, line: 12) { transition(to: .closed) }
                on(.snooze, to: .open, line: 13) { dontTransition() }
            }
            state(.closed, line: 20) {
                after(.milliseconds(1500), send: .snooze, line: 21)
                on(.open, to: .open, line: 22) { transition(to: .open) }
                on(.close, to: .closed, line: 23) { dontTransition() }
            }
        }
        do {
            try definition.validate()
            Issue.record("the definition was valid")
        } catch {
            #expect(error.description == """
                The state machine definition has 1 problem:
                - StateMachineTests/TimerGraphTests.swift:21: `state(closed)` sends snooze after 1500 ms (`after`), but none of its handlers handles snooze, so that transition is always invalid. Add an `on(snooze)` handler to the state, or remove the delayed event.
                """)
        }
    }
}
