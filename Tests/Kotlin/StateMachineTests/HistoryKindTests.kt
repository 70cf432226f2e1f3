package com.statemachine.spec.tests

import com.statemachine.spec.DefinitionException
import com.statemachine.spec.HistoryKind
import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.on
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import com.statemachine.spec.transitionToHistory

// R24 shallow and deep history, R29 reenter: the same machines as the Swift HistoryKindTests and ReenterTests.

private sealed class Tune {
    data object Radio : Tune()
    data class Cd(val track: Int) : Tune()
    data class Settings(val page: Page) : Tune()
    data object Offline : Tune()
}

private sealed class Page {
    data object General : Page()
    data object Video : Page()
    data object Audio : Page()
}

private enum class Press { Next, Disconnect, Deep, Shallow, DeepChild, ShallowChild }

/** player = {Radio, Cd, Settings}, media = {Radio, Cd} entered at [mediaInitial]; the settings child's output = {Audio, Video} at Audio. */
private fun player(start: Tune, mediaInitial: Tune? = Tune.Radio) = StateMachine.create<Tune, Press, Unit> {
    initialState(start)
    val settingsPages = StateMachine.graph<Page, Press, Unit> {
        initialState(Page.General)
        state<Page.General> { on(Press.Next) { transitionTo(Page.Video) } }
        state<Page.Video> { on(Press.Next) { transitionTo(Page.Audio) } }
        state<Page.Audio> { on(Press.Next) { transitionTo(Page.General) } }
        superstate(Page.Audio::class, Page.Video::class, initial = Page.Audio) {}
    }
    val playerGroup = superstate(Tune.Radio::class, Tune.Cd::class, Tune.Settings::class) {
        on(Press.Disconnect) { transitionTo(Tune.Offline) }
        superstate(Tune.Radio::class, Tune.Cd::class, initial = mediaInitial) {}
    }
    state<Tune.Radio> { on(Press.Next) { transitionTo(Tune.Cd(1)) } }
    state<Tune.Cd> { on(Press.Next) { transitionTo(Tune.Radio) } }
    val settings = TargetHolder()
    state<Tune.Settings> {
        settings.target = child(settingsPages, get = { it.page }, put = { _, page -> Tune.Settings(page) },
            events = { if (it == Press.Next) Press.Next else null }, sideEffects = { it })
    }
    state<Tune.Offline> {
        on(Press.Deep) { transitionToHistory(playerGroup) { Tune.Radio } }
        // Declared with its target, so that the build checks it (R25).
        on(eq(Press.Shallow), toHistoryOf = playerGroup, history = HistoryKind.SHALLOW) { Tune.Radio }
        on(Press.DeepChild) { transitionToHistory(settings.target!!) { Tune.Settings(Page.General) } }
        on(Press.ShallowChild) { transitionToHistory(settings.target!!, history = HistoryKind.SHALLOW) { Tune.Settings(Page.General) } }
    }
}

private fun returning(from: Tune, by: Press): Tune {
    val machine = player(from)
    machine.transition(Press.Disconnect)
    machine.transition(by)
    return machine.state
}

private enum class Deck { Stopped, Playing }
private enum class Button { Reset, Restart, Again }

private fun deck(log: MutableList<String>, start: Deck) = StateMachine.create<Deck, Button, Unit> {
    initialState(start)
    for (deck in Deck.values()) state(deck) {
        onEnter { log += "enter $deck" }
        onExit { log += "exit $deck" }
    }
    superstate("player", listOf(StateMachine.Matcher.any<Deck, Deck>(Deck::class.java))) {
        on(eq(Button.Reset), reenter = true) { transitionTo(Deck.Stopped) }
        on(Button.Restart) { transitionTo(Deck.Stopped) }
        on(eq(Button.Again), reenter = true) { dontTransition() }
        onEnter { log += "enter player" }
        onExit { log += "exit player" }
        superstate("media", listOf(StateMachine.Matcher.any<Deck, Deck>(Deck::class.java).where { this == Deck.Playing })) {
            onEnter { log += "enter media" }
            onExit { log += "exit media" }
        }
    }
}

fun historyKindTests() = group("shallow and deep history, reenter") {
    test("deep history returns to the state left, and is the default kind") {
        expectEqual(returning(Tune.Cd(3), Press.Deep), Tune.Cd(3), "deep")
        expectEqual(returning(Tune.Settings(Page.Video), Press.Deep), Tune.Settings(Page.Video), "deep with a child")
    }
    test("shallow history returns to the nested superstate at its initial state") {
        expectEqual(returning(Tune.Cd(3), Press.Shallow), Tune.Radio, "shallow")
    }
    test("shallow history returns to a direct member with its child at the child's initial state") {
        expectEqual(returning(Tune.Settings(Page.Video), Press.Shallow), Tune.Settings(Page.General), "shallow")
    }
    test("shallow history of a child returns to the child's direct substate") {
        expectEqual(returning(Tune.Settings(Page.Video), Press.ShallowChild), Tune.Settings(Page.Audio), "shallow child")
        expectEqual(returning(Tune.Settings(Page.Video), Press.DeepChild), Tune.Settings(Page.Video), "deep child")
    }
    test("a shallow target over a superstate without initial is refused when the graph is built") {
        val error = expectThrows<DefinitionException> { player(Tune.Radio, mediaInitial = null) }
        expectEqual(error.problems.map { it.message }, listOf(
            "this handler goes to the shallow history of \"Radio, Cd, Settings\", which returns to the superstate \"Radio, Cd\" inside it at its `initial` state, and \"Radio, Cd\" has none: add `initial = …` to superstate \"Radio, Cd\", or write `history = HistoryKind.DEEP`."
        ), "problems")
    }
    test("a re-entering handler exits innermost first, then enters outermost first") {
        val log = ArrayList<String>()
        deck(log, Deck.Playing).transition(Button.Reset)
        expectEqual(log, listOf("exit Playing", "exit media", "exit player", "enter player", "enter Stopped"), "listener calls")
    }
    test("without reenter the superstate is not left") {
        val log = ArrayList<String>()
        deck(log, Deck.Playing).transition(Button.Restart)
        expectEqual(log, listOf("exit Playing", "exit media", "enter Stopped"), "listener calls")
    }
    test("a re-entering dontTransition leaves and enters the state and the superstate") {
        val log = ArrayList<String>()
        deck(log, Deck.Stopped).transition(Button.Again)
        expectEqual(log, listOf("exit Stopped", "exit player", "enter player", "enter Stopped"), "listener calls")
    }
}

private class TargetHolder(var target: com.statemachine.spec.HistoryTarget? = null)
