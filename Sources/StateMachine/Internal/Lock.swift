#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif
#if os(Linux) && !STATEMACHINE_PTHREAD_LOCK
import Synchronization
#endif

/// A pthread mutex at a stable address that reports a relock by its owner thread instead of
/// deadlocking, which is how a transition started from inside a handler is detected.
///
/// pthread rather than `Synchronization.Mutex`: it is available on every deployment target we
/// support and its uncontended lock/unlock pair measured about 4 ns against about 33 ns for
/// `Mutex.withLock` from the same module.
struct Lock: @unchecked Sendable {

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    /// Frees the mutex; call once, from the owner's `deinit`.
    func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Locks; returns false when the calling thread already holds the lock.
    @inline(__always)
    func lock() -> Bool {
        pthread_mutex_lock(mutex) == 0
    }

    @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        let locked = lock()
        precondition(locked, "lock is not reentrant")
        defer { unlock() }
        return try body()
    }
}

/// The calling thread's identity: `pthread_self()`, which is never 0 and, on Linux, is the
/// address of the thread's descriptor, so its low bit is free.
@usableFromInline
enum ThreadID {
    @inlinable @inline(__always)
    static var current: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}

/// The word of a machine's lock.
///
/// On Linux it is one atomic word: 0 when free, otherwise the owner's ``ThreadID`` with bit 0 set
/// while other threads may be parked waiting for it. Taking and releasing a free lock is one
/// atomic instruction each; a relock by the owner is seen (the word names it) and reported
/// instead of deadlocking. A thread that finds the lock taken spins briefly, yields once,
/// then parks in ``ParkingLot/locks`` until the owner releases it. Elsewhere (Darwin, where
/// `Atomic` needs macOS 15) it is an error-checking pthread mutex, which also reports the relock.
/// Building with `STATEMACHINE_PTHREAD_LOCK` defined gives the pthread mutex on Linux too, so that
/// the concurrency tests run the code Apple platforms run.
@usableFromInline
struct LockWord: ~Copyable {

    /// Which lock this build has: `atomic word` or `pthread mutex`.
    static var implementation: String {
        #if os(Linux) && !STATEMACHINE_PTHREAD_LOCK
        "atomic word"
        #else
        "pthread mutex"
        #endif
    }

    #if os(Linux) && !STATEMACHINE_PTHREAD_LOCK
    @usableFromInline let value: Atomic<UInt>
    init() { value = Atomic(0) }
    #else
    @usableFromInline var mutex: pthread_mutex_t
    init() { mutex = pthread_mutex_t() }
    #endif
}

/// The delivery tickets that make the listeners of one machine run one transition at a time, in
/// the order of the transitions. Only read and written with the machine's lock held. Kept apart
/// from the lock word so that writing them never touches the word's memory.
@usableFromInline
struct Tickets {
    /// The ticket the next notifying transition takes.
    @usableFromInline var next: UInt32 = 0
    /// The ticket whose listeners run next (or now); tickets before it are delivered.
    @usableFromInline var delivered: UInt32 = 0
    /// How many threads wait in ``ParkingLot/tickets`` for their ticket's turn.
    @usableFromInline var waiters: UInt32 = 0
    /// The thread running this machine's listeners, or 0: a transition it starts from inside a
    /// listener is recursion.
    @usableFromInline var deliveringThread: UInt = 0
}

/// The operations on a ``Locked`` block's lock word and tickets. Not generic, so the slow paths
/// are compiled once.
@usableFromInline
enum LockHeader {

    /// Where the tickets start in a block.
    @inlinable static var ticketsOffset: Int {
        (MemoryLayout<LockWord>.size + MemoryLayout<Tickets>.alignment - 1) & ~(MemoryLayout<Tickets>.alignment - 1)
    }

    /// Where whatever follows the tickets may start.
    @inlinable static var size: Int { ticketsOffset + MemoryLayout<Tickets>.size }

