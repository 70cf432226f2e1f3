import CProcessControl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process the driver started (Spec/VERIFY.md, V7): with its standard streams in files, in a process group of its
/// own when it runs the user's code, and within resource limits.
struct ChildProcess {
    /// How a child ended.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signaled(let signal): "signal \(signal) (\(ChildProcess.signalName(signal)))"
            }
        }
    }

    struct Options {
        var workingDirectory: String?
        var standardOutput: String?
        var standardError: String?
        /// The child leads a process group of its own, ended as a whole with ``endGroup()``.
        var newGroup = false
        var addressSpaceLimit: Int64 = 0
        var fileSizeLimit: Int64 = 0
    }

    let pid: pid_t
    let options: Options

    /// Starts `arguments[0]` (looked up in `PATH`) with the given environment (this process's, changed by `changes`).
    static func start(_ arguments: [String], changing changes: [String: String] = [:], options: Options) throws(DriverError) -> ChildProcess {
        var environment = Self.environment()
        for (key, value) in changes { environment[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var error: Int32 = 0
        let pid = withCStrings([options.workingDirectory, options.standardOutput, options.standardError]) { paths in
            var spawn = cpc_spawn_options(
                working_directory: paths[0], standard_output: paths[1], standard_error: paths[2],
                new_group: options.newGroup ? 1 : 0,
                address_space_limit: options.addressSpaceLimit, file_size_limit: options.fileSizeLimit
            )
            return cpc_spawn(argv, envp, &spawn, &error)
        }
        guard pid > 0 else {
            throw DriverError("could not start \(arguments[0]): \(String(cString: strerror(error)))")
        }
        let child = ChildProcess(pid: pid, options: options)
        if options.newGroup { cpc_register_group(pid) }
        return child
    }

    /// How the child ended, or nil while it runs.
    func poll() -> Ending? {
        var status: Int32 = 0
        var signal: Int32 = 0
        guard cpc_wait(pid, 0, &status, &signal) == 1 else { return nil }
        return signal != 0 ? .signaled(signal) : .exited(status)
    }

    /// Waits for the child, polling every 20 ms. When `stop` says so between polls, the child's group is ended
    /// and the ending is returned with `stopped` true. A stop signal to the driver ends the child and throws.
    func wait(stoppingWhen stop: () -> Bool = { false }) throws(DriverError) -> (ending: Ending, stopped: Bool) {
        while true {
            if let ending = poll() {
                endGroup()
                return (ending, false)
            }
            do {
                try DriverError.checkStopSignal()
            } catch {
                endGroup()
                _ = waitBlocking()
                throw error
            }
            if stop() {
                cpc_kill_group(pid, SIGKILL)
                if !options.newGroup { kill(pid, SIGKILL) }
                let ending = waitBlocking()
                endGroup()
                return (ending, true)
            }
            usleep(20_000)
        }
    }

    private func waitBlocking() -> Ending {
        var status: Int32 = 0
        var signal: Int32 = 0
        _ = cpc_wait(pid, 1, &status, &signal)
        return signal != 0 ? .signaled(signal) : .exited(status)
    }

    /// Ends the child's process group (SIGKILL), what it started included, and reaps the orphans that came back to
    /// this process (a subreaper on Linux).
    func endGroup() {
        guard options.newGroup else { return }
        cpc_kill_group(pid, SIGKILL)
        cpc_unregister_group(pid)
        _ = cpc_end_orphans(nil, 0)
    }

    /// Runs `arguments` to its end, its output in `log` (or discarded), and gives how it ended.
    static func run(_ arguments: [String], log: String? = nil, workingDirectory: String? = nil) throws(DriverError) -> Ending {
        var options = Options()
        options.workingDirectory = workingDirectory
        options.standardOutput = log ?? "/dev/null"
        options.standardError = log ?? "/dev/null"
        // In a group of its own, so that a stop of the driver ends what it started too (a build's compiler jobs).
        options.newGroup = true
        return try start(arguments, options: options).wait().ending
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV: a stack overflow or a memory error"
        case SIGBUS: "SIGBUS: a memory error"
        case SIGILL: "SIGILL: a trap, such as a fatalError, a failed precondition or an arithmetic overflow"
        case SIGTRAP: "SIGTRAP: a trap, such as a fatalError, a failed precondition or an arithmetic overflow"
        case SIGABRT: "SIGABRT: abort"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGXFSZ: "SIGXFSZ: the file size limit"
        case SIGFPE: "SIGFPE: an arithmetic error"
        default: "signal \(signal)"
        }
    }

    private static func environment() -> [String: String] {
        var result: [String: String] = [:]
        guard var pointer = cpc_environment() else { return result }
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// Calls `body` with C strings of `strings` (NULL for nil), valid during the call.
private func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}

/// Why the driver cannot go on: one message for the user, without a stack trace.
package struct DriverError: Error, CustomStringConvertible {
    package let description: String
    /// The signal that stopped the driver (SIGINT, SIGTERM, SIGHUP), when that is why.
    package var signal: Int32 = 0

    package init(_ description: String, signal: Int32 = 0) {
        self.description = description
        self.signal = signal
    }

    /// Throws when a stop signal has come: the children's groups are already ended (the handlers did it).
    static func checkStopSignal() throws(DriverError) {
        let signal = cpc_stop_signal()
        if signal != 0 { throw DriverError("stopped by \(ChildProcess.signalName(signal))", signal: signal) }
    }
}
