package com.example.thermostat.model

enum class HvacMode {
    HEAT,
    COOL,
    AUTO,
    OFF,
}