    @inlinable @inline(__always)
    static func word(_ block: UnsafeMutableRawPointer) -> UnsafeMutablePointer<LockWord> {
        block.assumingMemoryBound(to: LockWord.self)
    }

    @inlinable @inline(__always)
    static func tickets(_ block: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Tickets> {
        (block + ticketsOffset).assumingMemoryBound(to: Tickets.self)
    }

    #if os(Linux) && !STATEMACHINE_PTHREAD_LOCK
    /// Spins before parking: a transition holds the lock for tens of nanoseconds, so a waiter
    /// usually gets it without sleeping; a long handler makes waiters sleep instead of burning
    /// CPU.
    static var spinCount: Int { 100 }
    /// Then yields the processor this many times before parking. More yields measured worse: on
    /// a loaded machine each one can wait behind every other runnable thread, while a parked
    /// thread is woken promptly (8 threads × 50 000 contended transitions: 69 s with 16 yields
    /// here and 64 for tickets, 7 s with 1; with none, as fast but three times the system time).
    static var yieldCount: Int { 1 }

    /// Locks; returns false when the calling thread already holds the lock.
    @inlinable @inline(__always)
    static func lock(_ header: UnsafeMutableRawPointer, _ thread: UInt) -> Bool {
        if word(header).pointee.value.compareExchange(
            expected: 0, desired: thread, successOrdering: .acquiring, failureOrdering: .relaxed
        ).exchanged {
            return true
        }
        return lockContended(header, thread)
    }

    @usableFromInline
    static func lockContended(_ header: UnsafeMutableRawPointer, _ thread: UInt) -> Bool {
        var current = word(header).pointee.value.load(ordering: .relaxed)
        if current & ~1 == thread { return false }
        for _ in 0..<spinCount {
            if current == 0 && word(header).pointee.value.compareExchange(
                expected: 0, desired: thread, successOrdering: .acquiring, failureOrdering: .relaxed
            ).exchanged {
                return true
            }
            current = word(header).pointee.value.load(ordering: .relaxed)
        }
        // The owner may be descheduled (more threads than cores): let it run.
        for _ in 0..<yieldCount {
            sched_yield()
            if word(header).pointee.value.load(ordering: .relaxed) == 0 && word(header).pointee.value.compareExchange(
                expected: 0, desired: thread, successOrdering: .acquiring, failureOrdering: .relaxed
            ).exchanged {
                return true
            }
        }
        while true {
            current = word(header).pointee.value.load(ordering: .relaxed)
            if current == 0 {
                // Keep the bit: other threads may still be parked.
                if word(header).pointee.value.compareExchange(
                    expected: 0, desired: thread | 1, successOrdering: .acquiring, failureOrdering: .relaxed
                ).exchanged {
                    return true
                }
                continue
            }
            if current & 1 == 0 && !word(header).pointee.value.compareExchange(
                expected: current, desired: current | 1, successOrdering: .relaxed, failureOrdering: .relaxed
            ).exchanged {
                continue
            }
            // Sleep unless the owner released the lock since (then it wakes the bucket after
            // taking its mutex, so it cannot do so between this check and the wait).
            ParkingLot.locks.park(at: key(header)) {
                word(header).pointee.value.load(ordering: .relaxed) & 1 != 0
            }
        }
    }

    @inlinable @inline(__always)
    static func unlock(_ header: UnsafeMutableRawPointer) {
        if word(header).pointee.value.exchange(0, ordering: .releasing) & 1 != 0 {
            wakeLockWaiters(header)
        }
    }

    @usableFromInline
    static func wakeLockWaiters(_ header: UnsafeMutableRawPointer) {
        ParkingLot.locks.unparkAll(at: key(header))
    }
    #else
    /// Locks; returns false when the calling thread already holds the lock.
    @inlinable @inline(__always)
    static func lock(_ header: UnsafeMutableRawPointer, _ thread: UInt) -> Bool {
        pthread_mutex_lock(&word(header).pointee.mutex) == 0
    }

    @inlinable @inline(__always)
    static func unlock(_ header: UnsafeMutableRawPointer) {
        pthread_mutex_unlock(&word(header).pointee.mutex)
    }
    #endif

    /// The parking key of the lock.
    static func key(_ header: UnsafeMutableRawPointer) -> UInt {
        UInt(bitPattern: header)
    }

    /// The parking key of a ticket: each waiter sleeps apart from the others, so that handing
    /// the turn on wakes the next ticket's thread only, not every waiting thread.
    static func key(_ header: UnsafeMutableRawPointer, ticket: UInt32) -> UInt {
        UInt(bitPattern: header) &+ UInt(ticket) &* 16
    }

    /// Whether `ticket`'s turn has come; if so, marks `thread` as delivering.
    private static func takeTurn(_ header: UnsafeMutableRawPointer, ticket: UInt32, thread: UInt) -> Bool {
        let locked = lock(header, thread)
        assert(locked)
        defer { unlock(header) }
        let tickets = tickets(header)
        guard tickets.pointee.delivered == ticket else { return false }
        tickets.pointee.deliveringThread = thread
        tickets.pointee.waiters -= 1
        return true
    }

    /// Waits until `ticket` is the next to deliver, then marks the calling thread as the one
    /// delivering. The caller counted itself in `waiters` when it took the ticket.
    @usableFromInline
    static func waitForTurn(_ header: UnsafeMutableRawPointer, ticket: UInt32, thread: UInt) {
        // Listeners are usually short: let the thread before this one finish them first.
        for _ in 0..<ticketYieldCount {
            if takeTurn(header, ticket: ticket, thread: thread) { return }
            sched_yield()
        }
        var done = false
        while !done {
            ParkingLot.tickets.park(at: key(header, ticket: ticket)) {
                done = takeTurn(header, ticket: ticket, thread: thread)
                return !done
            }
        }
    }

    /// Yields before parking for a ticket's turn; see ``yieldCount``.
    static var ticketYieldCount: Int { 1 }

    /// Wakes the thread waiting for `ticket`'s turn, if any; call after releasing the lock.
    @usableFromInline
    static func wakeTicketWaiter(_ header: UnsafeMutableRawPointer, ticket: UInt32) {
        ParkingLot.tickets.unparkAll(at: key(header, ticket: ticket))
    }
}

/// Threads asleep until something changes, by key (an address), in a fixed set of buckets (a
/// mutex and a condition variable each) shared by all keys, so that a machine carries no condition
/// variable of its own. Only slow paths come here.
@usableFromInline
struct ParkingLot: @unchecked Sendable {

