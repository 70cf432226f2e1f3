#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
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

/// A value guarded by a pthread mutex, both in one heap block at a stable address, so that a
/// machine takes one allocation for its mutex and its mutable state.
///
/// Like ``Lock``, the mutex reports a relock by its owner thread instead of deadlocking.
/// `lock()`, `unlock()` and `contents` are inlined into the client, where `Contents` is a
/// concrete type: no generic metadata is looked up on the hot path.
@usableFromInline
struct Locked<Contents>: @unchecked Sendable {

    @usableFromInline
    struct Block {
        @usableFromInline var mutex: pthread_mutex_t
        @usableFromInline var contents: Contents
    }

    @usableFromInline let block: UnsafeMutablePointer<Block>

    init(_ contents: Contents) {
        block = .allocate(capacity: 1)
        block.initialize(to: Block(mutex: pthread_mutex_t(), contents: contents))
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(&block.pointee.mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    /// Destroys the mutex and the contents and frees the block; call once, from the owner's
    /// `deinit`.
    func deallocate() {
        pthread_mutex_destroy(&block.pointee.mutex)
        block.deinitialize(count: 1)
        block.deallocate()
    }

    /// Locks; returns false when the calling thread already holds the lock.
    @inlinable @inline(__always)
    func lock() -> Bool {
        pthread_mutex_lock(&block.pointee.mutex) == 0
    }

    @inlinable @inline(__always)
    func unlock() {
        pthread_mutex_unlock(&block.pointee.mutex)
    }

    /// The guarded value; only read or write it between `lock()` and `unlock()`.
    @inlinable
    var contents: Contents {
        @inline(__always) _read { yield block.pointee.contents }
        @inline(__always) nonmutating _modify { yield &block.pointee.contents }
    }

    @inlinable @inline(__always)
    func withLock<R>(_ body: (inout Contents) throws -> R) rethrows -> R {
        let locked = lock()
        precondition(locked, "lock is not reentrant")
        defer { unlock() }
        return try body(&block.pointee.contents)
    }
}

/// Marks, per thread, the machines whose listeners are running on that thread, so that a
/// transition started from inside a listener is reported as recursion.
///
/// Each entry lives on the stack of the notifying call; the thread-local slot points at the
/// innermost one. Nothing is allocated.
@usableFromInline
enum ListenerScope {

    private struct Entry {
        let machine: ObjectIdentifier
        let outer: UnsafeRawPointer?
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// Whether `machine` is notifying listeners on the calling thread.
    @usableFromInline
    static func contains(_ machine: ObjectIdentifier) -> Bool {
        var current = UnsafeRawPointer(pthread_getspecific(key))
        while let entry = current?.assumingMemoryBound(to: Entry.self) {
            if entry.pointee.machine == machine { return true }
            current = entry.pointee.outer
        }
        return false
    }

    /// Runs `body` with `machine` marked as notifying on the calling thread.
    @usableFromInline
    static func run(_ machine: ObjectIdentifier, _ body: () -> Bool) -> Bool {
        let outer = UnsafeRawPointer(pthread_getspecific(key))
        var entry = Entry(machine: machine, outer: outer)
        let result = withUnsafePointer(to: &entry) { pointer in
            pthread_setspecific(key, pointer)
            return body()
        }
        pthread_setspecific(key, outer)
        return result
    }
}
