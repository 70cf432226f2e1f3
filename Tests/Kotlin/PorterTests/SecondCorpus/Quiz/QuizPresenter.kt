package com.example.quiz

import com.tinder.StateMachine

class QuizPresenter(
    private val bank: QuestionBank,
    private val view: QuizView,
    private val audio: AudioPlayer,
    private val pointsPerQuestion: Int = 10,
) {
    private val scoreBoard = ScoreBoard()

    val stateMachine = StateMachine.create<QuizState, QuizEvent, QuizSideEffect> {
        initialState(QuizState.Lobby)

        state<QuizState.Lobby> {
            on<QuizEvent.Start> {
                bank.shuffle()
                scoreBoard.reset()
                transitionTo(QuizState.Asking(0, bank.typeOf(0), lives = it.init), QuizSideEffect.ShowQuestion(0))
            }
        }

        state<QuizState.Asking> {
            on<QuizEvent.Answer> {
                if (bank.isCorrect(index, it.choice)) {
                    val gained = scoreBoard.correct(`points for`(Type, it.self))
                    transitionTo(QuizState.Revealing(index, correct = true, lives = lives), QuizSideEffect.Correct(gained))
                } else {
                    scoreBoard.wrong()
                    transitionTo(QuizState.Revealing(index, correct = false, lives = lives - 1), QuizSideEffect.Wrong)
                }
            }
            on<QuizEvent.TimeUp> {
                scoreBoard.wrong()
                transitionTo(QuizState.Revealing(index, correct = false, lives = lives - 1), QuizSideEffect.Wrong)
            }
        }

        state<QuizState.Revealing> {
            on<QuizEvent.Next> {
                val next = index + 1
                if (lives <= 0 || next >= bank.size()) {
                    transitionTo(QuizState.GameOver(scoreBoard.score, scoreBoard.best), QuizSideEffect.Finished(scoreBoard.score))
                } else {
                    transitionTo(QuizState.Asking(next, bank.typeOf(next), lives), QuizSideEffect.ShowQuestion(next))
                }
            }
        }

        state<QuizState.GameOver> {
            onEnter {
                view.showGameOver(score, best)
            }
            on<QuizEvent.Replay> {
                if (!it.repeat) bank.shuffle()
                scoreBoard.reset()
                transitionTo(QuizState.Asking(0, bank.typeOf(0), lives = DEFAULT_LIVES), QuizSideEffect.ShowQuestion(0))
            }
        }

        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            val sound = when (val sideEffect = validTransition.sideEffect) {
                null -> null
                is QuizSideEffect.ShowQuestion -> {
                    val asking = validTransition.toState as QuizState.Asking
                    view.showQuestion(sideEffect.index, asking.Type)
                    null
                }
                is QuizSideEffect.Correct -> {
                    view.showScore(scoreBoard.score, scoreBoard.streak)
                    Sound.DING
                }
                QuizSideEffect.Wrong -> Sound.BUZZ
                is QuizSideEffect.Finished -> Sound.FANFARE
            }
            sound?.let(audio::play)
        }
    }

    val state: QuizState
        get() = stateMachine.state

    /** Points for a right answer: picture rounds are worth double, a lifeline's answer half. */
    private fun `points for`(type: String, self: Boolean): Int {
        val base = if (type == "picture") pointsPerQuestion * 2 else pointsPerQuestion
        return if (self) base else base / 2
    }

    companion object {
        const val DEFAULT_LIVES = 3
    }
}
