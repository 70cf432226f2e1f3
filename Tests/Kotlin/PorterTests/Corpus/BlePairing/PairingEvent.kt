package com.example.ble

sealed class PairingEvent {
    data object StartScan : PairingEvent()
    data class DeviceDiscovered(
        val address: String,
        val name: String,
        val rssi: Int,
    ) : PairingEvent()
    data object Pair : PairingEvent()
    data object Bonded : PairingEvent()
    data class BondFailed(val status: Int) : PairingEvent()
    data class BatteryLevelRead(val percent: Int) : PairingEvent()
    data object LinkLost : PairingEvent()
    data object Cancel : PairingEvent()

    sealed class Timeout : PairingEvent() {
        data object Scan : Timeout()
        data object Bond : Timeout()
    }
}

sealed class PairingSideEffect {
    data object StartScanning : PairingSideEffect()
    data object StopScanning : PairingSideEffect()
    data class CreateBond(val address: String) : PairingSideEffect()
    data class ReadBattery(val address: String) : PairingSideEffect()
    data class ShowError(val message: String) : PairingSideEffect()
}
