package com.example.courier

import android.content.Context
import com.example.courier.settings.CourierSettings
import com.tinder.StateMachine
import java.util.logging.Logger
import kotlinx.coroutines.CoroutineScope
import com.example.courier.model.CourierModel
import org.koin.androidx.viewmodel.ext.android.viewModel

/**
 * A courier screen as an Android activity holds it: the machine is one member among the screen's others. Its events
 * carry Android's `Context`, which the owner supplies; it logs through a `java.util.logging.Logger` of its companion;
 * it reads its labels from settings of a file not given; it shows what it picked only once the screen has a scope,
 * which is null until the screen starts; an event's `context` is not the owner's. The screen's own view model
 * (`by viewModel<CourierModel>()`, asked `isFirstLaunch()`) is nothing the machine reaches, and does not compile
 * against the verification's libraries: `--verify` verifies the machine alone (Spec/VERIFY.md, V3).
 */
class CourierScreen(private val settings: CourierSettings) {

    sealed class State {
        object Idle : State()
        data class Delivering(val label: String) : State()
    }

    sealed class Event {
        data class Pick(val context: Context) : Event()
        object Deliver : Event()
    }

    sealed class SideEffect {
        object Notify : SideEffect()
        data class Show(val context: Context) : SideEffect()
    }

    companion object {
        val LOG = Logger.getLogger(CourierScreen::class.java.name)
    }

    private val model by viewModel<CourierModel>()

    var scope: CoroutineScope? = null

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Idle)
        state<State.Idle> {
            on<Event.Pick> {
                val shown: SideEffect? = if (scope == null) null else SideEffect.Show(it.context)
                transitionTo(State.Delivering(settings.label), shown)
            }
        }
        state<State.Delivering> {
            on<Event.Deliver> { transitionTo(State.Idle, SideEffect.Notify) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            LOG.info("courier: " + valid.toState)
            if (scope != null) LOG.info("scope")
        }
    }

    fun start(context: Context) {
        if (model.isFirstLaunch()) stateMachine.transition(Event.Pick(context))
    }
}
