// Ported from OnboardingWizardViewModel.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

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
    }

    enum OnboardingSideEffect: Codable, Equatable {
        case requestNotificationPermission
        case requestLocationPermission
        case saveProfile(name: String, newsletter: Bool)
        case openHome
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.welcome)
        state(.eq(.welcome)) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 15: the name `analytics`
                // onEnter { analytics.screenViewed("welcome") }
                fatalError("port: OnboardingWizardViewModel.kt:15: the name `analytics` is not ported")
            }
            on(.eq(.next)) { transition(to: .chooseInterests(selectedCount: 0)) }
            on(.eq(.skip)) { transition(to: .profile(name: "", newsletter: false)) }
        }
        state(.chooseInterests) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 25: the name `analytics`
                // onEnter { analytics.screenViewed("interests") }
                fatalError("port: OnboardingWizardViewModel.kt:25: the name `analytics` is not ported")
            }
            on(.interestToggled) { state, event in
                let count = try (event.selected() as Bool) ? (state.selectedCount() as Int) + 1 : max(0, (state.selectedCount() as Int) - 1)
                return transition(to: .chooseInterests(selectedCount: count))
            }
            on(.eq(.next)) {
                // port: not ported, Kotlin line 31: the name `minInterests`
                // if (selectedCount >= minInterests) {
                //     transitionTo(
                //         OnboardingState.Permissions.Notifications,
                //         OnboardingSideEffect.RequestNotificationPermission,
                //     )
                // } else {
                //     dontTransition()
                // }
                fatalError("port: OnboardingWizardViewModel.kt:31: the name `minInterests` is not ported")
            }
            on(.eq(.back)) { transition(to: .welcome) }
        }
        state(.notifications) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 46: the name `analytics`
                // onEnter { analytics.screenViewed("permission_${javaClass.simpleName.lowercase()}") }
                fatalError("port: OnboardingWizardViewModel.kt:46: the name `analytics` is not ported")
            }
            on(.permissionResult) { state, event in
                switch state {
                case .notifications:
                    return transition(to: .location, emit: .requestLocationPermission)
                case .location:
                    return try transition(to: .profile(name: "", newsletter: (event.granted() as Bool)))
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
            onEnter { _, _ in
                // port: not ported, Kotlin line 46: the name `analytics`
                // onEnter { analytics.screenViewed("permission_${javaClass.simpleName.lowercase()}") }
                fatalError("port: OnboardingWizardViewModel.kt:46: the name `analytics` is not ported")
            }
            on(.permissionResult) { state, event in
                switch state {
                case .notifications:
                    return transition(to: .location, emit: .requestLocationPermission)
                case .location:
                    return try transition(to: .profile(name: "", newsletter: (event.granted() as Bool)))
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
            onEnter { _, _ in
                // port: not ported, Kotlin line 68: the name `analytics`
                // onEnter { analytics.screenViewed("profile") }
                fatalError("port: OnboardingWizardViewModel.kt:68: the name `analytics` is not ported")
            }
            on(.nameChanged) {
                // port: not ported, Kotlin line 70: a call on a value `it.name.trim()`
                // transitionTo(copy(name = it.name.trim().take(MAX_NAME_LENGTH)))
                fatalError("port: OnboardingWizardViewModel.kt:70: a call on a value `it.name.trim()` is not ported")
            }
            on(.newsletterToggled) { state, event in
                try transition(to: .profile(name: (state.name() as String), newsletter: (event.enabled() as Bool)))
            }
            on(.eq(.finish)) {
                // port: not ported, Kotlin line 76: a call on a value `name.isNotEmpty()`
                // if (name.isNotEmpty()) {
                //     transitionTo(OnboardingState.Done, OnboardingSideEffect.SaveProfile(name, newsletter))
                // } else {
                //     dontTransition()
                // }
                fatalError("port: OnboardingWizardViewModel.kt:76: a call on a value `name.isNotEmpty()` is not ported")
            }
        }
        state(.eq(.done)) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 85: the name `analytics`
                // onEnter { analytics.stepCompleted("done", skipped = false) }
                fatalError("port: OnboardingWizardViewModel.kt:85: the name `analytics` is not ported")
            }
            on(.eq(.next)) { dontTransition(emit: .openHome) }
        }
        onTransition { _ in
            // port: not ported, Kotlin line 93: the type check `is StateMachine.Transition.Valid`
            // when (it) {
            //     is StateMachine.Transition.Valid -> {
            //         if (it.toState != it.fromState) {
            //             analytics.stepCompleted(stepName(it.fromState), skipped = it.event == OnboardingEvent.Skip)
            //         }
            //         when (it.sideEffect) {
            //             OnboardingSideEffect.RequestNotificationPermission -> permissions.requestNotifications()
            //             OnboardingSideEffect.RequestLocationPermission -> permissions.requestLocation()
            //             else -> Unit
            //         }
            //     }
            //     is StateMachine.Transition.Invalid -> analytics.unexpectedEvent("${it.event} in ${stepName(it.fromState)}")
            // }
            fatalError("port: OnboardingWizardViewModel.kt:93: the type check `is StateMachine.Transition.Valid` is not ported")
        }
    }
}
