import StateMachine

/// The onboarding flow of "State Machines and the view", written for Swift: ask for push notifications, then for the
/// location, showing what each permission gives when it is granted.
public enum Onboarding: StateMachineBuilder {
    public enum State: StateMachineHashable, Codable, Equatable {
        case welcome, pushNotificationsAsk, pushNotificationsDisplay, locationAsk, locationDisplay, onboarded
        public enum HashableIdentifier: String {
            case welcome, pushNotificationsAsk, pushNotificationsDisplay, locationAsk, locationDisplay, onboarded
        }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case start
        case answer(granted: Bool)
        case next
        public enum HashableIdentifier: String { case start, answer, next }
    }

    public enum SideEffect: Codable, Equatable {
        case askForPushNotifications, showPushNotifications, askForLocation, showLocation, finish
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.welcome)
        state(.welcome) {
            on(.start) { transition(to: .pushNotificationsAsk, emit: .askForPushNotifications) }
        }
        state(.pushNotificationsAsk) {
            on(.answer, where: { try $0.granted() }) { transition(to: .pushNotificationsDisplay, emit: .showPushNotifications) }
            on(.answer) { transition(to: .locationAsk, emit: .askForLocation) }
        }
        state(.pushNotificationsDisplay) {
            on(.next) { transition(to: .locationAsk, emit: .askForLocation) }
        }
        state(.locationAsk) {
            on(.answer, where: { try $0.granted() }) { transition(to: .locationDisplay, emit: .showLocation) }
            on(.answer) { transition(to: .onboarded, emit: .finish) }
        }
        state(.locationDisplay) {
            on(.next) { transition(to: .onboarded, emit: .finish) }
        }
    }
}
