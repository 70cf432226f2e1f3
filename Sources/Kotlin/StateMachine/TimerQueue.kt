package com.statemachine.spec

/**
 * The pending timers of a [ManualClock], earliest first: a binary min-heap ordered by deadline, then by the order of
 * scheduling, so that timers due at the same instant come out in the order they were inserted.
 *
 * Inserting, removing the first and cancelling any one cost O(log n) comparisons. The timers live in a table of
 * slots (parallel arrays), reused through a free list; the heap holds slot numbers, and each slot knows its place in
 * the heap, so that a cancelled timer is taken out where it is. A [Handle] names a slot and the sequence number of
 * the timer that took it: cancelling a timer that has already come out (fired or cancelled) finds another sequence
 * number there, or none, and does nothing. Swift's `TimerQueue` is the same queue.
 *
 * Not thread-safe: the clock guards it with its lock.
 */
internal class TimerQueue<A : Any> {

    /** One inserted timer, the way to cancel it. */
    class Handle internal constructor(internal val slot: Int, internal val sequence: Long)

    /** A removed timer. */
    class Removed<A>(val deadline: Long, val action: A)

    private var deadlines = LongArray(INITIAL_CAPACITY)
    private var sequences = LongArray(INITIAL_CAPACITY)
    /** Each slot's place in [heap], or -1 while the slot is free. */
    private var positions = IntArray(INITIAL_CAPACITY)
    /** Null while the slot is free, so that a fired timer's lambda is released. */
    private var actions = arrayOfNulls<Any>(INITIAL_CAPACITY)
    /** How many slots have been used since the queue was last empty; those below it that are free are in [freeSlots]. */
    private var slotCount = 0
    private var freeSlots = IntArray(INITIAL_CAPACITY)
    private var freeCount = 0
    /** Slot numbers, a binary min-heap under [precedes]; the first [count] are in use. */
    private var heap = IntArray(INITIAL_CAPACITY)
    private var nextSequence = 0L

    /** How many timers are in the queue. */
    var count = 0
        private set

    /** How many times two timers were compared: the measure of the cost that the tests hold to O(n log n). */
    var comparisons = 0L
        private set

    /** Adds a timer that comes out at [deadline], after those already in with the same deadline. */
    fun insert(deadline: Long, action: A): Handle {
        val sequence = nextSequence++
        val slot = if (freeCount > 0) freeSlots[--freeCount] else newSlot()
        deadlines[slot] = deadline
        sequences[slot] = sequence
        actions[slot] = action
        if (count == heap.size) heap = heap.copyOf(heap.size * 2)
        heap[count] = slot
        positions[slot] = count
        count++
        siftUp(count - 1)
        return Handle(slot, sequence)
    }

    /** Removes and returns the earliest timer when its deadline is not later than [limit]. */
    fun popFirst(limit: Long): Removed<A>? =
        if (count > 0 && deadlines[heap[0]] <= limit) removeAt(0) else null

    /** Removes the timer of [handle]; returns false when it is no longer in the queue. */
    fun cancel(handle: Handle): Boolean {
        val slot = handle.slot
        if (slot >= slotCount || positions[slot] < 0 || sequences[slot] != handle.sequence) return false
        removeAt(positions[slot])
        return true
    }

    private fun newSlot(): Int {
        if (slotCount == deadlines.size) {
            val capacity = deadlines.size * 2
            deadlines = deadlines.copyOf(capacity)
            sequences = sequences.copyOf(capacity)
            positions = positions.copyOf(capacity)
            actions = actions.copyOf(capacity)
            freeSlots = freeSlots.copyOf(capacity)
        }
        return slotCount++
    }

    @Suppress("UNCHECKED_CAST")
    private fun removeAt(position: Int): Removed<A> {
        val slot = heap[position]
        count--
        if (position < count) {
            val last = heap[count]
            heap[position] = last
            positions[last] = position
            // The moved timer may belong above or below its new place.
            if (position > 0 && precedes(last, heap[(position - 1) / 2])) siftUp(position) else siftDown(position)
        }
        val removed = Removed(deadlines[slot], actions[slot] as A)
        positions[slot] = -1
        actions[slot] = null
        if (count == 0) {
            // Nothing is pending: start the slots afresh and let go of the tables a burst of timers grew.
            slotCount = 0
            freeCount = 0
            if (deadlines.size > INITIAL_CAPACITY) {
                deadlines = LongArray(INITIAL_CAPACITY)
                sequences = LongArray(INITIAL_CAPACITY)
                positions = IntArray(INITIAL_CAPACITY)
                actions = arrayOfNulls(INITIAL_CAPACITY)
                freeSlots = IntArray(INITIAL_CAPACITY)
                heap = IntArray(INITIAL_CAPACITY)
            }
        } else {
            freeSlots[freeCount++] = slot
        }
        return removed
    }

    /** Whether the timer in slot [a] comes out before the one in slot [b]. */
    private fun precedes(a: Int, b: Int): Boolean {
        comparisons++
        val deadline = deadlines[a]
        val other = deadlines[b]
        return if (deadline != other) deadline < other else sequences[a] < sequences[b]
    }

    private fun siftUp(start: Int) {
        var position = start
        val slot = heap[position]
        while (position > 0) {
            val parent = (position - 1) / 2
            if (!precedes(slot, heap[parent])) break
            heap[position] = heap[parent]
            positions[heap[position]] = position
            position = parent
        }
        heap[position] = slot
        positions[slot] = position
    }

    private fun siftDown(start: Int) {
        var position = start
        val slot = heap[position]
        while (true) {
            val left = 2 * position + 1
            if (left >= count) break
            var child = left
            if (left + 1 < count && precedes(heap[left + 1], heap[left])) child = left + 1
            if (!precedes(heap[child], slot)) break
            heap[position] = heap[child]
            positions[heap[position]] = position
            position = child
        }
        heap[position] = slot
        positions[slot] = position
    }

    private companion object {
        const val INITIAL_CAPACITY = 16
    }
}
