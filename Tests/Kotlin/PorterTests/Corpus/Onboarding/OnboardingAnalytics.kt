package com.example.onboarding

interface OnboardingAnalytics {
    fun screenViewed(screen: String)
    fun stepCompleted(step: String, skipped: Boolean)
    fun unexpectedEvent(description: String)
}

interface PermissionRequester {
    fun requestNotifications()
    fun requestLocation()
}
