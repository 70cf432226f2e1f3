// Ported from OnboardingWizardViewModel.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum CorpusOnboarding: StateMachineBuilder {

    static let MAX_NAME_LENGTH = 40

    typealias State = OnboardingState
    typealias Event = OnboardingEvent
    typealias SideEffect = OnboardingSideEffect

    enum OnboardingState: StateMachineHashable, Codable, Equatable {
        case welcome
        case chooseInterests(selectedCount: Int)
        case notifications
        case location
        case profile(name: String, newsletter: Bool)
        case done

        enum HashableIdentifier: String { case welcome, chooseInterests, notifications, location, profile, done }

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .welcome: "Welcome"
            case .chooseInterests: "ChooseInterests"
            case .notifications: "Notifications"
            case .location: "Location"
            case .profile: "Profile"
            case .done: "Done"
            }
        }
    }

    enum OnboardingEvent: StateMachineHashable, Codable, Equatable {
        case next
        case back
        case skip
        case interestToggled(id: String, selected: Bool)
        case permissionResult(granted: Bool)
        case nameChanged(name: String)
        case newsletterToggled(enabled: Bool)
        case finish

        enum HashableIdentifier: String { case next, back, skip, interestToggled, permissionResult, nameChanged, newsletterToggled, finish }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .next: "Next"
            case .back: "Back"
            case .skip: "Skip"
            case let .interestToggled(id, selected): "InterestToggled(id=\(id), selected=\(selected))"
            case let .permissionResult(granted): "PermissionResult(granted=\(granted))"
            case let .nameChanged(name): "NameChanged(name=\(name))"
            case let .newsletterToggled(enabled): "NewsletterToggled(enabled=\(enabled))"
            case .finish: "Finish"
            }
        }
    }

    enum OnboardingSideEffect: Codable, Equatable {
        case requestNotificationPermission
        case requestLocationPermission
        case saveProfile(name: String, newsletter: Bool)
        case openHome
    }

    protocol OnboardingAnalytics {
        func screenViewed(_ screen: String)
        func stepCompleted(_ step: String, _ skipped: Bool)
        func unexpectedEvent(_ description: String)
    }

    protocol PermissionRequester {
        func requestNotifications()
        func requestLocation()
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var analytics: any OnboardingAnalytics { get }
        var minInterests: Int { get }
        var permissions: any PermissionRequester { get }
    }

    /// Kotlin's `OnboardingWizardViewModel.stepName`, ported.
    private static func stepName(_ state: OnboardingState) -> String {
        switch state {
        case .welcome:
            return "welcome"
        case .chooseInterests:
            return "interests"
        case .notifications, .location:
            return "permissions"
        case .profile:
            return "profile"
        case .done:
            return "done"
        }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.welcome)
            state(.eq(.welcome)) {
                onEnter { _, _ in context.analytics.screenViewed("welcome") }
                on(.eq(.next)) { transition(to: .chooseInterests(selectedCount: 0)) }
                on(.eq(.skip)) { transition(to: .profile(name: "", newsletter: false)) }
            }
            state(.chooseInterests) {
                onEnter { _, _ in context.analytics.screenViewed("interests") }
                on(.interestToggled) { state, event in
                    guard case let .chooseInterests(selectedCount) = state else { preconditionFailure() }
                    guard case let .interestToggled(_, selected) = event else { preconditionFailure() }
                    let count = selected ? selectedCount + 1 : max(0, selectedCount - 1)
                    return transition(to: .chooseInterests(selectedCount: count))
                }
                on(.eq(.next)) { state in
                    guard case let .chooseInterests(selectedCount) = state else { preconditionFailure() }
                    if selectedCount >= context.minInterests {
                        return transition(to: .notifications, emit: .requestNotificationPermission)
                    } else {
                        return dontTransition()
                    }
                }
                on(.eq(.back)) { transition(to: .welcome) }
            }
            state(.notifications) {
                onEnter { state, _ in
                    context.analytics.screenViewed("permission_\(state.simpleName.lowercased())")
                }
                on(.permissionResult) { state, event in
                    guard case let .permissionResult(granted) = event else { preconditionFailure() }
                    switch state {
                    case .notifications:
                        return transition(to: .location, emit: .requestLocationPermission)
                    case .location:
                        return transition(to: .profile(name: "", newsletter: granted))
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                }
                on(.eq(.skip)) { state in
                    switch state {
                    case .notifications:
                        return transition(to: .location, emit: .requestLocationPermission)
                    case .location:
                        return transition(to: .profile(name: "", newsletter: false))
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                }
            }
            state(.location) {
                onEnter { state, _ in
                    context.analytics.screenViewed("permission_\(state.simpleName.lowercased())")
                }
                on(.permissionResult) { state, event in
                    guard case let .permissionResult(granted) = event else { preconditionFailure() }
                    switch state {
                    case .notifications:
                        return transition(to: .location, emit: .requestLocationPermission)
                    case .location:
                        return transition(to: .profile(name: "", newsletter: granted))
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                }
                on(.eq(.skip)) { state in
                    switch state {
                    case .notifications:
                        return transition(to: .location, emit: .requestLocationPermission)
                    case .location:
                        return transition(to: .profile(name: "", newsletter: false))
                    default:
                        preconditionFailure("the Kotlin when covers every value the subject can have here")
                    }
                }
            }
            state(.profile) {
                onEnter { _, _ in context.analytics.screenViewed("profile") }
                on(.nameChanged) { state, event in
                    guard case let .profile(_, newsletter) = state else { preconditionFailure() }
                    guard case let .nameChanged(eventName) = event else { preconditionFailure() }
                    return transition(to: .profile(name: String(eventName.trimmingCharacters(in: .whitespacesAndNewlines).prefix(MAX_NAME_LENGTH)), newsletter: newsletter))
                }
                on(.newsletterToggled) { state, event in
                    guard case let .profile(name, _) = state else { preconditionFailure() }
                    guard case let .newsletterToggled(enabled) = event else { preconditionFailure() }
                    return transition(to: .profile(name: name, newsletter: enabled))
                }
                on(.eq(.finish)) { state in
                    guard case let .profile(name, newsletter) = state else { preconditionFailure() }
                    if !name.isEmpty {
                        return transition(to: .done, emit: .saveProfile(name: name, newsletter: newsletter))
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.eq(.done)) {
                onEnter { _, _ in context.analytics.stepCompleted("done", false) }
                on(.eq(.next)) { dontTransition(emit: .openHome) }
            }
            onTransition { result in
                switch result {
                case .success(let valid):
                    if valid.toState != valid.fromState {
                        context.analytics.stepCompleted(stepName(valid.fromState), valid.event == .skip)
                    }
                    switch valid.sideEffect {
                    case .requestNotificationPermission:
                        context.permissions.requestNotifications()
                    case .requestLocationPermission:
                        context.permissions.requestLocation()
                    default:
                        break
                    }
                case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid):
                    context.analytics.unexpectedEvent("\(invalid.event.kotlinText) in \(stepName(invalid.fromState))")
                case .failure:
                    break
                }
            }
        }
    }
}
