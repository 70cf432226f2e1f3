package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Functions the machine's types declare, called by its handlers: an enum class's function over `this`; a data class's
// functions (`copy`, a default parameter, a block body with an early `return`, a result type left to inference, one
// calling another); a sealed class's function with one body for all its cases (`when (this)`), and one each case
// overrides, whose parameter hides a field; a function only one case declares, returning a Pair the handler
// destructures; an abstract group's function its subclasses implement (`on<Pedal.Press>`); extension functions of an
// enum class and of the sealed class (called on the state without `this.`); `?: error(…)`; and a function the porter
// cannot translate (a `for` loop), whose call stays by name.

const val PRICE_PER_LITRE = 2

val LEVELS = mapOf(0 to "empty", 1 to "low", 2 to "half", 3 to "high", 4 to "full")

enum class Gear {
    LOW, MIDDLE, HIGH;

    fun up(): Gear = when (this) {
        LOW -> MIDDLE
        MIDDLE, HIGH -> HIGH
    }
}

data class Tank(val litres: Int, val capacity: Int = 40) {
    fun fill(amount: Int): Tank = copy(litres = minOf(capacity, litres + amount))

    fun burn(amount: Int = 5): Tank {
        if (amount > litres) {
            return copy(litres = 0)
        }
        return this.copy(litres = litres - amount)
    }

    fun isEmpty(): Boolean = litres == 0

    fun refuelCost(litresWanted: Int) = minOf(litresWanted, capacity - litres) * PRICE_PER_LITRE

    fun levelName(): String = LEVELS[litres / 10] ?: error("no level for $litres litres")

    fun gauge(): String {
        var text = ""
        for (i in 0 until litres / 10) text += "|"
        return text
    }
}

sealed class Drive {
    abstract val tank: Tank

    data class Parked(override val tank: Tank) : Drive() {
        override fun withTank(tank: Tank): Drive = copy(tank = tank)
    }

    data class Moving(override val tank: Tank, val gear: Gear) : Drive() {
        override fun withTank(tank: Tank): Drive = copy(tank = tank)

        /** One press of a pedal: the next state, and what the dashboard says. */
        fun step(press: Pedal.Press): Pair<Drive, String> {
            val burnt = tank.burn(press.force)
            if (burnt.isEmpty()) return Pair(Stalled(burnt, "out of fuel"), "stalled")
            val next = press.shift(gear)
            return Pair(copy(tank = burnt, gear = next), "moving in ${next.name.lowercase()}")
        }
    }

    data class Stalled(override val tank: Tank, val reason: String) : Drive() {
        override fun withTank(tank: Tank): Drive = Parked(tank)
    }

    abstract fun withTank(tank: Tank): Drive

    fun describe(): String = when (this) {
        is Parked -> "parked, ${tank.litres} l"
        is Moving -> "moving, ${tank.litres} l"
        is Stalled -> "stalled: $reason"
    }
}

fun Gear.label(): String = "gear ${this.name.lowercase()}"

fun Drive.isMoving(): Boolean = this is Drive.Moving

sealed class Pedal {
    abstract class Press : Pedal() {
        abstract val force: Int
        abstract fun shift(gear: Gear): Gear
    }

    data class Accelerate(override val force: Int) : Press() {
        override fun shift(gear: Gear): Gear = if (force > 5) gear.up().up() else gear.up()
    }

    data class Brake(override val force: Int) : Press() {
        override fun shift(gear: Gear) = Gear.LOW
    }

    data class Refuel(val litres: Int) : Pedal()
    data object Start : Pedal()
    data object Stop : Pedal()
}

sealed class Dashboard {
    data class Show(val text: String) : Dashboard()
    data class Charge(val cents: Int) : Dashboard()
}

val drive = StateMachine.create<Drive, Pedal, Dashboard> {
    initialState(Drive.Parked(Tank(12)))
    state<Drive.Parked> {
        on<Pedal.Start> {
            if (tank.isEmpty()) dontTransition(Dashboard.Show(describe())) else transitionTo(Drive.Moving(tank.burn(), Gear.LOW))
        }
        on<Pedal.Refuel> {
            transitionTo(withTank(tank.fill(amount = it.litres)), Dashboard.Charge(tank.refuelCost(it.litres)))
        }
    }
    state<Drive.Moving> {
        on<Pedal.Press> {
            val (next, message) = step(it)
            transitionTo(next, Dashboard.Show(message))
        }
        on<Pedal.Stop> {
            transitionTo(Drive.Parked(tank), Dashboard.Show(tank.gauge() + " " + tank.levelName()))
        }
        on<Pedal.Start> {
            dontTransition(Dashboard.Show(if (isMoving()) "already moving in ${gear.label()}" else "parked"))
        }
    }
    state<Drive.Stalled> {
        on<Pedal.Refuel> {
            transitionTo(withTank(tank.fill(it.litres)), Dashboard.Show(describe()))
        }
    }
}
