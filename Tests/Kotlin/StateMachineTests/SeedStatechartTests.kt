package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.region
import com.statemachine.spec.superstate
import com.statemachine.spec.transitionToHistory
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// Seed 001 ("A composable pattern for pure state machines with effects") as Kotlin statecharts: the
// hierarchical turnstile (a functioning machine inside the parent's Functioning state, failure handled once
// above it) and the keyboard (caps lock and num lock machines side by side).

// --- The functioning turnstile, usable alone ---------------------------------------------------------

sealed class FunctioningTurnstile {
    data class Locked(val credit: Int) : FunctioningTurnstile()
    data object Unlocked : FunctioningTurnstile()
}

sealed class FunctioningEvent {
    data class InsertCoin(val value: Int) : FunctioningEvent()
    data object AdmitPerson : FunctioningEvent()
}

enum class TurnstileCommand { SoundAlarm, CloseDoors, OpenDoors }

const val FARE_PRICE = 50

val functioningTurnstile = StateMachine.graph<FunctioningTurnstile, FunctioningEvent, TurnstileCommand> {
    initialState(FunctioningTurnstile.Locked(credit = 0))
    state<FunctioningTurnstile.Locked> {
        on<FunctioningEvent.InsertCoin> { coin ->
            val newCredit = credit + coin.value
            if (newCredit >= FARE_PRICE) transitionTo(FunctioningTurnstile.Unlocked, TurnstileCommand.OpenDoors)
            else transitionTo(FunctioningTurnstile.Locked(newCredit))
        }
        on<FunctioningEvent.AdmitPerson> { dontTransition(TurnstileCommand.SoundAlarm) }
    }
    state<FunctioningTurnstile.Unlocked> {
        on<FunctioningEvent.AdmitPerson> { transitionTo(FunctioningTurnstile.Locked(credit = 0), TurnstileCommand.CloseDoors) }
    }
}

// --- The hierarchical turnstile ----------------------------------------------------------------------

sealed class ChartTurnstile {
    data class Functioning(val state: FunctioningTurnstile) : ChartTurnstile()
    data class Broken(val oldState: FunctioningTurnstile) : ChartTurnstile()
}

sealed class ChartTurnstileEvent {
    data class InsertCoin(val value: Int) : ChartTurnstileEvent()
    data object AdmitPerson : ChartTurnstileEvent()
    data object MachineDidFail : ChartTurnstileEvent()
    data object MachineRepairDidComplete : ChartTurnstileEvent()
}

/** The seed's `FunctioningTurnstileState.Event(event)`: the parent events the child understands. */
fun ChartTurnstileEvent.asFunctioningEvent(): FunctioningEvent? = when (this) {
    is ChartTurnstileEvent.InsertCoin -> FunctioningEvent.InsertCoin(value)
    ChartTurnstileEvent.AdmitPerson -> FunctioningEvent.AdmitPerson
    ChartTurnstileEvent.MachineDidFail, ChartTurnstileEvent.MachineRepairDidComplete -> null
}

fun hierarchicalTurnstile(log: MutableList<String> = ArrayList()) = StateMachine.create<ChartTurnstile, ChartTurnstileEvent, TurnstileCommand> {
    initialState(ChartTurnstile.Functioning(FunctioningTurnstile.Locked(credit = 0)))
    state<ChartTurnstile.Functioning> {
        child(
            functioningTurnstile,
            get = { it.state },
            put = { _, inner -> ChartTurnstile.Functioning(inner) },
            events = { it.asFunctioningEvent() },
            sideEffects = { it }
        )
        on<ChartTurnstileEvent.MachineDidFail> { transitionTo(ChartTurnstile.Broken(oldState = state)) }
        onExit { log += "exit functioning" }
        onEnter { log += "enter functioning" }
    }
    state<ChartTurnstile.Broken> {
        on<ChartTurnstileEvent.MachineRepairDidComplete> { transitionTo(ChartTurnstile.Functioning(oldState)) }
    }
}

