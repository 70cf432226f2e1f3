package com.statemachine.spec.fixtures

/**
 * The event sequences: every sequence of one value per case up to [depth] events, then [randomCount] sequences of 1 to
 * [length] events drawn from every value, with a seeded random generator (the same seed, the same sequences).
 * `port --verify` sends them (Spec/VERIFY.md, V4) and the recorder records them (Spec/FIXTURES.md, "Generated
 * scenarios"); the Swift `FixtureRecorder.Scenario.generated` draws the same ones with the same generator.
 */
class Sequences<T>(private val values: List<List<T>>, private val depth: Int, private val randomCount: Int,
                private val length: Int, private val seed: Long) {
    fun all(): List<List<T>> {
        val representatives = values.map { it.first() }
        val exhaustive = mutableListOf<List<T>>()
        var level = listOf(emptyList<T>())
        repeat(depth) {
            level = level.flatMap { prefix -> representatives.map { prefix + it } }
            exhaustive.addAll(level)
        }
        val every = values.flatten()
        val random = java.util.Random(seed)
        val drawn = List(randomCount) { List(1 + random.nextInt(length)) { every[random.nextInt(every.size)] } }
        return exhaustive + drawn
    }
}
