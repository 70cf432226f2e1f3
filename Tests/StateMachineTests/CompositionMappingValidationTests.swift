import StateMachine
import Testing

/// R25 "an event mapped to nothing": a child's event mapping, called with every payload-less
/// parent event, must not send one to a child event case the child definition never handles.
@Suite struct CompositionMappingValidationTests {

    typealias Room = CompositionTests.Room
    typealias Light = CompositionTests.Light

    let file = "StateMachineTests/CompositionMappingValidationTests.swift"

    /// A light that handles only `toggle`, in its states or in a superstate (`explodes`).
    func light(explodesInSuperstate: Bool) -> StateMachine<Light.State, Light.Event, Light.SideEffect>.Definition {
        StateMachine<Light.State, Light.Event, Light.SideEffect>.Definition {
            Light.initialState(.off)
            Light.state(.off) { Light.on(.toggle) { Light.transition(to: .on) } }
            Light.state(.on) { Light.on(.toggle) { Light.transition(to: .off) } }
            Light.superstate("any", containing: .off, .on) {
                if explodesInSuperstate { Light.on(.explode) { Light.dontTransition() } }
            }
        }
    }

    func room(_ child: StateMachine<Light.State, Light.Event, Light.SideEffect>.Definition, line: Int = #line) -> StateMachine<Room.State, Room.Event, Room.SideEffect>.Definition {
        StateMachine<Room.State, Room.Event, Room.SideEffect>.Definition {
            Room.initialState(.lit(.off))
            Room.state(.lit) {
                Room.child(child, in: Room.State.lit, events: { event in
                    switch event {
                    case .flip: .toggle
                    case .blast, .reset: .explode
                    default: nil
                    }
                }, sideEffects: { _ in nil }, line: UInt(line))
                Room.on(.leave) { Room.transition(to: .dark) }
            }
            Room.state(.dark) { Room.on(.enter) { Room.transition(to: .lit(.off)) } }
        }
    }

    @Test func everyParentEventMappedToAnUnhandledChildEventIsReportedAtTheChild() {
        let line = #line
        let definition = room(light(explodesInSuperstate: false), line: line)
        do {
            try definition.validate()
            Issue.record("no problem reported")
        } catch {
            #expect(error.problems.filter { $0.line == line }.map(\.description) == [
                "\(file):\(line): the event blast is mapped to the child event explode, which no `on` handler of the child definition handles, so the child never takes it. Handle explode in the child, or map blast to nil.",
                "\(file):\(line): the event reset is mapped to the child event explode, which no `on` handler of the child definition handles, so the child never takes it. Handle explode in the child, or map reset to nil.",
            ])
        }
    }

    @Test func aChildEventHandledByASuperstateOfTheChildIsHandled() throws {
        try room(light(explodesInSuperstate: true)).validate()
    }

    enum Dimmer: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case lit(Light.State), dark(level: Int)
            enum HashableIdentifier: String { case lit, dark }
        }
        enum Event: StateMachineHashable, Equatable {
            case dim(by: Int), flip, name(String), off, pair(Int, String)
            enum HashableIdentifier: String { case dim, flip, name, off, pair }
        }
        enum SideEffect: Equatable { case clicked }
    }

    @Test func onlyThePayloadlessParentEventsAreMappedAndEachOnce() throws {
        final class Seen { var events: [Dimmer.Event] = [] }
        let seen = Seen()
        let definition = StateMachine<Dimmer.State, Dimmer.Event, Dimmer.SideEffect>.Definition {
            Dimmer.initialState(.lit(.off))
            Dimmer.state(.lit) {
                Dimmer.child(light(explodesInSuperstate: true), in: Dimmer.State.lit, events: { event in
                    seen.events.append(event)
                    return .toggle
                }, sideEffects: { _ in nil })
                Dimmer.on(.off) { Dimmer.transition(to: .dark(level: 0)) }
            }
            Dimmer.state(.dark) { Dimmer.on(.flip) { Dimmer.transition(to: .lit(.off)) } }
        }
        try definition.validate()
        #expect(seen.events == [.flip, .off])
    }
}
