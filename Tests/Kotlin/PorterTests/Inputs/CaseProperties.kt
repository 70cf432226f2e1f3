package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Properties a sealed base class declares in its body and each case gives a value of its own: an abstract property
// overridden by a constant, by a getter and by a constructor field, and an open property with a default that one case
// overrides. Handlers read them on the state (`title`, `this.showsBack`).

sealed class Page {
    abstract val title: String
    open val showsBack: Boolean = true

    data object Home : Page() {
        override val title = "Home"
        override val showsBack = false
    }

    data class Detail(val id: Int, override val title: String) : Page()

    data object Settings : Page() {
        override val title: String
            get() = "Settings"
    }
}

sealed class Nav {
    data class Open(val id: Int, val title: String) : Nav()
    data object Configure : Nav()
    data object Back : Nav()
}

sealed class NavEffect {
    data class Left(val title: String) : NavEffect()
}

val navigation = StateMachine.create<Page, Nav, NavEffect> {
    initialState(Page.Home)
    state<Page.Home> {
        on<Nav.Open> { transitionTo(Page.Detail(it.id, it.title)) }
        on<Nav.Configure> { transitionTo(Page.Settings) }
        on<Nav.Back> { if (this.showsBack) transitionTo(Page.Home) else dontTransition(NavEffect.Left(title)) }
    }
    state<Page.Detail> {
        on<Nav.Back> { if (showsBack) transitionTo(Page.Home, NavEffect.Left(title)) else dontTransition() }
    }
    state<Page.Settings> {
        on<Nav.Back> { transitionTo(Page.Home, NavEffect.Left(this.title)) }
    }
}
