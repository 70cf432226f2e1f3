package com.example.ble

import com.tinder.StateMachine

class BlePairingController(
    private val scanner: BleScanner,
    private val bondManager: BondManager,
    private val timeSource: TimeSource,
    private val logger: PairingLogger,
) {

    val stateMachine = StateMachine.create<PairingState, PairingEvent, PairingSideEffect> {
        initialState(PairingState.Idle)

        state<PairingState.Idle> {
            on<PairingEvent.StartScan> {
                transitionTo(PairingState.Scanning(timeSource.nowMillis()), PairingSideEffect.StartScanning)
            }
        }

        state<PairingState.Scanning> {
            onEnter { logger.entered(this, it) }
            onExit { logger.exited(this, it) }
            on(any<PairingEvent.DeviceDiscovered>().where { rssi >= MIN_RSSI && name.startsWith(DEVICE_PREFIX) }) {
                transitionTo(PairingState.DeviceFound(it.address, it.rssi), PairingSideEffect.StopScanning)
            }
            on<PairingEvent.DeviceDiscovered> {
                logger.log("ignoring ${it.name} (${it.address}) at ${it.rssi} dBm")
                dontTransition()
            }
            on<PairingEvent.Timeout> {
                transitionTo(PairingState.Failed("No device found"), PairingSideEffect.StopScanning)
            }
            on(PairingEvent.Cancel) {
                transitionTo(PairingState.Idle, PairingSideEffect.StopScanning)
            }
        }

        state<PairingState.DeviceFound> {
            on(PairingEvent.Pair) {
                transitionTo(PairingState.Bonding(address, attempt = 1), PairingSideEffect.CreateBond(address))
            }
            on<PairingEvent.DeviceDiscovered> {
                if (it.address != address && it.rssi > rssi + RSSI_HYSTERESIS) {
                    transitionTo(PairingState.DeviceFound(it.address, it.rssi))
                } else {
                    dontTransition()
                }
            }
            on(PairingEvent.Cancel) {
                transitionTo(PairingState.Idle)
            }
        }

        state<PairingState.Bonding> {
            onEnter { logger.entered(this, it) }
            onExit { logger.exited(this, it) }
            on(PairingEvent.Bonded) {
                transitionTo(PairingState.Paired(address), PairingSideEffect.ReadBattery(address))
            }
            on<PairingEvent.BondFailed> {
                if (attempt < MAX_BOND_ATTEMPTS) {
                    transitionTo(copy(attempt = attempt + 1), PairingSideEffect.CreateBond(address))
                } else {
                    val reason = "Bonding failed with status ${it.status}"
                    transitionTo(PairingState.Failed(reason), PairingSideEffect.ShowError("$reason after $attempt attempts"))
                }
            }
            on<PairingEvent.Timeout> {
                when (it) {
                    PairingEvent.Timeout.Bond -> if (attempt < MAX_BOND_ATTEMPTS) {
                        transitionTo(copy(attempt = attempt + 1), PairingSideEffect.CreateBond(address))
                    } else {
                        transitionTo(
                            PairingState.Failed("Bonding timed out"),
                            PairingSideEffect.ShowError("Bonding timed out after $attempt attempts"),
                        )
                    }
                    PairingEvent.Timeout.Scan -> dontTransition()
                }
            }
        }

        state<PairingState.Paired> {
            onEnter { logger.entered(this, it) }
            onExit { logger.exited(this, it) }
            on<PairingEvent.BatteryLevelRead> {
                transitionTo(copy(batteryPercent = it.percent.coerceIn(0, 100)))
            }
            on(PairingEvent.LinkLost) {
                transitionTo(PairingState.Bonding(address, attempt = 1), PairingSideEffect.CreateBond(address))
            }
        }

        state<PairingState.Failed> {
            on<PairingEvent.StartScan> {
                transitionTo(PairingState.Scanning(timeSource.nowMillis()), PairingSideEffect.StartScanning)
            }
        }

        onTransition { transition ->
            (transition as? StateMachine.Transition.Valid)?.let { valid ->
                perform(valid.sideEffect)
            } ?: logger.log("ignored ${transition.event} in ${transition.fromState}")
        }
    }

    private fun perform(sideEffect: PairingSideEffect?) {
        when (sideEffect) {
            PairingSideEffect.StartScanning -> scanner.startScan()
            PairingSideEffect.StopScanning -> scanner.stopScan()
            is PairingSideEffect.CreateBond -> bondManager.createBond(sideEffect.address)
            is PairingSideEffect.ReadBattery -> bondManager.readBatteryLevel(sideEffect.address)
            is PairingSideEffect.ShowError -> logger.log(sideEffect.message)
            null -> Unit
        }
    }

    companion object {
        const val MIN_RSSI = -80
        const val RSSI_HYSTERESIS = 10
        const val MAX_BOND_ATTEMPTS = 3
        const val DEVICE_PREFIX = "Acme"
    }
}
