package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Top-level extensions of the files on types the port does not declare, ported as static functions of the port that
// take the receiver first: a function of `List<Chip>` with a `while` loop and the implicit receiver's `sumOf` and
// `count`, an extension property of it reading `size`, a `String` one calling `take` and `uppercase` on its implicit
// receiver, an `Int` one reading `this`, with a default; a data class's getter property; a generic extension, refused
// with a warning (its call stays by name).

data class Chip(val value: Int, val colour: String) {
    val isHigh: Boolean
        get() = value >= 25
}

sealed class Table {
    data class Open(val stack: List<Chip>, val label: String, val score: Int) : Table()
}

sealed class Play {
    data class Add(val chip: Chip) : Play()
    data class Rename(val name: String) : Play()
    data class Score(val points: Int) : Play()
    object Peek : Play()
}

fun List<Chip>.worth(): Int {
    var total = sumOf { it.value }
    var high = count { it.isHigh }
    while (total > 100 && high > 0) {
        total -= 20
        high--
    }
    return total
}

val List<Chip>.isTall: Boolean
    get() = size >= 3

fun String.initials(): String = take(2).uppercase()

fun Int.clampedTo(limit: Int = 100): Int = if (this > limit) limit else this

fun <T> List<T>.second(): T = this[1]

val table = StateMachine.create<Table, Play, Nothing> {
    initialState(Table.Open(emptyList(), "table", 0))
    state<Table.Open> {
        on<Play.Add> {
            val chips = stack + it.chip
            val worth = chips.worth()
            transitionTo(copy(stack = chips, score = if (chips.isTall) worth * 2 else worth))
        }
        on<Play.Rename> { transitionTo(copy(label = it.name.initials())) }
        on<Play.Score> { transitionTo(copy(score = it.points.clampedTo(score + 10).clampedTo())) }
        on(Play.Peek) { transitionTo(copy(label = stack.map { it.colour }.second())) }
    }
}
