package com.example.pairs.onboarding

import com.tinder.StateMachine

/** The onboarding flow, as the Android team writes it. */
sealed class OnboardingStep {
    object Initial : OnboardingStep()
    object PushNotificationsAsk : OnboardingStep()
    object PushNotificationsDisplay : OnboardingStep()
    object LocationAsk : OnboardingStep()
    object LocationDisplay : OnboardingStep()
    object Onboarded : OnboardingStep()
}

sealed class OnboardingEvent {
    object Started : OnboardingEvent()
    data class PermissionAnswered(val granted: Boolean) : OnboardingEvent()
    object Continue : OnboardingEvent()
}

sealed class OnboardingEffect {
    object AskForPushNotifications : OnboardingEffect()
    object ShowPushNotifications : OnboardingEffect()
    object AskForLocation : OnboardingEffect()
    object ShowLocation : OnboardingEffect()
    object Finish : OnboardingEffect()
}

object OnboardingFlow {
    val machine = StateMachine.create<OnboardingStep, OnboardingEvent, OnboardingEffect> {
        initialState(OnboardingStep.Initial)
        state<OnboardingStep.Initial> {
            on<OnboardingEvent.Started> { transitionTo(OnboardingStep.PushNotificationsAsk, OnboardingEffect.AskForPushNotifications) }
        }
        state<OnboardingStep.PushNotificationsAsk> {
            on<OnboardingEvent.PermissionAnswered> {
                if (it.granted) transitionTo(OnboardingStep.PushNotificationsDisplay, OnboardingEffect.ShowPushNotifications)
                else transitionTo(OnboardingStep.LocationAsk, OnboardingEffect.AskForLocation)
            }
        }
        state<OnboardingStep.PushNotificationsDisplay> {
            on<OnboardingEvent.Continue> { transitionTo(OnboardingStep.LocationAsk, OnboardingEffect.AskForLocation) }
        }
        state<OnboardingStep.LocationAsk> {
            on<OnboardingEvent.PermissionAnswered> {
                if (it.granted) transitionTo(OnboardingStep.LocationDisplay, OnboardingEffect.ShowLocation)
                else transitionTo(OnboardingStep.Onboarded, OnboardingEffect.Finish)
            }
        }
        state<OnboardingStep.LocationDisplay> {
            on<OnboardingEvent.Continue> { transitionTo(OnboardingStep.Onboarded, OnboardingEffect.Finish) }
        }
    }
}
