package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Safe calls on a nullable value: `value?.property` and `value?.member()` are Swift's optional chaining (nil when the
// value is); `value?.let { … } ?: other` is `value.map { … } ?? other`. A collaborator's method called without its
// parameters that have default values: the Swift call passes the defaults.

data class Song(val id: String, val title: String)

sealed class Deck {
    data class Loaded(val song: Song?, val label: String?) : Deck()
}

sealed class Press {
    data class Label(val text: String?) : Press()
    object Show : Press()
    data class Load(val song: Song) : Press()
}

sealed class Screen {
    data class Line(val text: String) : Screen()
}

interface Board {
    fun put(key: String, value: String?, times: Int = 1)
}

class DeckController(private val board: Board) {

    val machine = StateMachine.create<Deck, Press, Screen> {
        initialState(Deck.Loaded(null, null))
        state<Deck.Loaded> {
            onEnter { board.put("song", song?.id) }
            on<Press.Label> {
                transitionTo(copy(label = it.text), Screen.Line("label${it.text?.let { text -> ": $text" } ?: ""}"))
            }
            on<Press.Load> {
                transitionTo(copy(song = it.song))
            }
            on<Press.Show> {
                val size = label?.length ?: -1
                dontTransition(Screen.Line("${song?.title ?: "no song"} ${label?.uppercase() ?: "none"} $size"))
            }
        }
    }
}
