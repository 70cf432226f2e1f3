package com.example.onboarding

import com.tinder.StateMachine

class OnboardingWizardViewModel(
    private val analytics: OnboardingAnalytics,
    private val permissions: PermissionRequester,
    private val minInterests: Int = 3,
) {

    val stateMachine: StateMachine<OnboardingState, OnboardingEvent, OnboardingSideEffect> = StateMachine.create {
        initialState(OnboardingState.Welcome)

        state(OnboardingState.Welcome) {
            onEnter { analytics.screenViewed("welcome") }
            on(OnboardingEvent.Next) {
                transitionTo(OnboardingState.ChooseInterests(selectedCount = 0))
            }
            on(OnboardingEvent.Skip) {
                transitionTo(OnboardingState.Profile(name = "", newsletter = false))
            }
        }

        state<OnboardingState.ChooseInterests> {
            onEnter { analytics.screenViewed("interests") }
            on<OnboardingEvent.InterestToggled> {
                val count = if (it.selected) selectedCount + 1 else maxOf(0, selectedCount - 1)
                transitionTo(OnboardingState.ChooseInterests(count))
            }
            on(OnboardingEvent.Next) {
                if (selectedCount >= minInterests) {
                    transitionTo(
                        OnboardingState.Permissions.Notifications,
                        OnboardingSideEffect.RequestNotificationPermission,
                    )
                } else {
                    dontTransition()
                }
            }
            on(OnboardingEvent.Back) {
                transitionTo(OnboardingState.Welcome)
            }
        }

        state<OnboardingState.Permissions> {
            onEnter { analytics.screenViewed("permission_${javaClass.simpleName.lowercase()}") }
            on<OnboardingEvent.PermissionResult> {
                when (this) {
                    OnboardingState.Permissions.Notifications -> transitionTo(
                        OnboardingState.Permissions.Location,
                        OnboardingSideEffect.RequestLocationPermission,
                    )
                    OnboardingState.Permissions.Location -> transitionTo(OnboardingState.Profile("", newsletter = it.granted))
                }
            }
            on(OnboardingEvent.Skip) {
                when (this) {
                    is OnboardingState.Permissions.Notifications -> transitionTo(
                        OnboardingState.Permissions.Location,
                        OnboardingSideEffect.RequestLocationPermission,
                    )
                    is OnboardingState.Permissions.Location -> transitionTo(OnboardingState.Profile("", false))
                }
            }
        }

        state<OnboardingState.Profile> {
            onEnter { analytics.screenViewed("profile") }
            on<OnboardingEvent.NameChanged> {
                transitionTo(copy(name = it.name.trim().take(MAX_NAME_LENGTH)))
            }
            on<OnboardingEvent.NewsletterToggled> {
                transitionTo(copy(newsletter = it.enabled))
            }
            on(OnboardingEvent.Finish) {
                if (name.isNotEmpty()) {
                    transitionTo(OnboardingState.Done, OnboardingSideEffect.SaveProfile(name, newsletter))
                } else {
                    dontTransition()
                }
            }
        }

        state(OnboardingState.Done) {
            onEnter { analytics.stepCompleted("done", skipped = false) }
            on(OnboardingEvent.Next) {
                dontTransition(OnboardingSideEffect.OpenHome)
            }
        }

        onTransition {
            when (it) {
                is StateMachine.Transition.Valid -> {
                    if (it.toState != it.fromState) {
                        analytics.stepCompleted(stepName(it.fromState), skipped = it.event == OnboardingEvent.Skip)
                    }
                    when (it.sideEffect) {
                        OnboardingSideEffect.RequestNotificationPermission -> permissions.requestNotifications()
                        OnboardingSideEffect.RequestLocationPermission -> permissions.requestLocation()
                        else -> Unit
                    }
                }
                is StateMachine.Transition.Invalid -> analytics.unexpectedEvent("${it.event} in ${stepName(it.fromState)}")
            }
        }
    }

    private fun stepName(state: OnboardingState): String = when (state) {
        OnboardingState.Welcome -> "welcome"
        is OnboardingState.ChooseInterests -> "interests"
        is OnboardingState.Permissions -> "permissions"
        is OnboardingState.Profile -> "profile"
        OnboardingState.Done -> "done"
    }

    private companion object {
        const val MAX_NAME_LENGTH = 40
    }
}
