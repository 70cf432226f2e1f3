import Foundation
@testable import StateMachine
import Testing

/// The lock the engine was built with. `scripts/sanitize-thread` runs the concurrency tests twice
/// under the thread sanitizer: with the Linux atomic word, and with `STATEMACHINE_PTHREAD_LOCK=1`,
/// the pthread mutex that Apple platforms use. This test fails when the build did not pick the
/// lock the run asked for, so that a run meant for the pthread path cannot pass on the other.
@Suite struct LockImplementationTests {

    @Test func theBuildHasTheLockTheRunAskedFor() {
        let asked = ProcessInfo.processInfo.environment["STATEMACHINE_PTHREAD_LOCK"] == "1"
        #if os(Linux)
        #expect(LockWord.implementation == (asked ? "pthread mutex" : "atomic word"))
        #else
        #expect(LockWord.implementation == "pthread mutex")
        #endif
    }

    @Test func aRelockByTheOwnerIsReportedNotADeadlock() {
        let locked = Locked(0)
        defer { locked.deallocate() }
        let thread = ThreadID.current
        #expect(locked.lock(thread))
        #expect(!locked.lock(thread))
        locked.unlock()
        #expect(locked.lock(thread))
        locked.unlock()
    }
}
