package com.example.ble

interface BleScanner {
    fun startScan()
    fun stopScan()
}

interface BondManager {
    fun createBond(address: String)
    fun readBatteryLevel(address: String)
}

interface TimeSource {
    fun nowMillis(): Long
}

interface PairingLogger {
    fun entered(state: PairingState, cause: PairingEvent)
    fun exited(state: PairingState, cause: PairingEvent)
    fun log(message: String)
}
