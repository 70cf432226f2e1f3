package com.example.reactor

/** Not sealed: the port takes the subclasses below as all of its cases, and says so. */
abstract class ReactorState {
    object Cold : ReactorState()
    data class Heating(val target: Int) : ReactorState()
    object Running : ReactorState()
    class Failed(code: Int) : ReactorState()
}

sealed class ReactorEvent {
    data class Start(val target: Int) : ReactorEvent()
    object Stop : ReactorEvent()

    /** A group of cases: `on<ReactorEvent.Timed>` handles every one of them. */
    abstract class Timed(val seconds: Long) : ReactorEvent()
    object WarmUpElapsed : Timed(30)
    object CoolDownElapsed : Timed(120)

    data class Fault(val code: Int) : ReactorEvent()
}

sealed class ReactorEffect {
    data class Log(val message: String) : ReactorEffect()
    data class Replay(val event: ReactorEvent.Fault) : ReactorEffect()
    object Alarm : ReactorEffect()
}
