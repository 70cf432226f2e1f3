/// Counts the work of ``StateMachineTypes/Definition/validate()`` and of building a
/// definition's table, so that a test can bound it without timing it: each step is one
/// iteration of a loop over states, handlers, superstates or their members, which does a
/// bounded number of lookups.
///
/// ```swift
/// @_spi(Testing) import StateMachine
/// let steps = ValidationWork.count { try? definition.validate() }
/// ```
///
/// Nothing is counted outside ``count(_:)``: the counter is task-local, read once per loop.
@_spi(Testing)
public enum ValidationWork {

    /// The steps counted so far by the innermost ``count(_:)``.
    public final class Counter: @unchecked Sendable {
        // @unchecked: only the thread running `count(_:)`'s body touches it.
        public internal(set) var steps = 0
        init() {}
    }

    @TaskLocal static var counter: Counter?

    /// Runs `body` and returns the number of validation and building steps it took.
    public static func count(_ body: () throws -> Void) rethrows -> Int {
        let counter = Counter()
        try $counter.withValue(counter) { try body() }
        return counter.steps
    }
}

extension Optional where Wrapped == ValidationWork.Counter {

    /// Adds `steps` to the counter, if one counts.
    @inline(__always)
    func add(_ steps: Int = 1) {
        if let counter = self { counter.steps &+= steps }
    }
}
