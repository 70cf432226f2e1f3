package com.example.ble

sealed class PairingState {
    data object Idle : PairingState()
    data class Scanning(val startedAtMillis: Long) : PairingState()
    data class DeviceFound(val address: String, val rssi: Int) : PairingState()
    data class Bonding(val address: String, val attempt: Int) : PairingState()
    data class Paired(val address: String, val batteryPercent: Int = UNKNOWN_BATTERY) : PairingState()
    data class Failed(val reason: String) : PairingState()

    companion object {
        const val UNKNOWN_BATTERY = -1
    }
}