// --- The keyboard ------------------------------------------------------------------------------------

sealed class MainKeypad {
    data object CapsLockOff : MainKeypad()
    data object CapsLockOn : MainKeypad()
}

sealed class MainKey {
    data class Alpha(val character: Char) : MainKey()
    data object CapsLock : MainKey()
}

sealed class NumericKeypad {
    data object NumLockOff : NumericKeypad()
    data object NumLockOn : NumericKeypad()
}

sealed class NumericKey {
    data class Number(val value: Int) : NumericKey()
    data object NumLock : NumericKey()
}

enum class ArrowDirection { Up, Down, Left, Right }

sealed class KeyboardOutput {
    data class AlphaNumeric(val character: Char) : KeyboardOutput()
    data class Arrow(val direction: ArrowDirection) : KeyboardOutput()
}

sealed class HardwareKey {
    data class Alpha(val character: Char) : HardwareKey()
    data class Number(val value: Int) : HardwareKey()
    data object NumLock : HardwareKey()
    data object CapsLock : HardwareKey()
}

data class Keyboard(val main: MainKeypad, val numeric: NumericKeypad)

val mainKeypad = StateMachine.graph<MainKeypad, MainKey, KeyboardOutput> {
    initialState(MainKeypad.CapsLockOff)
    state<MainKeypad.CapsLockOff> {
        on<MainKey.CapsLock> { transitionTo(MainKeypad.CapsLockOn) }
        on<MainKey.Alpha> { dontTransition(KeyboardOutput.AlphaNumeric(it.character)) }
    }
    state<MainKeypad.CapsLockOn> {
        on<MainKey.CapsLock> { transitionTo(MainKeypad.CapsLockOff) }
        on<MainKey.Alpha> { dontTransition(KeyboardOutput.AlphaNumeric(it.character.uppercaseChar())) }
    }
}

private fun arrow(numericKeypadInput: Int): ArrowDirection? = when (numericKeypadInput) {
    2 -> ArrowDirection.Down // the seed maps 2 to Up and 8 to Down; a numpad has 8 on top
    4 -> ArrowDirection.Left
    6 -> ArrowDirection.Right
    8 -> ArrowDirection.Up
    else -> null
}

val numericKeypad = StateMachine.graph<NumericKeypad, NumericKey, KeyboardOutput> {
    initialState(NumericKeypad.NumLockOff)
    state<NumericKeypad.NumLockOff> {
        on<NumericKey.NumLock> { transitionTo(NumericKeypad.NumLockOn) }
        on<NumericKey.Number> { key -> dontTransition(arrow(key.value)?.let { KeyboardOutput.Arrow(it) }) }
    }
    state<NumericKeypad.NumLockOn> {
        on<NumericKey.NumLock> { transitionTo(NumericKeypad.NumLockOff) }
        on<NumericKey.Number> { dontTransition(KeyboardOutput.AlphaNumeric('0' + it.value)) }
    }
}

fun keyboard() = StateMachine.create<Keyboard, HardwareKey, List<KeyboardOutput>> {
    initialState(Keyboard(MainKeypad.CapsLockOff, NumericKeypad.NumLockOff))
    region(
        mainKeypad, get = { it.main }, put = { keyboard, main -> keyboard.copy(main = main) },
        events = { key ->
            when (key) {
                is HardwareKey.Alpha -> MainKey.Alpha(key.character)
                HardwareKey.CapsLock -> MainKey.CapsLock
                else -> null
            }
        },
        sideEffects = { it }
    )
    region(
        numericKeypad, get = { it.numeric }, put = { keyboard, numeric -> keyboard.copy(numeric = numeric) },
        events = { key ->
            when (key) {
                is HardwareKey.Number -> NumericKey.Number(key.value)
                HardwareKey.NumLock -> NumericKey.NumLock
                else -> null
            }
        },
        sideEffects = { it }
    )
}

// --- The turnstile with credit, its failure handled once by a superstate, repaired through history ------

