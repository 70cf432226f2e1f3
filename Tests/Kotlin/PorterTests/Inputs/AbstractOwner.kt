package com.example.dimmer

import com.example.sync.observed
import com.tinder.StateMachine

/**
 * A lamp component an engine subclasses: the class is abstract (the runner makes a subclass of it, V3), and it keeps
 * its brightness in a delegate of a library the verification lacks (a stand-in that keeps the value, V11).
 */
abstract class DimmerComponent(val name: String) {
    var brightness by observed(5, ::render)
        private set

    abstract fun render()

    val stateMachine = StateMachine.create<DimmerState, DimmerEvent, DimmerEffect> {
        initialState(DimmerState.Off)
        state<DimmerState.Off> {
            on<DimmerEvent.Turn> { transitionTo(DimmerState.On, DimmerEffect.Set(it.level + 1)) }
        }
        state<DimmerState.On> {
            on<DimmerEvent.Turn> { transitionTo(DimmerState.On, DimmerEffect.Set(brightness + it.level)) }
            on<DimmerEvent.Off> { transitionTo(DimmerState.Off, DimmerEffect.Set(0)) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            val effect = valid.sideEffect
            if (effect is DimmerEffect.Set) brightness = effect.level
        }
    }
}

sealed class DimmerState {
    object Off : DimmerState()
    object On : DimmerState()
}

sealed class DimmerEvent {
    data class Turn(val level: Int) : DimmerEvent()
    object Off : DimmerEvent()
}

sealed class DimmerEffect {
    data class Set(val level: Int) : DimmerEffect()
}
