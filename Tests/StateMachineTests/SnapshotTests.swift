import Foundation
import StateMachine
import Testing

/// R17 with R24: a snapshot holds the state and the history; restoring it restores both.
@Suite struct SnapshotTests {

    /// Records listener calls, in order.
    final class Log: @unchecked Sendable {
        var entries: [String] = []
        func callAsFunction(_ entry: String) { entries.append(entry) }
    }

    /// `open`, `closed` and `locked` are in "working"; `broken` goes back to its history.
    enum Door: StateMachineBuilder {
        enum State: StateMachineHashable, Codable, Equatable { case open, closed, locked, broken }
        enum Event: StateMachineHashable { case close, lock, fail, repair }
        enum SideEffect: Equatable { case alarm }

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.open)
                state(.open) { on(.close) { transition(to: .closed) } }
                state(.closed) { on(.lock) { transition(to: .locked) } }
                state(.locked) {
                    onEnter { _, _ in log("enter locked") }
                }
                state(.broken) {
                    on(.repair, toHistoryOf: "working", default: .open)
                    onEnter { _, _ in log("enter broken") }
                }
                superstate("working", containing: .open, .closed, .locked) {
                    on(.fail) { transition(to: .broken, emit: .alarm) }
                    onEnter { _, _ in log("enter working") }
                }
                onTransition { _ in log("onTransition") }
            }
        }
    }

    enum Light: StateMachineBuilder {
        enum State: StateMachineHashable, Codable, Equatable { case off, on }
        enum Event: StateMachineHashable { case toggle }
        typealias SideEffect = Room.SideEffect

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) { on(.toggle) { transition(to: .on) } }
            state(.on) { on(.toggle) { transition(to: .off) } }
        }
    }

    /// `lit` holds a light; `dark` goes back to the light as it was left.
    enum Room: StateMachineBuilder {
        enum State: StateMachineHashable, Codable, Equatable {
            case lit(Light.State), dark
            enum HashableIdentifier: String { case lit, dark }
        }
        enum Event: StateMachineHashable { case flip, leave, enter }
        enum SideEffect: Equatable { case sound }

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.lit(.off))
            state(.lit) {
                child(Light.definition, in: State.lit, events: { $0 == .flip ? .toggle : nil })
                on(.leave) { transition(to: .dark) }
            }
            state(.dark) {
                on(.enter, toHistoryOfChild: .lit, default: .lit(.off))
            }
        }
    }

    typealias Snapshot<State: StateMachineHashable> = StateMachineTypes.Snapshot<State>

    @Test func theSnapshotHoldsTheStateAndTheHistoryOfTheSuperstatesLeft() throws {
        let machine = StateMachine(definition: Door.definition(Log()))
        #expect(machine.snapshot == Snapshot(state: .open))
        try machine.transition(.close)
        try machine.transition(.lock)
        try machine.transition(.fail)
        #expect(machine.snapshot == Snapshot(state: .broken, history: [.superstate("working", .locked)]))
    }

    @Test func restoringASnapshotRestoresTheHistoryAndRunsNoListener() throws {
        let log = Log()
        let definition = Door.definition(log)
        let snapshot = Snapshot<Door.State>(state: .broken, history: [.superstate("working", .locked)])

        let restored = try StateMachine(definition: definition, restoring: snapshot)
        #expect(restored.state == .broken)
        #expect(restored.snapshot == snapshot)
        #expect(log.entries.isEmpty)
        #expect(try restored.transition(.repair).toState == .locked)
    }

    @Test func restoringABareStateStartsWithNoHistory() throws {
        let restored = StateMachine(definition: Door.definition(Log()), restoring: .broken)
        #expect(restored.snapshot == Snapshot(state: .broken))
        #expect(try restored.transition(.repair).toState == .open)
    }

    @Test func aCompositeMachinesSnapshotRoundTripsThroughJSON() throws {
        let machine = StateMachine(definition: Room.definition)
        try machine.transition(.flip)
        try machine.transition(.leave)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(machine.snapshot), as: UTF8.self)
        #expect(json == #"{"history":[{"state":{"lit":{"_0":{"on":{}}}}}],"state":{"dark":{}}}"#)

        let decoded = try JSONDecoder().decode(Snapshot<Room.State>.self, from: Data(json.utf8))
        let restored = try StateMachine(definition: Room.definition, restoring: decoded)
        #expect(restored.state == .dark)
        #expect(try restored.transition(.enter).toState == .lit(.on))
    }

    @Test func aSuperstateEntryIsEncodedWithItsName() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let snapshot = Snapshot<Door.State>(state: .broken, history: [.superstate("working", .closed)])
        let json = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        #expect(json == #"{"history":[{"state":{"closed":{}},"superstate":"working"}],"state":{"broken":{}}}"#)
        #expect(try JSONDecoder().decode(Snapshot<Door.State>.self, from: Data(json.utf8)) == snapshot)
    }

    @Test func aSnapshotWithoutHistoryDecodes() throws {
        let json = #"{"state":{"closed":{}}}"#
        #expect(try JSONDecoder().decode(Snapshot<Door.State>.self, from: Data(json.utf8)) == Snapshot(state: .closed))
    }

    @Test func historyThatDoesNotFitTheDefinitionIsAnErrorNamingEveryEntry() {
        let snapshot = Snapshot<Door.State>(state: .broken, history: [
            .superstate("operational", .locked), .superstate("working", .broken), .child(.open),
        ])
        #expect {
            try StateMachine(definition: Door.definition(Log()), restoring: snapshot)
        } throws: { error in
            "\(error)" == """
                The snapshot has 3 history entries that do not fit the definition:
                - The superstate "operational" is not in the definition.
                - The history of the superstate "working" is broken, a state outside it.
                - The child history open is in a case that holds no child machine.
                Restore the snapshot's state alone to start without history.
                """
        }
    }

    @Test func aFlatMachineHasNoHistoryAndRejectsOne() throws {
        let machine = StateMachine(definition: Light.definition)
        try machine.transition(.toggle)
        #expect(machine.snapshot == Snapshot(state: .on))
        #expect(try StateMachine(definition: Light.definition, restoring: machine.snapshot).state == .on)
        #expect {
            try StateMachine(definition: Light.definition, restoring: Snapshot(state: .on, history: [.superstate("s", .on)]))
        } throws: { error in
            (error as? StateMachineTypes.SnapshotError)?.problems == ["The superstate \"s\" is not in the definition."]
        }
    }
}
