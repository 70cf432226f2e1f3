/// The pending timers of a clock, earliest first: a binary min-heap ordered by deadline, then by
/// the order of scheduling, so that timers due at the same instant come out in the order they
/// were inserted.
///
/// Inserting, removing the first and cancelling any one cost O(log n) comparisons. The timers
/// live in a table of slots, reused through a free list; the heap holds slot numbers, and each
/// slot knows its place in the heap, so that a cancelled timer is taken out where it is. A
/// ``Handle`` names a slot and the sequence number of the timer that took it: cancelling a
/// timer that has already come out (fired or cancelled) finds another sequence number there, or
/// none, and does nothing.
///
/// Not thread-safe: the clock guards it with its lock.
struct TimerQueue<Action> {

    /// One inserted timer, the way to cancel it.
    struct Handle: Sendable {
        fileprivate let slot: Int
        fileprivate let sequence: UInt64
    }

    private struct Slot {
        var deadline: UInt64
        var sequence: UInt64
        /// The slot's place in `heap`, or -1 while the slot is free.
        var position: Int
        /// Nil while the slot is free, so that a fired timer's closure is released.
        var action: Action?
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    /// Slot numbers, a binary min-heap under `precedes`.
    private var heap: [Int] = []
    private var nextSequence: UInt64 = 0
    /// How many times two timers were compared: the measure of the cost that
    /// `TimerQueueTests` hold to O(n log n) for n timers.
    private(set) var comparisons = 0

    init() {}

    /// How many timers are in the queue.
    var count: Int { heap.count }

    /// The earliest deadline, or nil when the queue is empty.
    var firstDeadline: UInt64? {
        heap.first.map { slots[$0].deadline }
    }

    /// Adds a timer that comes out at `deadline`, after those already in with the same
    /// deadline.
    mutating func insert(deadline: UInt64, _ action: Action) -> Handle {
        let sequence = nextSequence
        nextSequence += 1
        let entry = Slot(deadline: deadline, sequence: sequence, position: heap.count, action: action)
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        heap.append(slot)
        siftUp(from: heap.count - 1)
        return Handle(slot: slot, sequence: sequence)
    }

    /// Removes and returns the earliest timer when its deadline is not later than `limit`.
    mutating func popFirst(dueBy limit: UInt64) -> (deadline: UInt64, action: Action)? {
        guard let first = heap.first, slots[first].deadline <= limit else { return nil }
        return remove(at: 0)
    }

    /// Removes the timer of `handle`; returns false when it is no longer in the queue.
    @discardableResult
    mutating func cancel(_ handle: Handle) -> Bool {
        guard handle.slot < slots.count else { return false }
        let position = slots[handle.slot].position
        guard position >= 0, slots[handle.slot].sequence == handle.sequence else { return false }
        _ = remove(at: position)
        return true
    }

    // MARK: - The heap

    private mutating func remove(at position: Int) -> (deadline: UInt64, action: Action) {
        let slot = heap[position]
        let last = heap.removeLast()
        if position < heap.count {
            heap[position] = last
            slots[last].position = position
            // The moved timer may belong above or below its new place.
            if position > 0 && precedes(last, heap[(position - 1) / 2]) {
                siftUp(from: position)
            } else {
                siftDown(from: position)
            }
        }
        let deadline = slots[slot].deadline
        // `action` is only nil in a free slot, and a slot in the heap is never free.
        let action = slots[slot].action!
        slots[slot].position = -1
        slots[slot].action = nil
        if heap.isEmpty {
            // Nothing is pending: let go of the tables a burst of timers grew.
            slots.removeAll(keepingCapacity: slots.capacity <= 64)
            freeSlots.removeAll(keepingCapacity: freeSlots.capacity <= 64)
        } else {
            freeSlots.append(slot)
        }
        return (deadline, action)
    }

    /// Whether the timer in slot `a` comes out before the one in slot `b`.
    private mutating func precedes(_ a: Int, _ b: Int) -> Bool {
        comparisons &+= 1
        let deadline = slots[a].deadline, other = slots[b].deadline
        return deadline != other ? deadline < other : slots[a].sequence < slots[b].sequence
    }

    private mutating func siftUp(from start: Int) {
        var position = start
        let slot = heap[position]
        while position > 0 {
            let parent = (position - 1) / 2
            guard precedes(slot, heap[parent]) else { break }
            heap[position] = heap[parent]
            slots[heap[position]].position = position
            position = parent
        }
        heap[position] = slot
        slots[slot].position = position
    }

    private mutating func siftDown(from start: Int) {
        var position = start
        let slot = heap[position]
        while true {
            let left = 2 * position + 1
            guard left < heap.count else { break }
            var child = left
            if left + 1 < heap.count && precedes(heap[left + 1], heap[left]) { child = left + 1 }
            guard precedes(heap[child], slot) else { break }
            heap[position] = heap[child]
            slots[heap[position]].position = position
            position = child
        }
        heap[position] = slot
        slots[slot].position = position
    }
}
