package com.example.onboarding

sealed class OnboardingState {
    data object Welcome : OnboardingState()
    data class ChooseInterests(val selectedCount: Int) : OnboardingState()

    sealed class Permissions : OnboardingState() {
        data object Notifications : Permissions()
        data object Location : Permissions()
    }

    data class Profile(val name: String, val newsletter: Boolean) : OnboardingState()
    data object Done : OnboardingState()
}

sealed class OnboardingEvent {
    data object Next : OnboardingEvent()
    data object Back : OnboardingEvent()
    data object Skip : OnboardingEvent()
    data class InterestToggled(val id: String, val selected: Boolean) : OnboardingEvent()
    data class PermissionResult(val granted: Boolean) : OnboardingEvent()
    data class NameChanged(val name: String) : OnboardingEvent()
    data class NewsletterToggled(val enabled: Boolean) : OnboardingEvent()
    data object Finish : OnboardingEvent()
}

sealed class OnboardingSideEffect {
    data object RequestNotificationPermission : OnboardingSideEffect()
    data object RequestLocationPermission : OnboardingSideEffect()
    data class SaveProfile(val name: String, val newsletter: Boolean) : OnboardingSideEffect()
    data object OpenHome : OnboardingSideEffect()
}
