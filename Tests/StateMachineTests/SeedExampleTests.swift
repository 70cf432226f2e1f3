import StateMachine
import Testing

/// The example machines of the seed documents, as real tests.
@Suite struct SeedExampleTests {

    // MARK: - 000: the pure turnstile

    enum PureTurnstile: StateMachineBuilder {
        enum State: StateMachineHashable { case locked, unlocked }
        enum Event: StateMachineHashable { case insertToken, admitPerson }
        enum SideEffect { case lock, unlock, ejectToken, notifySecurity }

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.locked)
            state(.locked) {
                on(.insertToken) { transition(to: .unlocked, emit: .unlock) }
                on(.admitPerson) { transition(to: .locked, emit: .notifySecurity) }
            }
            state(.unlocked) {
                on(.admitPerson) { transition(to: .locked, emit: .lock) }
                on(.insertToken) { transition(to: .unlocked, emit: .ejectToken) }
            }
        }
    }

    @Test func pureTurnstileEmitsTheSeedsCommands() throws {
        let machine = StateMachine(definition: PureTurnstile.definition)
        let commands = try [.insertToken, .admitPerson, .admitPerson, .insertToken, .insertToken]
            .map { try machine.transition($0).sideEffect }
        #expect(commands == [.unlock, .lock, .notifySecurity, .unlock, .ejectToken])
    }

    // MARK: - 001: turnstile with credit and a broken state

    enum CreditTurnstile: StateMachineBuilder {
        indirect enum State: StateMachineHashable, Equatable {
            case locked(credit: Int), unlocked, broken(oldState: State)
            enum HashableIdentifier: String { case locked, unlocked, broken }
        }
        enum Event: StateMachineHashable, Equatable {
            case insertCoin(value: Int), admitPerson, machineDidFail, machineRepairDidComplete
            enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }
        }
        enum SideEffect { case soundAlarm, closeDoors, openDoors }

        static let farePrice = 50

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.locked(credit: 0))
            state(.locked) {
                on(.insertCoin) { locked, coin in
                    let newCredit = try locked.credit() + coin.value() as Int
                    return newCredit >= farePrice
                        ? transition(to: .unlocked, emit: .openDoors)
                        : transition(to: .locked(credit: newCredit))
                }
                on(.admitPerson) { dontTransition(emit: .soundAlarm) }
                on(.machineDidFail) { locked in transition(to: .broken(oldState: locked)) }
            }
            state(.unlocked) {
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
                on(.machineDidFail) { unlocked in transition(to: .broken(oldState: unlocked)) }
            }
            state(.broken) {
                on(.machineRepairDidComplete) { transition(to: .locked(credit: 0)) }
            }
        }
    }

    @Test func creditAccumulatesUntilTheFare() {
        let definition = CreditTurnstile.definition
        let afterTwenty = definition.transition(from: .locked(credit: 0), on: .insertCoin(value: 20))
        #expect(afterTwenty.valid?.toState == .locked(credit: 20))
        #expect(afterTwenty.valid?.sideEffect == nil)
        let atFare = definition.transition(from: .locked(credit: 30), on: .insertCoin(value: 20))
        #expect(atFare.valid?.toState == .unlocked)
        #expect(atFare.valid?.sideEffect == .openDoors)
    }

    @Test func brokenTurnstileRemembersItsStateAndRepairsToLocked() throws {
        let machine = StateMachine(definition: CreditTurnstile.definition)
        try machine.transition(.insertCoin(value: 10))
        try machine.transition(.machineDidFail)
        #expect(machine.state == .broken(oldState: .locked(credit: 10)))
        #expect(machine.tryTransition(.insertCoin(value: 50)).invalid != nil)   // the seed's `default: break`
        try machine.transition(.machineRepairDidComplete)
        #expect(machine.state == .locked(credit: 0))
    }

    @Test func lockedTurnstileSoundsTheAlarm() throws {
        let machine = StateMachine(definition: CreditTurnstile.definition)
        #expect(try machine.transition(.admitPerson).sideEffect == .soundAlarm)
        #expect(machine.state == .locked(credit: 0))
    }

    // MARK: - 002: the onboarding flow, its shouldTransition rules as guards

    enum Onboarding: StateMachineBuilder {
        enum State: StateMachineHashable {
            case initial, pushNotificationsAsk, pushNotificationsDisplay, locationAsk, locationDisplay, onboarded
        }
        /// The seed moves by assigning a target state; here the request is an event carrying the
        /// target, and each state accepts exactly the targets `shouldTransition` allowed.
        enum Event: StateMachineHashable, Equatable {
            case request(State)
            enum HashableIdentifier: String { case request }
        }
        enum SideEffect { case showPushNotificationScreen, requestNotificationPermissions, showLocationScreen, requestLocationPermissions, showOnboarded }

        static func allowing(_ targets: [State], from source: State) -> Component {
            state(source) {
                on(.request, where: { event in targets.contains { .request($0) == event } }) { _, event in
                    guard case .request(let target) = event else { return dontTransition() }
                    return transition(to: target, emit: didTransition(from: source, to: target))
                }
            }
        }

        /// The seed's `didTransition`.
        static func didTransition(from: State, to: State) -> SideEffect? {
            switch (from, to) {
            case (.initial, .pushNotificationsAsk): .showPushNotificationScreen
            case (.pushNotificationsAsk, .pushNotificationsDisplay): .requestNotificationPermissions
            case (_, .locationAsk): .showLocationScreen
            case (.locationAsk, .locationDisplay): .requestLocationPermissions
            case (_, .onboarded): .showOnboarded
            default: nil
            }
        }

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.initial)
            allowing([.pushNotificationsAsk], from: .initial)
            allowing([.pushNotificationsDisplay, .locationAsk], from: .pushNotificationsAsk)
            allowing([.locationAsk], from: .pushNotificationsDisplay)
            allowing([.locationDisplay, .onboarded], from: .locationAsk)
            allowing([.onboarded], from: .locationDisplay)
            state(.onboarded)
        }
    }

    @Test func onboardingFollowsTheAllowedPath() throws {
        let machine = StateMachine(definition: Onboarding.definition)
        let effects = try [Onboarding.State.pushNotificationsAsk, .pushNotificationsDisplay, .locationAsk, .locationDisplay, .onboarded]
            .map { try machine.transition(.request($0)).sideEffect }
        #expect(effects == [.showPushNotificationScreen, .requestNotificationPermissions, .showLocationScreen, .requestLocationPermissions, .showOnboarded])
        #expect(machine.state == .onboarded)
    }

    @Test func onboardingGuardRejectsSkippingAhead() {
        let machine = StateMachine(definition: Onboarding.definition)
        let outcome = machine.tryTransition(.request(.onboarded))
        #expect(outcome.invalid?.fromState == .initial)
        #expect(machine.state == .initial)
    }

    @Test func onboardingMaySkipNotificationsButNotLocation() throws {
        let machine = StateMachine(definition: Onboarding.definition)
        try machine.transition(.request(.pushNotificationsAsk))
        try machine.transition(.request(.locationAsk))
        #expect(machine.tryTransition(.request(.pushNotificationsDisplay)).invalid != nil)
        #expect(try machine.transition(.request(.onboarded)).sideEffect == .showOnboarded)
    }

    // MARK: - 003: the SMC turnstile, and build-time validation of its table

    enum SMCTurnstile: StateMachineBuilder {
        enum State: StateMachineHashable { case locked, unlocked }
        enum Event: StateMachineHashable { case coin, pass }
        enum SideEffect { case unlock, alarm, thankyou, lock }

        static func definition() -> StateMachine<State, Event, SideEffect>.Definition {
            .init {
                initialState(.locked)
                state(.locked) {
                    on(.coin) { transition(to: .unlocked, emit: .unlock) }
                    on(.pass) { transition(to: .locked, emit: .alarm) }
                }
                state(.unlocked) {
                    on(.coin) { transition(to: .unlocked, emit: .thankyou) }
                    on(.pass) { transition(to: .locked, emit: .lock) }
                }
            }
        }
    }

    @Test func smcTurnstileFollowsUncleBobsTable() throws {
        let machine = try StateMachine(validating: SMCTurnstile.definition())
        let actions = try [.coin, .coin, .pass, .pass].map { try machine.transition($0).sideEffect }
        #expect(actions == [.unlock, .thankyou, .lock, .alarm])
    }

    // MARK: - 004: Tinder's matter and turnstile

    @Test func matterCyclesThroughItsStates() throws {
        let machine = Matter.machine()
        let valid = try machine.transition(.melt)
        #expect(valid == .init(fromState: .solid, event: .melt, toState: .liquid, sideEffect: .logMelted))
        try machine.transition(.vaporize)
        try machine.transition(.condense)
        try machine.transition(.freeze)
        #expect(machine.state == .solid)
    }

    @Test func matterRejectsImpossibleChanges() {
        #expect(Matter.machine(startingIn: .gas).tryTransition(.melt).invalid?.fromState == .gas)
    }

    @Test(arguments: [
        (TinderTurnstile.State.locked(credit: 0), TinderTurnstile.Event.insertCoin(10), TinderTurnstile.State.locked(credit: 10), TinderTurnstile.SideEffect?.none),
        (.locked(credit: 35), .insertCoin(15), .unlocked, .openDoors),
        (.locked(credit: 35), .insertCoin(20), .unlocked, .openDoors),
        (.locked(credit: 35), .admitPerson, .locked(credit: 35), .soundAlarm),
        (.locked(credit: 15), .machineDidFail, .broken(oldState: .locked(credit: 15)), .orderRepair),
        (.unlocked, .admitPerson, .locked(credit: 0), .closeDoors),
        (.broken(oldState: .locked(credit: 15)), .machineRepairDidComplete, .locked(credit: 15), nil),
    ])
    func tinderTurnstile(from: TinderTurnstile.State, event: TinderTurnstile.Event, to: TinderTurnstile.State, sideEffect: TinderTurnstile.SideEffect?) throws {
        let machine = TinderTurnstile.machine(startingIn: from)
        let valid = try machine.transition(event)
        #expect(valid == .init(fromState: from, event: event, toState: to, sideEffect: sideEffect))
        #expect(machine.state == to)
    }
}
