package com.statemachine.porter.testdata.sensor

import java.time.Instant

// The machine's types, in another file than the machine (StateMachine.kt): every payload type the porter reads.

enum class Unit2 { CELSIUS, FAHRENHEIT }

@JvmInline
value class SensorId(val raw: String)

data class Reading(val value: Double, val unit: Unit2, val takenAt: Instant?)

sealed interface SensorState {
    data object Idle : SensorState
    data class Sampling(
        val id: SensorId,
        val samples: List<Reading>,
        val count: Long,
        val gain: Float,
        val tags: Set<String>,
        val limits: Map<String, Double>,
        val grade: Char?,
    ) : SensorState
    data class Failed(val error: Throwable, val previous: SensorState) : SensorState
}

sealed class SensorEvent {
    data class Start(val id: SensorId) : SensorEvent()
    data class Sample(val reading: Reading) : SensorEvent()
    sealed class Timeout : SensorEvent() {
        data object Read : Timeout()
        data object Write : Timeout()
    }
    data object Stop : SensorEvent()
}