    /// Threads waiting for a ``LockHeader`` lock.
    static let locks = ParkingLot()
    /// Threads waiting for their delivery ticket. A separate lot: a ticket waiter takes a machine
    /// lock while holding its bucket's mutex, which must not be a bucket a lock waiter sleeps in.
    static let tickets = ParkingLot()

    private static var bucketCount: Int { 64 }
    private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>

    private init() {
        mutexes = .allocate(capacity: Self.bucketCount)
        conditions = .allocate(capacity: Self.bucketCount)
        for index in 0..<Self.bucketCount {
            (mutexes + index).initialize(to: pthread_mutex_t())
            (conditions + index).initialize(to: pthread_cond_t())
            pthread_mutex_init(mutexes + index, nil)
            pthread_cond_init(conditions + index, nil)
        }
    }

    private func bucket(of key: UInt) -> Int {
        Int(truncatingIfNeeded: ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 58) & (Self.bucketCount - 1)
    }

    /// Sleeps once if `shouldSleep`, evaluated with the bucket's mutex held, returns true. May
    /// return spuriously: callers check again.
    func park(at key: UInt, while shouldSleep: () -> Bool) {
        let index = bucket(of: key)
        pthread_mutex_lock(mutexes + index)
        if shouldSleep() {
            pthread_cond_wait(conditions + index, mutexes + index)
        }
        pthread_mutex_unlock(mutexes + index)
    }

