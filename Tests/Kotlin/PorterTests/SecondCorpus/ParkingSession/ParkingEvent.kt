package com.example.parking

import com.example.parking.model.Zone
import java.time.Duration

sealed class ParkingEvent {
    data class Start(val zone: Zone, val where: String, val plate: String, val duration: Duration) : ParkingEvent()
    data class PaymentAccepted(val protocol: String, val default: Boolean = false) : ParkingEvent()
    data class PaymentDeclined(val reason: String) : ParkingEvent()
    data class Extend(val extension: Duration) : ParkingEvent()
    object Tick : ParkingEvent()
    object Stop : ParkingEvent()
}
