import StateMachine
import Testing

/// `history: .shallow` and `.deep` (rule R24): SCXML's meaning, S ⊃ X ⊃ x2.
@Suite struct HistoryKindTests {

    /// A player: superstate "player" = {radio, cd(track), settings(child)}, inside it the
    /// superstate "media" = {radio, cd} entered at `radio`; `offline` outside. The settings
    /// child: `general`, and the superstate "output" = {audio, video} entered at `audio`.
    enum Player: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case radio, cd(track: Int), settings(Settings.State), offline
            enum HashableIdentifier: String { case radio, cd, settings, offline }
        }
        enum Event: StateMachineHashable {
            case next, open, disconnect, deep, shallow, shallowNeverLeft, deepChild, shallowChild
        }
        typealias SideEffect = Never

        enum Settings: StateMachineBuilder {
            enum State: StateMachineHashable { case general, audio, video }
            enum Event: StateMachineHashable { case next }
            typealias SideEffect = Never

            static let definition = StateMachine<State, Event, SideEffect>.Definition {
                initialState(.general)
                state(.general) { on(.next) { transition(to: .video) } }
                state(.video) { on(.next) { transition(to: .audio) } }
                state(.audio) { on(.next) { transition(to: .general) } }
                superstate("output", containing: .audio, .video, initial: .audio) {}
            }
        }

        static func definition(mediaInitial: State? = .radio) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.radio)
                state(.radio) {
                    on(.next) { transition(to: .cd(track: 1)) }
                    on(.open) { transition(to: .settings(.general)) }
                }
                state(.cd) { on(.next) { transition(to: .radio) } }
                state(.settings) { child(Settings.definition, in: State.settings, events: { $0 == .next ? .next : nil }) }
                state(.offline) {
                    on(.deep, toHistoryOf: "player", default: .radio)
                    on(.shallow, toHistoryOf: "player", history: .shallow, default: .radio)
                    on(.shallowNeverLeft, toHistoryOf: "media", history: .shallow, default: .cd(track: 7))
                    on(.deepChild, toHistoryOfChild: .settings, default: .settings(.general))
                    on(.shallowChild, toHistoryOfChild: .settings, history: .shallow, default: .settings(.general))
                }
                superstate("player", containing: .radio, .cd, .settings) { on(.disconnect) { transition(to: .offline) } }
                superstate("media", containing: .radio, .cd, initial: mediaInitial) {}
            }
        }
    }

    /// The state `back` leads to after the machine left "player" from `left`.
    private func returning(from left: Player.State, by back: Player.Event) throws -> Player.State {
        let machine = StateMachine(definition: Player.definition().startingIn(left))
        try machine.transition(.disconnect)
        try machine.transition(back)
        return machine.state
    }

    @Test func deepReturnsToTheStateLeftAndIsTheDefaultKind() throws {
        #expect(try returning(from: .cd(track: 3), by: .deep) == .cd(track: 3))
        #expect(try returning(from: .settings(.video), by: .deep) == .settings(.video))
    }

    @Test func shallowReturnsToTheNestedSuperstateAtItsInitialState() throws {
        // player ⊃ media ⊃ cd: the direct substate of player is media, entered at radio.
        #expect(try returning(from: .cd(track: 3), by: .shallow) == .radio)
    }

    @Test func shallowReturnsToADirectMemberWithItsChildAtTheChildsInitialState() throws {
        #expect(try returning(from: .settings(.video), by: .shallow) == .settings(.general))
    }

    @Test func shallowHistoryOfAChildReturnsToTheChildsDirectSubstate() throws {
        // The child's level: video is inside "output", entered at audio.
        #expect(try returning(from: .settings(.video), by: .shallowChild) == .settings(.audio))
        #expect(try returning(from: .settings(.video), by: .deepChild) == .settings(.video))
        #expect(try returning(from: .settings(.general), by: .shallowChild) == .settings(.general))
    }

    @Test func theDefaultIsTakenAsWrittenWhenNothingIsRemembered() throws {
        let machine = StateMachine(definition: Player.definition().startingIn(.offline))
        try machine.transition(.shallowNeverLeft)
        #expect(machine.state == .cd(track: 7))
    }

    @Test func aShallowTargetOverASuperstateWithoutInitialIsReported() {
        let problems: [String]
        do {
            try Player.definition(mediaInitial: nil).validate()
            problems = []
        } catch {
            problems = error.problems.map(\.message)
        }
        #expect(problems == [
            "this handler goes to the shallow history of \"player\", which returns to the superstate \"media\" inside it at its `initial:` state, and \"media\" has none: add `initial:` to superstate \"media\", or write `history: .deep`."
        ])
        #expect(throws: Never.self) { try Player.definition().validate() }
    }

    @Test func anInitialStateOutsideItsSuperstateIsReported() {
        do {
            try Player.definition(mediaInitial: .offline).validate()
            Issue.record("validate() accepted an initial: state outside its superstate")
        } catch {
            #expect(error.problems.map(\.message) == [
                "the `initial:` state of the superstate \"media\" is offline, which it does not contain: name one of its cases."
            ])
        }
    }
}

/// `reenter: true` on a superstate's handler (rule R29).
@Suite struct ReenterTests {

    final class Log: @unchecked Sendable {
        var entries: [String] = []
        func callAsFunction(_ entry: String) { entries.append(entry) }
    }

    /// "player" = {stopped, playing, "media" = {playing}}: `reset` (re-entering) and `restart`
    /// (local) both go from inside to `stopped`; `again` re-enters from `stopped` to itself.
    enum Player: StateMachineBuilder {
        enum State: StateMachineHashable { case stopped, playing, offline }
        enum Event: StateMachineHashable { case play, reset, restart, again, away, back }
        typealias SideEffect = Never

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.playing)
                state(.stopped) {
                    on(.play) { transition(to: .playing) }
                    onEnter { _, _ in log("enter stopped") }
                    onExit { _, _ in log("exit stopped") }
                }
                state(.playing) {
                    on(.away) { transition(to: .offline) }
                    onEnter { _, _ in log("enter playing") }
                    onExit { _, _ in log("exit playing") }
                }
                state(.offline) { on(.back, toHistoryOf: "player", default: .playing) }
                superstate("player", containing: .stopped, .playing) {
                    on(.reset, reenter: true) { transition(to: .stopped) }
                    on(.restart) { transition(to: .stopped) }
                    on(.again, reenter: true) { dontTransition() }
                    onEnter { _, _ in log("enter player") }
                    onExit { _, _ in log("exit player") }
                }
                superstate("media", containing: .playing) {
                    onEnter { _, _ in log("enter media") }
                    onExit { _, _ in log("exit media") }
                }
            }
        }
    }

    @Test func aReenteringHandlerExitsInnermostFirstThenEntersOutermostFirst() throws {
        let log = Log()
        let machine = StateMachine(definition: Player.definition(log))
        try machine.transition(.reset)
        #expect(log.entries == ["exit playing", "exit media", "exit player", "enter player", "enter stopped"])
    }

    @Test func withoutReenterTheSuperstateIsNotLeft() throws {
        let log = Log()
        let machine = StateMachine(definition: Player.definition(log))
        try machine.transition(.restart)
        #expect(log.entries == ["exit playing", "exit media", "enter stopped"])
    }

    @Test func aReenteringDontTransitionLeavesAndEntersTheStateAndTheSuperstate() throws {
        let log = Log()
        let machine = StateMachine(definition: Player.definition(log).startingIn(.stopped))
        try machine.transition(.again)
        #expect(log.entries == ["exit stopped", "exit player", "enter player", "enter stopped"])
    }
}
