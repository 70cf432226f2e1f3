@_spi(Tooling) import StateMachine
import Testing

/// The tooling handler that goes to a history target in some of its cases only (what the
/// fixture runner builds for an `if` with a history target in a branch).
@Suite struct ChosenHistoryTests {

    /// States and events identified by their text.
    enum Player: StateMachineBuilder {
        struct Name: StateMachineHashable, Equatable, ExpressibleByStringLiteral {
            let text: String
            init(stringLiteral text: String) { self.text = text }
            var hashableIdentifier: String { text }
        }
        typealias State = Name
        typealias Event = Name
        typealias SideEffect = Name

        /// `reconnect` goes to the history of "player" (default `stopped`) when `resume`, else
        /// to `stopped`; its history branch also names "nowhere".
        static func definition(names: [String], line: UInt = #line) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState("stopped")
                state("stopped") { on("play") { transition(to: "playing") } }
                state("playing") { on("stop") { transition(to: "stopped") } }
                state("offline") {
                    on(.any("reconnect"), choosingHistoryOf: names, target: { _, event, remembered in
                        event.text == "reconnect" && resume ? (remembered("player", .deep) ?? "stopped") : nil
                    }, line: line) { _, _ in
                        resume ? dontTransition(emit: "resumed") : transition(to: "stopped", emit: "restarted")
                    }
                }
                superstate("player", containing: "stopped", "playing") { on("disconnect") { transition(to: "offline") } }
            }
        }

        nonisolated(unsafe) static var resume = true
    }

    @Test func theHistoryBranchGoesToTheRememberedStateAndTheOtherToItsTarget() throws {
        let machine = StateMachine(definition: Player.definition(names: ["player"]))
        try machine.transition("play")
        try machine.transition("disconnect")
        Player.resume = true
        #expect(try machine.transition("reconnect").sideEffect == "resumed")
        #expect(machine.state == "playing")
        try machine.transition("disconnect")
        Player.resume = false
        #expect(try machine.transition("reconnect").sideEffect == "restarted")
        #expect(machine.state == "stopped")
    }

    @Test func everyNamedHistoryTargetIsValidated() {
        let line = #line
        do {
            try Player.definition(names: ["player", "nowhere"], line: UInt(line)).validate()
            Issue.record("no problem reported")
        } catch {
            #expect(error.problems.filter { $0.message.contains("history") }.map(\.description) == [
                "StateMachineTests/ChosenHistoryTests.swift:\(line): this handler goes to the history of \"nowhere\", which is neither a superstate nor a child-holding case of this machine.",
            ])
        }
    }
}
