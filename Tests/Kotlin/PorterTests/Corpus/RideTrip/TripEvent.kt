package com.example.ride

sealed class TripEvent {
    data class RequestRide(val pickup: String, val dropoff: String) : TripEvent()
    data class DriverAccepted(val driverName: String, val etaMinutes: Int) : TripEvent()
    data class EtaUpdated(val minutes: Int) : TripEvent()
    data object NoDriversFound : TripEvent()
    data object PickedUp : TripEvent()
    data class DistanceUpdated(val meters: Long) : TripEvent()
    data object DroppedOff : TripEvent()
    data object Cancel : TripEvent()
}

sealed class TripSideEffect {
    data class SearchDrivers(val pickup: String) : TripSideEffect()
    data class NotifyRider(val message: String) : TripSideEffect()
    data class ChargeFare(val cents: Long) : TripSideEffect()
    data class ChargeCancellationFee(val cents: Long) : TripSideEffect()
}
