package com.example.parking

import com.example.parking.model.Zone
import java.time.Duration
import java.time.Instant

sealed class ParkingState {
    object NoSession : ParkingState()

    data class AwaitingPayment(
        val zone: Zone,
        val where: String,
        val plate: String,
        val duration: Duration,
        val cents: Long,
    ) : ParkingState()

    data class Active(
        val zone: Zone,
        val where: String,
        val plate: String,
        val startedAt: Instant,
        val paidUntil: Instant,
    ) : ParkingState()

    data class Expired(val zone: Zone, val where: String, val plate: String, val since: Instant) : ParkingState()
}

sealed class ParkingSideEffect {
    data class RequestPayment(val cents: Long) : ParkingSideEffect()
    data class Charge(val cents: Long, val extension: Duration) : ParkingSideEffect()
    data class ShowMessage(val text: String) : ParkingSideEffect()
    data class RemindExpiry(val minutesLeft: Long) : ParkingSideEffect()
    data class EndSession(val plate: String, val unusedMinutes: Long) : ParkingSideEffect()
}

/** A session saved when the app was killed, restored when it comes back. */
data class SavedSession(
    val zone: Zone,
    val where: String,
    val plate: String,
    val startedAt: Instant,
    val paidUntil: Instant,
)
