package com.example.locker

import android.os.Parcelable
import androidx.lifecycle.ViewModel
import com.tinder.StateMachine
import javax.inject.Inject
import javax.inject.Named
import kotlinx.parcelize.Parcelize

/** States a view model keeps across process death: Parcelable, as Android teams write them. */
@Parcelize
sealed class ParcelLockerState : Parcelable {
    @Parcelize object Closed : ParcelLockerState()
    @Parcelize data class Loading(val parcels: Int) : ParcelLockerState()
    @Parcelize data class Paying(val fee: Int) : ParcelLockerState()
}

sealed class ParcelLockerEvent {
    data class Drop(val parcels: Int) : ParcelLockerEvent()
    object Pay : ParcelLockerEvent()
    object Cancel : ParcelLockerEvent()
}

sealed class ParcelLockerEffect {
    data class Charge(val amount: Int) : ParcelLockerEffect()
    object Unlock : ParcelLockerEffect()
}

interface ParcelPrinter {
    fun print(line: String)
}

/** A view model made by the dependency injector, with a named printer. */
class ParcelLockerViewModel @Inject constructor(
    @Named("receipts") private val printer: ParcelPrinter,
) : ViewModel() {

    val stateMachine = StateMachine.create<ParcelLockerState, ParcelLockerEvent, ParcelLockerEffect> {
        initialState(ParcelLockerState.Closed)
        state<ParcelLockerState.Closed> {
            on<ParcelLockerEvent.Drop> { transitionTo(ParcelLockerState.Loading(it.parcels)) }
        }
        state<ParcelLockerState.Loading> {
            on<ParcelLockerEvent.Drop> { transitionTo(ParcelLockerState.Loading(parcels + it.parcels)) }
            on<ParcelLockerEvent.Pay> {
                transitionTo(ParcelLockerState.Paying(parcels * FEE), ParcelLockerEffect.Charge(parcels * FEE))
            }
            on<ParcelLockerEvent.Cancel> { transitionTo(ParcelLockerState.Closed, ParcelLockerEffect.Unlock) }
        }
        state<ParcelLockerState.Paying> {
            on<ParcelLockerEvent.Cancel> { transitionTo(ParcelLockerState.Closed, ParcelLockerEffect.Unlock) }
        }
        onTransition {
            val sideEffect = (it as? StateMachine.Transition.Valid)?.sideEffect ?: return@onTransition
            when (sideEffect) {
                is ParcelLockerEffect.Charge -> printer.print("charge ${sideEffect.amount}")
                ParcelLockerEffect.Unlock -> printer.print("unlock")
            }
        }
    }

    @JvmSuppressWildcards
    private companion object {
        const val FEE = 3
    }
}
