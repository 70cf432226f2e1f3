import StateMachine
import Testing

/// Tinder 0.3's hand-written conformance inside a public enum, and a payload-less public enum.
public enum Door {

    public enum State: StateMachineHashable, Equatable {
        case open, closed(lockedBy: String?)

        public enum HashableIdentifier { case open, closed }

        public var hashableIdentifier: HashableIdentifier {
            switch self {
            case .open: return .open
            case .closed: return .closed
            }
        }

        public var associatedValue: Any {
            switch self {
            case .open: return ()
            case let .closed(lockedBy): return lockedBy as Any
            }
        }
    }

    public enum Event: StateMachineHashable { case push, pull }
}

@Suite struct HandWrittenPublicTypesTests: StateMachineBuilder {
    typealias State = Door.State
    typealias Event = Door.Event
    typealias SideEffect = Never

    @Test static func pushingClosesAndPullingOpens() throws {
        let machine = StateMachine<State, Event, SideEffect> {
            initialState(.open)
            state(.open) { on(.push) { transition(to: .closed(lockedBy: nil)) } }
            state(.closed) { on(.pull) { transition(to: .open) } }
        }
        try machine.transition(.push)
        #expect(machine.state == .closed(lockedBy: nil))
        try machine.transition(.pull)
        #expect(machine.state == .open)
    }
}
