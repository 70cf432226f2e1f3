package com.example.parking.model

import java.time.Duration

/** The city's parking zones, with their tariff and the longest stay they allow. */
enum class Zone(val centsPerHour: Long, val maxStay: Duration) {
    CENTRE(400, Duration.ofHours(2)),
    RESIDENTIAL(150, Duration.ofHours(4)),
    AIRPORT(600, Duration.ofDays(1)),
}
