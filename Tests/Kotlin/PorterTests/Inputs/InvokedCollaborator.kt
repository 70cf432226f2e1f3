package com.example.quiz

import com.example.model.Breed
import com.example.usecase.ValidateGuess
import com.tinder.StateMachine

// A use case of a file not given called as a function (`validateGuess(name, breed)`, Kotlin's `operator fun invoke`)
// with a value of a type the owner supplies (Breed): the port's protocol ValidateGuess has `callAsFunction`, and
// Breed as its primary associated type, which Collaborators fixes to its own.

sealed class GuessState {
    object Waiting : GuessState()
    data class Shown(val breed: Breed) : GuessState()
    object Right : GuessState()
}

sealed class GuessEvent {
    data class Show(val breed: Breed) : GuessEvent()
    data class Guess(val name: String) : GuessEvent()
}

sealed class GuessEffect {
    object Wrong : GuessEffect()
}

class GuessMachine(private val validateGuess: ValidateGuess) {
    private val hint = "collie"

    val machine = StateMachine.create<GuessState, GuessEvent, GuessEffect> {
        initialState(GuessState.Waiting)
        state<GuessState.Waiting> {
            on<GuessEvent.Show> { transitionTo(GuessState.Shown(it.breed)) }
        }
        state<GuessState.Shown> {
            on<GuessEvent.Guess> {
                if (validateGuess(it.name, breed)) transitionTo(GuessState.Right) else dontTransition(GuessEffect.Wrong)
            }
        }
    }
}
