package com.example.display

import com.example.display.menus.Menu
import com.tinder.StateMachine

// Two object expressions: one of `Menu` of another package (imported; not the state `Screen.Menu`, whatever its
// name), one of the hierarchy's own `Screen.Menu`. Neither is a case of the port (the machine cannot name them); the
// second gets a warning.

sealed class Screen {
    object Clock : Screen()
    abstract class Menu : Screen() {
        abstract val title: String
    }
    object Settings : Menu() {
        override val title = "settings"
    }
}

sealed class Button {
    object Press : Button()
    object Back : Button()
}

class Display {
    private val exit = object : Menu("EXIT") {}
    private val extra = object : Screen.Menu() {
        override val title = "extra"
    }

    val machine = StateMachine.create<Screen, Button, Unit> {
        initialState(Screen.Clock)
        state<Screen.Clock> {
            on<Button.Press> { transitionTo(Screen.Settings) }
        }
        state<Screen.Settings> {
            on<Button.Back> { transitionTo(Screen.Clock) }
        }
    }
}
