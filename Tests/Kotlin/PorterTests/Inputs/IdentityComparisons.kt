package com.example.vault

import com.tinder.StateMachine

/**
 * A vault whose failures are a sealed class of exceptions, as Android code declares them: an object, a plain class
 * (Kotlin compares its instances by identity) and a data class (by value). The porter warns at each comparison that
 * may meet two instances of the plain classes, and at none of the others.
 */
sealed class VaultFailure(message: String) : Exception(message) {
    object Jammed : VaultFailure("jammed")
    class WrongCode(val attempt: Int) : VaultFailure("wrong code $attempt")
    data class Alarm(val zone: Int) : VaultFailure("alarm in zone $zone")
}

sealed class VaultState {
    object Closed : VaultState()
    data class Failed(val failure: VaultFailure) : VaultState()
    class Opening(val seconds: Int) : VaultState()
}

sealed class VaultEvent {
    data class Fail(val failure: VaultFailure) : VaultEvent()
    data class Enter(val code: Int) : VaultEvent()
    object Retry : VaultEvent()
}

sealed class VaultEffect {
    data class Log(val text: String) : VaultEffect()
}

class Vault {
    private val seen = mutableListOf<VaultFailure>()
    private var last: VaultFailure? = null
    var changes = 0

    val stateMachine = StateMachine.create<VaultState, VaultEvent, VaultEffect> {
        initialState(VaultState.Closed)
        state<VaultState.Closed> {
            on<VaultEvent.Fail> {
                // Identity in Kotlin: a warning each.
                val repeated = it.failure == last
                val known = it.failure in seen
                seen.add(it.failure)
                last = it.failure
                // An object, a data class, null and numbers compare the same in both: no warning.
                val jammed = it.failure == VaultFailure.Jammed
                val firstAlarm = it.failure == VaultFailure.Alarm(1)
                val none = last == null
                transitionTo(VaultState.Failed(it.failure), VaultEffect.Log("repeated=$repeated known=$known jammed=$jammed alarm=$firstAlarm none=$none"))
            }
            on<VaultEvent.Enter> {
                if (it.code == 0) dontTransition() else transitionTo(VaultState.Opening(it.code))
            }
        }
        // Tinder matches a state value by equality: in Kotlin, never a new instance of a plain class. A warning.
        state(VaultState.Failed(VaultFailure.WrongCode(3))) {
            on<VaultEvent.Retry> { dontTransition() }
        }
        state<VaultState.Failed> {
            on<VaultEvent.Retry> {
                val distinct = seen.distinct().size
                transitionTo(VaultState.Closed, VaultEffect.Log("distinct=$distinct"))
            }
        }
        state<VaultState.Opening> {
            on<VaultEvent.Enter> {
                transitionTo(VaultState.Opening(it.code))
            }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            // A state that holds a plain class, or is one, compares by identity in Kotlin: a warning.
            if (valid.fromState != valid.toState) changes += 1
        }
    }
}
