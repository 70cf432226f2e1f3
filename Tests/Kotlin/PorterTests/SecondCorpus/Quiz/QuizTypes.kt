package com.example.quiz

sealed class QuizState {
    object Lobby : QuizState()
    data class Asking(val index: Int, val Type: String, val lives: Int) : QuizState()
    data class Revealing(val index: Int, val correct: Boolean, val lives: Int) : QuizState()
    data class GameOver(val score: Int, val best: Int) : QuizState()
}

sealed class QuizEvent {
    data class Start(val init: Int = 3) : QuizEvent()
    data class Answer(val choice: Int, val self: Boolean = true) : QuizEvent()
    object TimeUp : QuizEvent()
    object Next : QuizEvent()
    data class Replay(val repeat: Boolean) : QuizEvent()
}

sealed class QuizSideEffect {
    data class ShowQuestion(val index: Int) : QuizSideEffect()
    data class Correct(val gained: Int) : QuizSideEffect()
    object Wrong : QuizSideEffect()
    data class Finished(val score: Int) : QuizSideEffect()
}

enum class Sound {
    DING,
    BUZZ,
    FANFARE,
}

interface QuestionBank {
    fun size(): Int
    fun typeOf(index: Int): String
    fun isCorrect(index: Int, choice: Int): Boolean
    fun shuffle()
}

interface QuizView {
    fun showQuestion(index: Int, type: String)
    fun showScore(score: Int, streak: Int)
    fun showGameOver(score: Int, best: Int)
}

interface AudioPlayer {
    fun play(sound: Sound)
}
