/// The pending timers of a clock, earliest first: a binary min-heap ordered by deadline, then by
/// the order of scheduling, so that timers due at the same instant come out in the order they
/// were inserted.
///
/// Inserting, removing the first and cancelling any one cost O(log n) comparisons. The heap
/// holds each timer's deadline, sequence number and slot; the slots, reused through a free
/// list, hold what the timer runs and its place in the heap, so that a cancelled timer is taken
/// out where it is. A
/// ``Handle`` names a slot and the sequence number of the timer that took it: cancelling a
/// timer that has already come out (fired or cancelled) finds another sequence number there, or
/// none, and does nothing.
///
/// Not thread-safe: the clock guards it with its lock. Not generic: unspecialized generic code
/// would look up its metadata at every comparison.
struct TimerQueue {

    /// What a timer runs when it fires.
    typealias Action = @Sendable () -> Void

    /// One inserted timer, the way to cancel it.
    struct Handle: Sendable {
        fileprivate let slot: Int
        fileprivate let sequence: UInt64
    }

    private struct Entry {
        let deadline: UInt64
        let sequence: UInt64
        let slot: Int
    }

    private struct Slot {
        /// The slot's place in `heap`, or -1 while the slot is free.
        var position: Int
        /// Nil while the slot is free, so that a fired timer's closure is released.
        var action: Action?
    }

    /// A binary min-heap under `precedes`.
    private var heap: [Entry] = []
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var nextSequence: UInt64 = 0
    /// How many times two timers were compared: the measure of the cost that
    /// `ManualClockTimerTests` hold to O(n log n) for n timers.
    private(set) var comparisons = 0

    init() {}

    /// How many timers are in the queue.
    var count: Int { heap.count }

    /// Adds a timer that comes out at `deadline`, after those already in with the same
    /// deadline.
    mutating func insert(deadline: UInt64, _ action: @escaping Action) -> Handle {
        let sequence = nextSequence
        nextSequence += 1
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = Slot(position: heap.count, action: action)
        } else {
            slot = slots.count
            slots.append(Slot(position: heap.count, action: action))
        }
        heap.append(Entry(deadline: deadline, sequence: sequence, slot: slot))
        siftUp(from: heap.count - 1)
        return Handle(slot: slot, sequence: sequence)
    }

    /// Removes and returns the earliest timer when its deadline is not later than `limit`.
    mutating func popFirst(dueBy limit: UInt64) -> (deadline: UInt64, action: Action)? {
        guard let first = heap.first, first.deadline <= limit else { return nil }
        return remove(at: 0)
    }

    /// Removes the timer of `handle`; returns false when it is no longer in the queue.
    @discardableResult
    mutating func cancel(_ handle: Handle) -> Bool {
        guard handle.slot < slots.count else { return false }
        let position = slots[handle.slot].position
        guard position >= 0, heap[position].sequence == handle.sequence else { return false }
        _ = remove(at: position)
        return true
    }

    // MARK: - The heap

    private mutating func remove(at position: Int) -> (deadline: UInt64, action: Action) {
        let removed = heap[position]
        let last = heap.removeLast()
        if position < heap.count {
            // The last timer takes the place, and may belong above or below it.
            if position > 0 && precedes(last, heap[(position - 1) / 2]) {
                siftUp(last, from: position)
            } else {
                siftDown(last, from: position)
            }
        }
        // `action` is only nil in a free slot, and a slot in the heap is never free.
        let action = slots[removed.slot].action!
        slots[removed.slot] = Slot(position: -1, action: nil)
        if heap.isEmpty {
            // Nothing is pending: let go of the tables a burst of timers grew.
            slots.removeAll(keepingCapacity: slots.capacity <= 64)
            freeSlots.removeAll(keepingCapacity: freeSlots.capacity <= 64)
        } else {
            freeSlots.append(removed.slot)
        }
        return (removed.deadline, action)
    }

    /// Whether `entry` comes out before `other`.
    private mutating func precedes(_ entry: Entry, _ other: Entry) -> Bool {
        comparisons &+= 1
        return entry.deadline != other.deadline ? entry.deadline < other.deadline : entry.sequence < other.sequence
    }

    private mutating func siftUp(from start: Int) {
        siftUp(heap[start], from: start)
    }

    /// Moves the holes from `start` up to where `entry` belongs, and puts it there.
    private mutating func siftUp(_ entry: Entry, from start: Int) {
        var position = start
        while position > 0 {
            let parent = heap[(position - 1) / 2]
            guard precedes(entry, parent) else { break }
            place(parent, at: position)
            position = (position - 1) / 2
        }
        place(entry, at: position)
    }

    /// Moves the hole at `start` down to where `entry` belongs, and puts it there.
    private mutating func siftDown(_ entry: Entry, from start: Int) {
        var position = start
        let count = heap.count
        while true {
            let left = 2 * position + 1
            guard left < count else { break }
            var child = left
            if left + 1 < count && precedes(heap[left + 1], heap[left]) { child = left + 1 }
            let next = heap[child]
            guard precedes(next, entry) else { break }
            place(next, at: position)
            position = child
        }
        place(entry, at: position)
    }

    private mutating func place(_ entry: Entry, at position: Int) {
        heap[position] = entry
        slots[entry.slot].position = position
    }
}
