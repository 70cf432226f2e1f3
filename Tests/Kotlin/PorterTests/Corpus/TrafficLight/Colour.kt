package com.example.traffic

enum class Colour(val durationMillis: Long) {
    RED(30_000L),
    RED_AMBER(2_000L),
    GREEN(25_000L),
    AMBER(3_000L),
}
