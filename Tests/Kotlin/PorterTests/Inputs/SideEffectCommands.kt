package com.example.ble

import com.tinder.StateMachine

// Side effects that are commands: each case overrides an abstract function that takes the valid transition, and the
// listener runs the one a transition emits (`sideEffect?.execute(valid)`); a top-level function both call; `when` over
// a group of events in a handler, with `transitionTo(state = …)`.

fun debugLog(message: String) {
    println("[ble] $message")
}

sealed class DeviceState {
    object Unknown : DeviceState()
    object Disconnected : DeviceState()
    data class Connecting(val address: String, val attempt: Int) : DeviceState()
    data class Connected(val address: String) : DeviceState()
}

sealed class ConnectionEvent {
    sealed class Command : ConnectionEvent() {
        data class Connect(val address: String) : Command()
        object Disconnect : Command()
    }
    object LinkUp : ConnectionEvent()
    data class LinkLost(val reason: Int) : ConnectionEvent()
}

sealed class DeviceSideEffect {
    object LogConnected : DeviceSideEffect() {
        override fun execute(transition: StateMachine.Transition.Valid<DeviceState, ConnectionEvent, DeviceSideEffect>) {
            debugLog("connected after ${transition.fromState}")
        }
    }

    data class Retry(val delayMillis: Long) : DeviceSideEffect() {
        override fun execute(transition: StateMachine.Transition.Valid<DeviceState, ConnectionEvent, DeviceSideEffect>) {
            debugLog("retry in $delayMillis ms because of ${transition.event}")
        }
    }

    abstract fun execute(transition: StateMachine.Transition.Valid<DeviceState, ConnectionEvent, DeviceSideEffect>)
}

class BluetoothDeviceManager {
    private val maxAttempts = 3

    val stateMachine = StateMachine.create<DeviceState, ConnectionEvent, DeviceSideEffect> {
        initialState(DeviceState.Unknown)
        state<DeviceState.Unknown> {
            onEnter { debugLog("enter unknown") }
            onExit { debugLog("exit unknown") }
            on<ConnectionEvent.Command> { commandEvent ->
                debugLog("command: $commandEvent")
                when (commandEvent) {
                    is ConnectionEvent.Command.Connect -> transitionTo(
                        state = DeviceState.Connecting(commandEvent.address, attempt = 1)
                    )
                    ConnectionEvent.Command.Disconnect -> transitionTo(DeviceState.Disconnected)
                }
            }
        }
        state<DeviceState.Disconnected> {
            on<ConnectionEvent.Command.Connect> {
                transitionTo(DeviceState.Connecting(it.address, 1))
            }
        }
        state<DeviceState.Connecting> {
            on<ConnectionEvent.LinkUp> {
                transitionTo(DeviceState.Connected(address), DeviceSideEffect.LogConnected)
            }
            on<ConnectionEvent.LinkLost> { event ->
                if (attempt >= maxAttempts) {
                    transitionTo(DeviceState.Disconnected)
                } else {
                    transitionTo(copy(attempt = attempt + 1), DeviceSideEffect.Retry(250L * attempt + event.reason))
                }
            }
            on<ConnectionEvent.Command.Disconnect> { transitionTo(DeviceState.Disconnected) }
        }
        state<DeviceState.Connected> {
            on<ConnectionEvent.LinkLost> { transitionTo(DeviceState.Connecting(address, 1)) }
            on<ConnectionEvent.Command.Disconnect> { transitionTo(DeviceState.Disconnected) }
        }
        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            validTransition.sideEffect?.execute(validTransition)
        }
    }
}
