package com.example.pairs.keyboard

import com.tinder.StateMachine

/** The keyboard with caps lock and num lock, with Tinder's DSL. */
sealed class KeyboardState {
    data class Keys(val capsLock: Boolean, val numLock: Boolean) : KeyboardState()
}

sealed class HardwareKeyEvent {
    data class Alpha(val char: Char) : HardwareKeyEvent()
    data class Number(val value: Int) : HardwareKeyEvent()
    object NumLock : HardwareKeyEvent()
    object CapsLock : HardwareKeyEvent()
}

enum class ArrowDirection { UP, DOWN, LEFT, RIGHT }

sealed class KeyboardOutput {
    data class AlphaNumeric(val char: Char) : KeyboardOutput()
    data class Arrow(val direction: ArrowDirection) : KeyboardOutput()
}

private fun arrowFor(number: Int): ArrowDirection? = when (number) {
    2 -> ArrowDirection.UP
    4 -> ArrowDirection.LEFT
    6 -> ArrowDirection.RIGHT
    8 -> ArrowDirection.DOWN
    else -> null
}

val keyboard = StateMachine.create<KeyboardState, HardwareKeyEvent, KeyboardOutput> {
    initialState(KeyboardState.Keys(capsLock = false, numLock = true))
    state<KeyboardState.Keys> {
        on<HardwareKeyEvent.CapsLock> { transitionTo(copy(capsLock = !capsLock)) }
        on<HardwareKeyEvent.NumLock> { transitionTo(copy(numLock = !numLock)) }
        on<HardwareKeyEvent.Alpha> { dontTransition(KeyboardOutput.AlphaNumeric(if (capsLock) it.char.uppercaseChar() else it.char)) }
        on<HardwareKeyEvent.Number> { key ->
            if (numLock) {
                dontTransition(KeyboardOutput.AlphaNumeric(key.value.toString().first()))
            } else {
                val direction = arrowFor(key.value)
                if (direction != null) dontTransition(KeyboardOutput.Arrow(direction)) else dontTransition()
            }
        }
    }
}
