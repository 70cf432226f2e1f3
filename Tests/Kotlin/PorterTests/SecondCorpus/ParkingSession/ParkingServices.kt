package com.example.parking

import java.time.Instant

interface ParkingView {
    fun showMeter(plate: String, paidUntil: Instant)
    fun showMessage(text: String)
    fun hideMeter()
}

interface PaymentsApi {
    fun requestPayment(cents: Long)
    fun charge(cents: Long)
    fun rememberMethod(protocol: String)
}

interface ParkingReminders {
    fun remind(plate: String, minutesLeft: Long)
}

interface ParkingLogger {
    fun debug(message: String)
}

fun interface WallClock {
    fun now(): Instant
}
