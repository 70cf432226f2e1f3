package com.example.pager

import com.google.common.collect.ImmutableList
import com.tinder.StateMachine

data class Page(val number: Int, val title: String)

data class Section(val name: String, val pages: ImmutableList<Page>)

sealed class PagerState {
    data class Reading(val section: Section, val visited: Set<Page>) : PagerState()
    data class Pending(val event: PagerEvent) : PagerState()
    object Closed : PagerState()
}

sealed class PagerEvent {
    data class Open(val section: Section) : PagerEvent()
    data class Rename(val title: String) : PagerEvent()
    data class Wrapped(val inner: Holder) : PagerEvent()
    object Close : PagerEvent()
}

/** Holds an event: the port's PagerEvent must be indirect. */
data class Holder(val event: PagerEvent)

private fun firstPage(section: Section, fallback: Int = 1): Int =
    if (section.pages.isEmpty()) fallback else section.pages.first().number

val pager = StateMachine.create<PagerState, PagerEvent, Void> {
    initialState(PagerState.Closed)
    state<PagerState.Closed> {
        on<PagerEvent.Open> {
            check(firstPage(it.section) > 0)
            transitionTo(PagerState.Reading(it.section, emptySet()))
        }
        on<PagerEvent.Wrapped> { transitionTo(PagerState.Pending(it.inner.event)) }
    }
    state<PagerState.Reading> {
        on<PagerEvent.Rename> {
            transitionTo(PagerState.Reading(section.copy(name = it.title), visited))
        }
        on<PagerEvent.Close> { transitionTo(PagerState.Closed) }
    }
}