sealed class CreditTurnstile {
    data class Locked(val credit: Int) : CreditTurnstile()
    data object Unlocked : CreditTurnstile()
    data object Broken : CreditTurnstile()
}

fun superstateTurnstile() = StateMachine.create<CreditTurnstile, ChartTurnstileEvent, TurnstileCommand> {
    initialState(CreditTurnstile.Locked(credit = 0))
    val functioning = superstate(CreditTurnstile.Locked::class, CreditTurnstile.Unlocked::class) {
        on<ChartTurnstileEvent.MachineDidFail> { transitionTo(CreditTurnstile.Broken) }
    }
    state<CreditTurnstile.Locked> {
        on<ChartTurnstileEvent.InsertCoin> { coin ->
            val newCredit = credit + coin.value
            if (newCredit >= FARE_PRICE) transitionTo(CreditTurnstile.Unlocked, TurnstileCommand.OpenDoors)
            else transitionTo(CreditTurnstile.Locked(newCredit))
        }
        on<ChartTurnstileEvent.AdmitPerson> { dontTransition(TurnstileCommand.SoundAlarm) }
    }
    state<CreditTurnstile.Unlocked> {
        on<ChartTurnstileEvent.AdmitPerson> { transitionTo(CreditTurnstile.Locked(credit = 0), TurnstileCommand.CloseDoors) }
    }
    state<CreditTurnstile.Broken> {
        on<ChartTurnstileEvent.MachineRepairDidComplete> { transitionToHistory(functioning) { CreditTurnstile.Locked(credit = 0) } }
    }
}

