package com.example.ride

sealed class TripState(val title: String) {
    data object Idle : TripState("Where to?")
    data class Requesting(val pickup: String, val dropoff: String) : TripState("Finding your driver")
    data class DriverAssigned(val driverName: String, val etaMinutes: Int) : TripState("$driverName is on the way")
    data class OnTrip(val driverName: String, val distanceMeters: Long) : TripState("On your way")
    data class Completed(val fareCents: Long) : TripState("You have arrived")
    data class Cancelled(val reason: String, val feeCents: Long) : TripState("Trip cancelled")
}
