package com.example.arena

import com.example.arena.cards.Creature
import com.example.arena.model.DuelAction
import com.example.arena.model.DuelState
import com.statemachine.spec.StateMachine

// A duel whose states and card type are in another module. `Creature` is both what the class holds (`attacker`)
// and what a state holds (the pair `order` returns): one placeholder struct for both, not a protocol and a struct of
// the same name. The state's fields are typed from the local `ordered`, whose type is `order`'s result.

class Duel(private val attacker: Creature, private val defender: Creature, private val attackerFirst: Boolean) {

    val machine = StateMachine.create<DuelState, DuelAction, Unit> {
        initialState(DuelState.Choosing)
        state<DuelState.Choosing> {
            on<DuelAction.Start> {
                val ordered = order(attacker, defender)
                transitionTo(DuelState.Fighting(ordered.first, ordered.second))
            }
        }
        state<DuelState.Fighting> {
            on<DuelAction.Swap> {
                transitionTo(DuelState.Fighting(second, first))
            }
        }
    }

    private fun order(a: Creature, b: Creature): Pair<Creature, Creature> = if (attackerFirst) a to b else b to a
}