fun seedStatechartTests() = group("seed 001 statecharts") {
    test("the turnstile's failure is handled once, by a superstate of locked and unlocked") {
        val locked = superstateTurnstile()
        expectValid(locked.transition(ChartTurnstileEvent.MachineDidFail), CreditTurnstile.Locked(0), ChartTurnstileEvent.MachineDidFail, CreditTurnstile.Broken, null)
        val unlocked = superstateTurnstile()
        unlocked.transition(ChartTurnstileEvent.InsertCoin(50))
        expectValid(unlocked.transition(ChartTurnstileEvent.MachineDidFail), CreditTurnstile.Unlocked, ChartTurnstileEvent.MachineDidFail, CreditTurnstile.Broken, null)
    }
    test("the repaired turnstile returns to the state it failed in, credit included (the seed's broken(oldState:))") {
        val machine = superstateTurnstile()
        machine.transition(ChartTurnstileEvent.InsertCoin(20))
        machine.transition(ChartTurnstileEvent.MachineDidFail)
        expectValid(
            machine.transition(ChartTurnstileEvent.MachineRepairDidComplete),
            CreditTurnstile.Broken, ChartTurnstileEvent.MachineRepairDidComplete, CreditTurnstile.Locked(20), null
        )
    }
    test("the functioning turnstile's graph runs alone") {
        val machine = StateMachine.create(functioningTurnstile)
        expectValid(
            machine.transition(FunctioningEvent.InsertCoin(50)),
            FunctioningTurnstile.Locked(0), FunctioningEvent.InsertCoin(50), FunctioningTurnstile.Unlocked, TurnstileCommand.OpenDoors
        )
    }
    test("the hierarchical turnstile delegates coins to its child and maps the side effects") {
        val machine = hierarchicalTurnstile()
        expectValid(
            machine.transition(ChartTurnstileEvent.InsertCoin(20)),
            ChartTurnstile.Functioning(FunctioningTurnstile.Locked(0)), ChartTurnstileEvent.InsertCoin(20),
            ChartTurnstile.Functioning(FunctioningTurnstile.Locked(20)), null
        )
        expectValid(
            machine.transition(ChartTurnstileEvent.InsertCoin(30)),
            ChartTurnstile.Functioning(FunctioningTurnstile.Locked(20)), ChartTurnstileEvent.InsertCoin(30),
            ChartTurnstile.Functioning(FunctioningTurnstile.Unlocked), TurnstileCommand.OpenDoors
        )
        expectValid(
            machine.transition(ChartTurnstileEvent.AdmitPerson),
            ChartTurnstile.Functioning(FunctioningTurnstile.Unlocked), ChartTurnstileEvent.AdmitPerson,
            ChartTurnstile.Functioning(FunctioningTurnstile.Locked(0)), TurnstileCommand.CloseDoors
        )
    }
    test("the hierarchical turnstile handles a failure once, above the child, and repairs to the old state") {
        val log = ArrayList<String>()
        val machine = hierarchicalTurnstile(log)
        machine.transition(ChartTurnstileEvent.InsertCoin(20))
        expectEqual(log, emptyList<String>(), "listeners of a child transition inside Functioning")
        expectValid(
            machine.transition(ChartTurnstileEvent.MachineDidFail),
            ChartTurnstile.Functioning(FunctioningTurnstile.Locked(20)), ChartTurnstileEvent.MachineDidFail,
            ChartTurnstile.Broken(FunctioningTurnstile.Locked(20)), null
        )
        expectInvalid(machine.transition(ChartTurnstileEvent.InsertCoin(10)), ChartTurnstile.Broken(FunctioningTurnstile.Locked(20)), ChartTurnstileEvent.InsertCoin(10))
        expectValid(
            machine.transition(ChartTurnstileEvent.MachineRepairDidComplete),
            ChartTurnstile.Broken(FunctioningTurnstile.Locked(20)), ChartTurnstileEvent.MachineRepairDidComplete,
            ChartTurnstile.Functioning(FunctioningTurnstile.Locked(20)), null
        )
        expectEqual(log, listOf("exit functioning", "enter functioning"), "listeners")
    }
    test("an event the child finds invalid is offered to the parent's handlers, and is invalid when none takes it") {
        val machine = hierarchicalTurnstile()
        expectInvalid(
            machine.transition(ChartTurnstileEvent.MachineRepairDidComplete),
            ChartTurnstile.Functioning(FunctioningTurnstile.Locked(0)), ChartTurnstileEvent.MachineRepairDidComplete
        )
    }
    test("the keyboard's caps lock changes letters and leaves the numeric keypad alone") {
        val machine = keyboard()
        val start = Keyboard(MainKeypad.CapsLockOff, NumericKeypad.NumLockOff)
        expectValid(machine.transition(HardwareKey.Alpha('a')), start, HardwareKey.Alpha('a'), start, listOf(KeyboardOutput.AlphaNumeric('a')))
        val capsOn = start.copy(main = MainKeypad.CapsLockOn)
        expectValid(machine.transition(HardwareKey.CapsLock), start, HardwareKey.CapsLock, capsOn, emptyList<KeyboardOutput>())
        expectValid(machine.transition(HardwareKey.Alpha('a')), capsOn, HardwareKey.Alpha('a'), capsOn, listOf(KeyboardOutput.AlphaNumeric('A')))
    }
    test("the keyboard's num lock turns the numeric keys from arrows into digits") {
        val machine = keyboard()
        val start = Keyboard(MainKeypad.CapsLockOff, NumericKeypad.NumLockOff)
        expectValid(machine.transition(HardwareKey.Number(8)), start, HardwareKey.Number(8), start, listOf(KeyboardOutput.Arrow(ArrowDirection.Up)))
        expectValid(machine.transition(HardwareKey.Number(5)), start, HardwareKey.Number(5), start, emptyList<KeyboardOutput>())
        val numOn = start.copy(numeric = NumericKeypad.NumLockOn)
        expectValid(machine.transition(HardwareKey.NumLock), start, HardwareKey.NumLock, numOn, emptyList<KeyboardOutput>())
        expectValid(machine.transition(HardwareKey.Number(8)), numOn, HardwareKey.Number(8), numOn, listOf(KeyboardOutput.AlphaNumeric('8')))
    }
}
