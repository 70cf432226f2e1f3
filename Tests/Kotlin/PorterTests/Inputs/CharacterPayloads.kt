package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Char payloads in every shape a field takes: alone, nullable, in a list, a set, as a map's key or value, a list in a
// map, a value class wrapping a Char and a data class holding one. Swift's `Character` is not `Codable`, so each
// type holding one codes it as a one-character string (as fixtures write a char) through a private mirror of itself.

@JvmInline
value class Key(val symbol: Char)

data class Binding(val key: Char, val action: String, val alternatives: List<Char>)

sealed class Keyboard {
    data class Typing(
        val last: Char?,
        val typed: List<Char>,
        val pressed: Set<Char>,
        val counts: Map<Char, Int>,
        val names: Map<String, Char>,
        val chords: Map<Char, List<Char>>,
    ) : Keyboard()
    data class Remapping(val from: Key, val binding: Binding) : Keyboard()
    object Locked : Keyboard()
}

sealed class KeyEvent {
    data class Press(val char: Char) : KeyEvent()
    data class Remap(val key: Key, val binding: Binding) : KeyEvent()
    data class Name(val name: String, val char: Char?) : KeyEvent()
    object Lock : KeyEvent()
}

sealed class KeySideEffect {
    data class Echo(val char: Char) : KeySideEffect()
    data class Bound(val binding: Binding?) : KeySideEffect()
}

val keyboard = StateMachine.create<Keyboard, KeyEvent, KeySideEffect> {
    initialState(Keyboard.Typing(null, listOf(), setOf(), mapOf(), mapOf(), mapOf()))
    state<Keyboard.Typing> {
        on<KeyEvent.Press> {
            transitionTo(
                Keyboard.Typing(it.char, typed + it.char, pressed + it.char, counts + (it.char to (counts[it.char] ?: 0) + 1), names, chords),
                KeySideEffect.Echo(it.char),
            )
        }
        on<KeyEvent.Name> {
            val char = it.char ?: return@on dontTransition()
            transitionTo(copy(names = names + (it.name to char)))
        }
        on<KeyEvent.Remap> {
            transitionTo(Keyboard.Remapping(it.key, it.binding), KeySideEffect.Bound(it.binding))
        }
        on<KeyEvent.Lock> {
            transitionTo(Keyboard.Locked)
        }
    }
    state<Keyboard.Remapping> {
        on<KeyEvent.Lock> {
            transitionTo(Keyboard.Locked, KeySideEffect.Bound(null))
        }
    }
}
