package com.example.pager

import com.tinder.StateMachine

// A side-effect type the porter does not take: a built-in type (Tinder's own tests use String side effects).
sealed class Page {
    object First : Page()
    object Second : Page()
}

sealed class Swipe {
    object Left : Swipe()
    object Right : Swipe()
}

val pager = StateMachine.create<Page, Swipe, String> {
    initialState(Page.First)
    state<Page.First> { on<Swipe.Left> { transitionTo(Page.Second, "forward") } }
    state<Page.Second> { on<Swipe.Right> { transitionTo(Page.First, "back") } }
}
