package com.example.vault

import com.tinder.StateMachine

/**
 * A vault whose failures are a sealed class of exceptions, as Android code declares them: a plain class (Kotlin
 * compares its instances by identity), an object and a data class (by value). The porter warns at each comparison
 * that may meet two instances of the plain classes, and at none of the others; `--verify` shows the first one that
 * differs.
 */
sealed class VaultFailure(message: String) : Exception(message) {
    class BadCode(val attempt: Int) : VaultFailure("bad code $attempt")
    object Jammed : VaultFailure("jammed")
    data class Tripped(val zone: Int) : VaultFailure("tripped in zone $zone")
}

sealed class VaultState {
    object Closed : VaultState()
    data class Failed(val failure: VaultFailure) : VaultState()
    class Opening(val seconds: Int) : VaultState()
}

sealed class VaultEvent {
    data class Enter(val code: Int) : VaultEvent()
    data class Fail(val failure: VaultFailure) : VaultEvent()
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
                val tripped = it.failure == VaultFailure.Tripped(7)
                val none = last == null
                transitionTo(VaultState.Failed(it.failure), VaultEffect.Log("repeated=$repeated known=$known jammed=$jammed tripped=$tripped none=$none"))
            }
            on<VaultEvent.Enter> {
                if (it.code == 0) dontTransition() else transitionTo(VaultState.Opening(it.code))
            }
        }
        // Tinder matches a state value by equality: in Kotlin, never a new instance of a plain class. A warning.
        state(VaultState.Failed(VaultFailure.BadCode(3))) {
            on<VaultEvent.Retry> { dontTransition() }
        }
        state<VaultState.Failed> {
            on<VaultEvent.Fail> {
                // Two events made apart carry two instances: never the same one in Kotlin. A warning.
                transitionTo(VaultState.Failed(it.failure), VaultEffect.Log("same=${it.failure == failure}"))
            }
            on<VaultEvent.Retry> {
                // A when branch is matched by equality too: a warning for BadCode, none for the object.
                val kind = when (failure) {
                    VaultFailure.BadCode(1) -> "first"
                    VaultFailure.Jammed -> "jammed"
                    else -> "other"
                }
                val distinct = seen.distinct().size
                transitionTo(VaultState.Closed, VaultEffect.Log("distinct=$distinct kind=$kind"))
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
