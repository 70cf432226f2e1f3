package com.example.quiz

/** The running score of one game, with a bonus for streaks of right answers. */
class ScoreBoard(private val streakBonus: Int = 5, private val streakLength: Int = 3) {
    var score = 0
        private set

    var streak = 0
        private set

    var best = 0
        private set

    /** Adds [points] for a right answer, plus the bonus once the streak is long enough; returns what was added. */
    fun correct(points: Int): Int {
        streak++
        val gained = points + if (streak >= streakLength) streakBonus else 0
        score += gained
        best = maxOf(best, score)
        return gained
    }

    fun wrong() {
        streak = 0
    }

    fun reset() {
        score = 0
        streak = 0
    }
}