    /// Wakes every thread parked at `key` (and any other key of its bucket).
    func unparkAll(at key: UInt) {
        let index = bucket(of: key)
        pthread_mutex_lock(mutexes + index)
        pthread_cond_broadcast(conditions + index)
        pthread_mutex_unlock(mutexes + index)
    }
}

/// A lock word, tickets and a value they guard, in one heap block at a stable address, so that
/// a machine takes one allocation for its lock, its tickets and its mutable state.
///
/// `lock`, `unlock` and `contents` are inlined into the client, where `Contents` is a concrete
/// type: no generic metadata is looked up on the hot path.
@usableFromInline
struct Locked<Contents>: @unchecked Sendable {

    @usableFromInline let header: UnsafeMutableRawPointer

    /// Where the contents start: after the word and the tickets, aligned for `Contents`.
    @inlinable static var contentsOffset: Int {
        let alignment = MemoryLayout<Contents>.alignment
        return (LockHeader.size + alignment - 1) & ~(alignment - 1)
    }

    init(_ contents: Contents) {
        header = UnsafeMutableRawPointer.allocate(
            byteCount: Self.contentsOffset + MemoryLayout<Contents>.size,
            alignment: max(MemoryLayout<LockWord>.alignment, MemoryLayout<Tickets>.alignment, MemoryLayout<Contents>.alignment)
        )
        header.bindMemory(to: LockWord.self, capacity: 1).initialize(to: LockWord())
        (header + LockHeader.ticketsOffset).bindMemory(to: Tickets.self, capacity: 1).initialize(to: Tickets())
        (header + Self.contentsOffset).bindMemory(to: Contents.self, capacity: 1).initialize(to: contents)
        #if !os(Linux) || STATEMACHINE_PTHREAD_LOCK
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(&LockHeader.word(header).pointee.mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
    }

    /// Destroys the lock and the contents and frees the block; call once, from the owner's
    /// `deinit`.
    func deallocate() {
        #if !os(Linux) || STATEMACHINE_PTHREAD_LOCK
        pthread_mutex_destroy(&LockHeader.word(header).pointee.mutex)
        #endif
        contentsPointer.deinitialize(count: 1)
        LockHeader.word(header).deinitialize(count: 1)
        header.deallocate()
    }

    @inlinable var contentsPointer: UnsafeMutablePointer<Contents> {
        @inline(__always) get {
            (header + Self.contentsOffset).assumingMemoryBound(to: Contents.self)
        }
    }

    /// The delivery tickets; only read or write them with the lock held.
    @inlinable var tickets: UnsafeMutablePointer<Tickets> {
        @inline(__always) get { LockHeader.tickets(header) }
    }

    /// Locks; returns false when the calling thread (`thread`) already holds the lock.
    @inlinable @inline(__always)
    func lock(_ thread: UInt) -> Bool {
        LockHeader.lock(header, thread)
    }

    @inlinable @inline(__always)
    func unlock() {
        LockHeader.unlock(header)
    }

    /// The guarded value; only read or write it between `lock()` and `unlock()`, or on the
    /// thread that holds the lock.
    @inlinable
    var contents: Contents {
        @inline(__always) _read { yield contentsPointer.pointee }
        @inline(__always) nonmutating _modify { yield &contentsPointer.pointee }
    }

    /// Runs `body` with the lock held: taken here, or already held by the calling thread further
    /// up its stack (a handler of the machine), in which case it stays held.
    @inlinable @inline(__always)
    func withLockOrOwned<R>(_ body: (inout Contents) throws -> R) rethrows -> R {
        let locked = lock(ThreadID.current)
        defer { if locked { unlock() } }
        return try body(&contentsPointer.pointee)
    }
}
