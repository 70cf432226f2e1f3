import Foundation
import StateMachine
import Testing

/// R17 with R24: the history inside child machines and regions is part of a snapshot, and
/// restoring the snapshot restores it.
@Suite struct NestedSnapshotTests {

    enum Beep: Equatable { case beep }

    /// `radio` and `cd` are in "media"; `menu` goes back to its history (default `radio`).
    enum Sources: StateMachineBuilder {
        enum State: StateMachineHashable, Codable, Equatable { case radio, cd, menu }
        enum Event: StateMachineHashable { case next, menu, back }
        typealias SideEffect = Beep

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.menu)
            superstate("media", containing: .radio, .cd) {
                on(.menu) { transition(to: .menu) }
            }
            state(.radio) { on(.next) { transition(to: .cd) } }
            state(.cd) { on(.next) { transition(to: .radio) } }
            state(.menu) { on(.back, toHistoryOf: "media", default: .radio) }
        }
    }

    enum Knob: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case low, high }
        enum Event: StateMachineHashable { case turn }
        typealias SideEffect = Beep

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.low)
            state(.low) { on(.turn) { transition(to: .high) } }
            state(.high) { on(.turn) { transition(to: .low) } }
        }
    }

    /// `on` holds the sources; `off` powers on to the history of `on` (default `.on(.menu)`).
    enum Radio: StateMachineBuilder {
        enum State: StateMachineHashable, Codable, Equatable {
            case on(Sources.State), off
            enum HashableIdentifier: String { case on, off }
        }
        enum Event: StateMachineHashable { case next, menu, back, powerOn, powerOff }
        typealias SideEffect = Beep

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.on(.menu))
            state(.on) {
                child(Sources.definition, in: State.on, events: { event in
                    switch event {
                    case .next: .next
                    case .menu: .menu
                    case .back: .back
                    case .powerOn, .powerOff: nil
                    }
                })
                on(.powerOff) { transition(to: .off) }
            }
            state(.off) { on(.powerOn, toHistoryOfChild: .on, default: .on(.menu)) }
        }
    }

    typealias Snapshot<State: StateMachineHashable> = StateMachineTypes.Snapshot<State>

    /// A radio whose child left "media" in `cd`: menu, back (radio), next (cd), menu.
    static func radioThatLeftMediaInCD() throws -> StateMachine<Radio.State, Radio.Event, Beep> {
        let machine = StateMachine(definition: Radio.definition)
        for event in [Radio.Event.back, .next, .menu] { try machine.transition(event) }
        return machine
    }

    @Test func theSnapshotHoldsTheHistoryInsideTheChildByItsLevel() throws {
        let machine = try Self.radioThatLeftMediaInCD()
        #expect(machine.snapshot == Snapshot(state: .on(.menu), nestedHistory: [
            .init(level: ["on"], superstate: "media", state: .on(.cd)),
        ]))
    }

    @Test func aRestoredChildsHistoryTargetLeadsToTheSavedInnerState() throws {
        let restored = try StateMachine(definition: Radio.definition, restoring: try Self.radioThatLeftMediaInCD().snapshot)
        #expect(try restored.transition(.back).toState == .on(.cd))
    }

    @Test func withoutTheNestedHistoryTheChildsTargetIsItsDefault() throws {
        let restored = try StateMachine(definition: Radio.definition, restoring: Snapshot(state: .on(.menu)))
        #expect(try restored.transition(.back).toState == .on(.radio))
    }

    @Test func aChildLeftByItsParentKeepsItsHistoryInTheStateItWasLeftIn() throws {
        let machine = try Self.radioThatLeftMediaInCD()
        try machine.transition(.powerOff)
        #expect(machine.snapshot == Snapshot(state: .off, history: [.child(.on(.menu))], nestedHistory: [
            .init(level: ["on"], superstate: "media", state: .on(.cd)),
        ]))
        let restored = try StateMachine(definition: Radio.definition, restoring: machine.snapshot)
        #expect(try restored.transition(.powerOn).toState == .on(.menu))
        #expect(try restored.transition(.back).toState == .on(.cd))
    }

    @Test func theNestedHistoryRoundTripsThroughJSONAndOldSnapshotsStillDecode() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(try Self.radioThatLeftMediaInCD().snapshot), as: UTF8.self)
        #expect(json == #"{"history":[],"nestedHistory":[{"level":["on"],"state":{"on":{"_0":{"cd":{}}}},"superstate":"media"}],"state":{"on":{"_0":{"menu":{}}}}}"#)
        let decoded = try JSONDecoder().decode(Snapshot<Radio.State>.self, from: Data(json.utf8))
        #expect(try StateMachine(definition: Radio.definition, restoring: decoded).transition(.back).toState == .on(.cd))

        let old = #"{"history":[{"state":{"on":{"_0":{"cd":{}}}}}],"state":{"off":{}}}"#
        #expect(try JSONDecoder().decode(Snapshot<Radio.State>.self, from: Data(old.utf8)) == Snapshot(state: .off, history: [.child(.on(.cd))]))
    }

    @Test func aRegionsHistoryIsInTheSnapshotByTheRegionsName() throws {
        let definition = StateMachine<OrthogonalState<Sources.State, Knob.State>, Radio.Event, [Beep]>.Definition(
            orthogonal: Sources.definition, events: { $0 == .next ? .next : $0 == .menu ? .menu : $0 == .back ? .back : nil },
            and: Knob.definition, events: { $0 == .powerOn ? .turn : nil }
        )
        let machine = StateMachine(definition: definition)
        for event in [Radio.Event.back, .next, .menu, .powerOn] { try machine.transition(event) }
        #expect(machine.snapshot == Snapshot(state: OrthogonalState(.menu, .high), nestedHistory: [
            .init(level: ["a"], superstate: "media", state: OrthogonalState(.cd, .high)),
        ]))
        let restored = try StateMachine(definition: definition, restoring: machine.snapshot)
        #expect(try restored.transition(.back).toState == OrthogonalState(.cd, .high))
    }

    @Test func nestedHistoryThatDoesNotFitIsAnErrorNamingEveryEntry() {
        let snapshot = Snapshot<Radio.State>(state: .off, nestedHistory: [
            .init(level: ["off"], superstate: "media", state: .off),
            .init(level: ["on"], superstate: "playlist", state: .on(.cd)),
            .init(level: ["on"], superstate: "media", state: .on(.menu)),
        ])
        #expect {
            try StateMachine(definition: Radio.definition, restoring: snapshot)
        } throws: { error in
            "\(error)" == """
                The snapshot has 3 history entries that do not fit the definition:
                - The level "off" is not in the definition.
                - In the level "on": The superstate "playlist" is not in the definition.
                - In the level "on": The history of the superstate "media" is menu, a state outside it.
                Restore the snapshot's state alone to start without history.
                """
        }
    }

    /// Issue 24: two entries for one superstate or one child-holding case are refused; which
    /// one the machine would remember would be a guess.
    @Test func twoHistoryEntriesForOneTargetAreRefused() {
        let snapshot = Snapshot<Radio.State>(state: .off, history: [.child(.on(.menu)), .child(.on(.cd))], nestedHistory: [
            .init(level: ["on"], superstate: "media", state: .on(.cd)),
            .init(level: ["on"], superstate: "media", state: .on(.radio)),
        ])
        #expect {
            try StateMachine(definition: Radio.definition, restoring: snapshot)
        } throws: { error in
            "\(error)" == """
                The snapshot has 2 history entries that do not fit the definition:
                - The case on has two child history entries (the second is on(StateMachineTests.NestedSnapshotTests.Sources.State.cd)): keep one.
                - In the level "on": The superstate "media" has two history entries (the second is radio): keep one.
                Restore the snapshot's state alone to start without history.
                """
        }
    }
}
