package com.example.scoring

import com.example.scoring.rules.addRun
import com.example.scoring.rules.announce
import com.example.scoring.rules.isFinished
import com.tinder.StateMachine

// The rules are top-level functions of a file not given: the machine uses their results. Each becomes a requirement of
// Collaborators, its result typed by where the result goes: a local later passed to a case's constructor (a Score), a
// condition (a Bool), an argument of a constructor (a Score); called as a statement, no result.

data class Score(val runs: Int, val outs: Int)

sealed class Inning {
    object Waiting : Inning()
    data class Playing(val score: Score) : Inning()
    data class Over(val score: Score) : Inning()
}

sealed class Play {
    object Start : Play()
    object Run : Play()
}

class Scorer {
    val machine = StateMachine.create<Inning, Play, Nothing> {
        initialState(Inning.Waiting)
        state<Inning.Waiting> {
            on<Play.Start> { transitionTo(Inning.Playing(Score(0, 0))) }
        }
        state<Inning.Playing> {
            on<Play.Run> {
                val next = addRun(score)
                announce(next)
                if (isFinished(next)) {
                    transitionTo(Inning.Over(next))
                } else {
                    transitionTo(Inning.Playing(addRun(next)))
                }
            }
        }
    }
}
