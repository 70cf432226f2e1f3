/// One side of a verification, the Kotlin runner or the Swift harness, run as Spec/VERIFY.md says (V7, V8): in a
/// scratch folder and a process group of its own, within the limits, and started again after each sequence that
/// stopped it, with the line that says why appended to its trace.
struct ContainedSide {
    enum Kind: String {
        case kotlin = "Kotlin"
        case swift = "Swift"
    }

    enum Result: Equatable {
        /// Every sequence ran or was stopped and recorded; `restarts` counts the starts after stops.
        case ran(restarts: Int)
        /// The side could not run at all: why.
        case couldNotRun(String)
    }

    let kind: Kind
    /// The side's trace, which the side appends to and the driver reads.
    let trace: String
    /// Where the side's standard error goes (the last start's).
    let standardError: String
    /// The folder the scratch folders are made in.
    let work: String
    let limits: VerifyLimits
    /// The command that starts the side at sequence `from` (0 for the first).
    let command: (_ from: Int) -> [String]
    /// The number of sequences, once it is known (the Kotlin runner writes them on its first start).
    let sequenceCount: () -> Int?

    func run() throws(DriverError) -> Result {
        var from = 0
        var restarts = 0
        while true {
            let scratch = "\(work)/scratch-\(kind.rawValue.lowercased())"
            DriverFiles.remove(scratch)
            try DriverFiles.makeFolder(scratch + "/tmp")
            defer { DriverFiles.remove(scratch) }
            var options = ChildProcess.Options()
            options.workingDirectory = scratch
            options.standardOutput = "/dev/null"
            options.standardError = standardError
            options.newGroup = true
            if kind == .swift {
                // The Swift runtime reserves address space it does not use: twice the memory limit.
                options.addressSpaceLimit = Int64(limits.memoryMiB) << 21
                options.fileSizeLimit = limits.fileBytes
            }
            var environment = ["TMPDIR": scratch + "/tmp"]
            // A crash of the port ends the process at once, without the runtime's backtrace, which takes seconds.
            if kind == .swift { environment["SWIFT_BACKTRACE"] = "enable=no" }
            let child = try ChildProcess.start(command(from), changing: environment, options: options)
            var watcher = TraceWatcher(path: trace)
            let begunBefore = watcher.sequencesBegun
            let (ending, timedOut) = try child.wait {
                watcher.update()
                let limit = watcher.sequencesBegun > begunBefore ? limits.secondsPerSequence : limits.secondsToStart
                return watcher.elapsed > limit
            }
            watcher.update()
            let begun = watcher.sequencesBegun
            if ending == .exited(0), !timedOut { return .ran(restarts: restarts) }
            let errors = DriverFiles.read(standardError) ?? ""
            if !timedOut, ending == .exited(2), let message = Self.ownMessage(errors) {
                return .couldNotRun(message)
            }
            guard begun > from else {
                // Stopped before it began a sequence of this start: starting again would get no further.
                if from == 0 {
                    let why = timedOut ? "it did not begin its first sequence within \(Self.seconds(limits.secondsToStart))"
                        : "it stopped before its first sequence (\(ending)): \(Self.firstLine(errors) ?? "no message")"
                    return .couldNotRun("the \(kind.rawValue) side \(why)")
                }
                return .ran(restarts: restarts)
            }
            let line = timedOut ? "= timeout \(Self.seconds(limits.secondsPerSequence))" : stopLine(ending, errors)
            if let line {
                try DriverFiles.append((watcher.endsWithLineEnd ? "" : "\n") + line + "\n", to: trace)
            }
            from = begun
            restarts += 1
            if let count = sequenceCount(), from >= count, kind == .swift { return .ran(restarts: restarts) }
            if restarts > 100_000 { return .ran(restarts: restarts) }
        }
    }

    /// The trace line for a side that ended its process in the middle of a sequence; nil where the side wrote it.
    private func stopLine(_ ending: ChildProcess.Ending, _ errors: String) -> String? {
        switch (kind, ending) {
        case (.swift, .exited(VerifyMain.stoppedStatus)):
            return nil   // a stub stopped the sequence: the harness wrote `= stop (a stub cannot answer)`
        case (.kotlin, .exited(3)) where errors.holds("OutOfMemoryError"):
            return "= crash out of memory (the memory limit, \(limits.memoryMiB) MiB)"
        case (.swift, .signaled) where errors.holds("allocate memory"):
            return "= crash out of memory (the memory limit, \(limits.memoryMiB) MiB)"
        case (_, .signaled(let signal)) where signal == 25:   // SIGXFSZ
            return "= output limit"
        case (.swift, .signaled(let signal)):
            // A placeholder of a part the porter did not port: `fatalError("port: …")`.
            if let placeholder = Self.placeholder(errors) { return "= stop \(placeholder)" }
            // `…/ContiguousArrayBuffer.swift:691: Fatal error: Index out of range`: from "Fatal error" on.
            let fatal = errors.split(separator: "\n").first { $0.holds("Fatal error") }
                .map { ": Fatal error" + String($0).after("Fatal error").prefix(200) } ?? ""
            return "= crash \(ChildProcess.Ending.signaled(signal))\(fatal)"
        case (.kotlin, .signaled(let signal)):
            return "= crash \(ChildProcess.Ending.signaled(signal))"
        case (_, .exited(let status)):
            return "= exit \(status)"
        }
    }

    /// `port: …` of the port's placeholder, from its fatal error message.
    private static func placeholder(_ errors: String) -> String? {
        guard let start = errors.offset(of: "port: ") else { return nil }
        let text = errors.utf8.dropFirst(start).prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\n") }
        return String(decoding: text, as: UTF8.self)
    }

    /// The side's own message of why it cannot run (`verify: …`), without its prefix.
    private static func ownMessage(_ errors: String) -> String? {
        errors.split(separator: "\n").last { $0.hasPrefix("verify: ") }.map { String($0.dropFirst(8).prefix(2000)) }
    }

    private static func firstLine(_ errors: String) -> String? {
        errors.split(separator: "\n").first { !$0.isEmpty }.map { String($0.prefix(300)) }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
