package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// A type written over two lines in a matcher that is not a case of the state type (found by scripts/fuzz-porter): the
// warning quotes it on one line, so every message stays `file:line:column: warning: ...` on a line of its own.

sealed interface Lamp {
    data object Off : Lamp
    data object On : Lamp
}

sealed interface Press {
    data object Toggle : Press
}

val lamp = StateMachine.create<Lamp, Press, Unit> {
    initialState(Lamp.Off)
    state<Lamp.Off> {
        on<Press.Toggle> { transitionTo(Lamp.On) }
    }
    state<Press.
        Toggle> {
        on<Press.Toggle> { transitionTo(Lamp.Off) }
    }
}
