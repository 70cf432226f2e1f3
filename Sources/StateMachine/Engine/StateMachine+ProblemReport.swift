#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// In debug builds, a machine made from a definition with problems says so once, on standard
/// error, as Swift's runtime warnings do: a handler that is never used or a timer that never
/// fires does not go unnoticed because ``StateMachineTypes/Definition/validate()`` was not
/// called. Release builds neither check nor print anything.
///
/// ```text
/// Turnstile.swift:12: runtime warning: a machine was made from a state machine definition with 1 problem. …
/// - Turnstile.swift:20: `after(30 s, send: timeout)` in `state(open)` runs in a child machine …
/// ```
final class ProblemReport: @unchecked Sendable {
    // @unchecked: `state` is only read and written under `lock`.

    enum Progress { case pending, reported, silenced }

    private let lock = Lock()
    private var state = Progress.pending

    deinit { lock.deallocate() }

    /// Whether the caller is the first to ask, and so reports; later callers do not.
    func claim() -> Bool {
        lock.withLock {
            guard state == .pending else { return false }
            state = .reported
            return true
        }
    }

    /// No report for this definition, nor for the ones `with` makes from it.
    func silence() {
        lock.withLock { state = .silenced }
    }

    var isSilenced: Bool { lock.withLock { state == .silenced } }

    /// Writes `text` and a line feed to standard error in one `write`, so that the lines of
    /// one report are not interleaved with another thread's output.
    static func printToStandardError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

extension StateMachineTypes.Definition {

    /// What a machine made from this definition prints in a debug build: nil when the
    /// definition has no problem. The `where:` predicates of the definition are not called
    /// (the machine is not made yet, and a predicate may read it); the event mappings of its
    /// child machines and regions are, as ``validate()`` calls them.
    func problemReportText() -> String? {
        let problems = problems(runningPredicates: false)
        guard !problems.isEmpty else { return nil }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let place = location.map { "\($0.file):\($0.line): " } ?? ""
        let heading = "\(place)runtime warning: a machine was made from a state machine definition with \(count), so some of its handlers or timers may never run. `try definition.validate()` throws them, and `StateMachine(validating:)` refuses such a definition; this warning is printed once per definition, in debug builds only."
        return ([heading] + problems.map { "- \($0)" }).joined(separator: "\n")
    }

    /// In debug builds, prints ``problemReportText()`` the first time a machine is made from
    /// this definition (or a copy of it); nothing in release builds.
    func reportProblemsOnce() {
        #if DEBUG
        guard table.problemReport.claim(), let text = problemReportText() else { return }
        ProblemReport.printToStandardError(text)
        #endif
    }

    /// This definition, whose machines print no report of its problems in debug builds, nor
    /// those of the definitions `StateMachine.with(_:)` extends it into: for tools that build
    /// definitions from data and report their problems themselves (the fixture runner).
    @_spi(Tooling)
    public func withoutProblemReport() -> Self {
        table.problemReport.silence()
        return self
    }
}
