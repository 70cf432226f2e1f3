import StateMachineFixtures

/// `statemachine port --verify` (Spec/VERIFY.md): ports Kotlin machines, runs each original and its port on the same
/// generated event sequences, each side contained (V7), and says of each whether the port behaves as the Kotlin.
///
/// The steps, for every job at once where that saves time (one run of the porter, one of the Kotlin compiler, one
/// Swift build):
/// 1. the porter ports each machine and writes its plan (V1, V2);
/// 2. the Kotlin of every job is compiled together against the Tinder-compatible library and the stand-ins the porter
///    wrote (a job whose Kotlin does not compile with the others is compiled alone, to tell which);
/// 3. the Kotlin runner runs each original (V4–V8);
/// 4. the ports are built in one package with their harnesses, and each is run on the Kotlin's sequences;
/// 5. the traces are compared (V9) and each job's `result` and `status` written.
package struct PortVerification {
    package struct Job: Sendable {
        package let name: String
        /// The porter's arguments: files and folders, `--name`.
        package let arguments: [String]

        package init(name: String, arguments: [String]) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// A job's outcome: its exit status (V9) and its report.
    package struct Outcome: Sendable {
        package let status: Int32
        package let report: String
    }

    let repository: String
    let jobs: [Job]
    /// The folder of the jobs' folders (absolute).
    let out: String
    let work: String
    let generation: SequenceGeneration
    let limits: VerifyLimits
    /// For the tests of the verification itself: sed expressions applied to a job's port before it is built.
    let edits: [String: [String]]

    package init(repository: String, jobs: [Job], out: String, work: String, generation: SequenceGeneration,
                 limits: VerifyLimits, edits: [String: [String]] = [:]) {
        self.repository = repository
        self.jobs = jobs
        self.out = out
        self.work = work
        self.generation = generation
        self.limits = limits
        self.edits = edits
    }

    /// Runs every job; each one's outcome is also in `out/JOB/result` and `out/JOB/status`.
    package func run() throws(DriverError) -> [String: Outcome] {
        var outcomes: [String: Outcome] = [:]
        func report(_ job: String, _ status: Int32, _ text: String) throws(DriverError) {
            outcomes[job] = Outcome(status: status, report: text)
            try DriverFiles.write(text + "\n", to: "\(out)/\(job)/result")
            try DriverFiles.write("\(status)\n", to: "\(out)/\(job)/status")
        }
        try DriverFiles.makeFolder(out)
        let kotlin = try KotlinToolchain.prepare(repository: repository, work: work)
        try port()

        // 2. The originals, compiled together (each job's recorded copy, with its stand-ins).
        var ready: [Job] = []
        var alone: [Job] = []
        for job in jobs {
            let folder = "\(out)/\(job.name)"
            let status = DriverFiles.read("\(folder)/port.status").flatMap { Int32($0.split(separator: "\n").first ?? "") } ?? 2
            if status == 2 || !DriverFiles.isFile("\(folder)/plan/plan.json") {
                let messages = (DriverFiles.read("\(folder)/port.messages") ?? "").split(separator: "\n").prefix(3).joined(separator: "\n")
                try report(job.name, 2, "verify: could not run: the port failed: \(messages)")
                continue
            }
            // A job with names the porter could not resolve and did not stub is compiled alone: another job's stubs
            // must not stand in for them.
            if let unresolved = DriverFiles.read("\(folder)/plan/unresolved.txt"), !unresolved.isEmpty {
                alone.append(job)
            } else {
                ready.append(job)
            }
        }
        var compiled: [Job] = []
        var batch = ready
        while !batch.isEmpty {
            var files: [String] = []
            var seenKotlin: Set<String> = []
            var stubs: [String: String] = [:]
            for job in batch {
                let kotlinFiles = DriverFiles.files(under: "\(out)/\(job.name)/plan/kotlin", suffix: ".kt")
                let stubFiles = DriverFiles.files(under: "\(out)/\(job.name)/plan/stubs", suffix: ".kt")
                // A job whose Kotlin another job has already (the same files, ported under two names) adds nothing.
                let contents = (kotlinFiles + stubFiles).map { DriverFiles.read($0) ?? "" }.joined(separator: "\u{0}")
                guard seenKotlin.insert(contents).inserted else { continue }
                files += kotlinFiles
                // A stub two jobs share is compiled once; two different stubs of one name make the run fail, and the
                // jobs the errors name are then compiled alone.
                for stub in stubFiles {
                    let text = DriverFiles.read(stub) ?? ""
                    let name = DriverFiles.baseName(stub)
                    if stubs[name] == text { continue }
                    stubs[name] = text
                    files.append(stub)
                }
            }
            let classes = "\(out)/.classes"
            if try kotlin.compile(files, into: classes, log: "\(work)/kotlinc.log") {
                for job in batch {
                    let link = "\(out)/\(job.name)/classes"
                    DriverFiles.remove(link)
                    try DriverFiles.link(link, to: classes)
                }
                compiled = batch
                break
            }
            // One job's Kotlin can break the others': the jobs whose files the errors name are compiled alone (with
            // stand-ins, V11, and V12's completions), the others together again; when the errors name none, each alone.
            let errors = (DriverFiles.read("\(work)/kotlinc.log") ?? "").split(separator: "\n").filter { $0.holds(": error: ") }
            let broken = batch.filter { job in errors.contains { $0.hasPrefix("\(out)/\(job.name)/") } }
            if broken.isEmpty || broken.count == batch.count {
                alone = batch + alone
                break
            }
            alone += broken
            batch.removeAll { job in broken.contains { $0.name == job.name } }
        }
        for job in alone {
            let folder = "\(out)/\(job.name)"
            // Alone, with stand-ins derived from the compiler's diagnostics (V11) where it needs them: its first round
            // is the plain compile, its last one's errors the ones the report shows.
            DriverFiles.remove("\(folder)/classes")
            let givenStubs = DriverFiles.files(under: "\(folder)/plan/stubs", suffix: ".kt").map { ($0, DriverFiles.read($0) ?? "") }
            var compiles = try kotlin.compileWithStandIns(plan: "\(folder)/plan", into: "\(folder)/classes", log: "\(folder)/standins.log")
            if !compiles, DriverFiles.exists("\(folder)/plan/pruned") {
                // The class as given does not compile here: the machine alone, its class keeping only what the
                // machine reaches (V3), with the stand-ins of its files derived again.
                let firstError = (DriverFiles.read("\(folder)/plan/kotlinc.log") ?? "").split(separator: "\n").first { $0.holds("error:") }
                try Self.usePrunedCopy(plan: "\(folder)/plan", stubs: givenStubs)
                compiles = try kotlin.compileWithStandIns(plan: "\(folder)/plan", into: "\(folder)/classes", log: "\(folder)/standins.log")
                if compiles, let firstError {
                    try DriverFiles.write("\(Self.pruningNote(firstError))\n", to: "\(folder)/plan/pruned.txt")
                }
            }
            // What verify's copy changed (V12, V13): the user's to know, and to fix in their file.
            let completions = Self.copyWarnings(plan: "\(folder)/plan")
            for warning in completions { StandardStreams.error(warning) }
            if compiles {
                compiled.append(job)
                continue
            }
            let errors = (DriverFiles.read("\(folder)/plan/kotlinc.log") ?? "").split(separator: "\n").filter { $0.holds("error:") }.prefix(5)
            let refused = Self.standIns(plan: "\(folder)/plan").refused.prefix(5)
            var text = "verify: could not run: the Kotlin does not compile against the Tinder-compatible library:\n\(errors.joined(separator: "\n"))"
            if !refused.isEmpty {
                text += "\nno stand-in could be derived for:\n" + refused.joined(separator: "\n")
            }
            if !completions.isEmpty { text += "\n" + completions.joined(separator: "\n") }
            try report(job.name, 2, text)
        }
        compiled = jobs.filter { job in compiled.contains { $0.name == job.name } }

        // 3. The originals, each on its sequences.
        var swiftNames: [String: String] = [:]
        var entries: [HarnessPackage.Entry] = []
        for job in compiled {
            let folder = "\(out)/\(job.name)"
            let swiftName = try Self.swiftName(plan: "\(folder)/plan/plan.json")
            if let other = swiftNames[swiftName] {
                try report(job.name, 2, "verify: could not run: its port is named \(swiftName), as job \(other)'s is; give one of them --name")
                continue
            }
            swiftNames[swiftName] = job.name
            // A port that does not compile cannot run: its warnings say where (the porter type-checked it).
            let messages = (DriverFiles.read("\(folder)/port.messages") ?? "").split(separator: "\n")
            let unchecked = messages.filter { $0.holds("warning: port: the Swift port does not compile here") || $0.holds("warning: port: the Swift port was not type-checked") }
            if !unchecked.isEmpty {
                try report(job.name, 2, "verify: could not run: the port does not compile; its warnings say where:\n\(unchecked.prefix(3).joined(separator: "\n"))")
                continue
            }
            for trace in ["kotlin.trace", "kotlin.results", "notes.txt", "context.json", "sequences.json"] {
                DriverFiles.remove("\(folder)/\(trace)")
            }
            let side = ContainedSide(
                kind: .kotlin, trace: "\(folder)/kotlin.trace", standardError: "\(folder)/kotlin.stderr", work: work, limits: limits,
                command: { from in
                    kotlin.runnerCommand(plan: "\(folder)/plan/plan.json", classes: "\(folder)/classes", folder: folder,
                                         generation: generation, from: from, limits: limits)
                },
                sequenceCount: { Self.sequenceCount("\(folder)/sequences.json") }
            )
            switch try side.run() {
            case .couldNotRun(let why):
                try report(job.name, 2, "verify: could not run: \(why)")
                continue
            case .ran:
                guard DriverFiles.isFile("\(folder)/context.json"), DriverFiles.isFile("\(folder)/sequences.json") else {
                    try report(job.name, 2, "verify: could not run: the Kotlin runner did not write its sequences and context")
                    continue
                }
            }
            for expression in edits[job.name] ?? [] {
                _ = try ChildProcess.run(["sed", "-i", expression, "\(folder)/plan/Port.swift"])
            }
            entries.append(HarnessPackage.Entry(job: job.name, swiftName: swiftName, port: "\(folder)/plan/Port.swift",
                                                harness: "\(folder)/plan/Harness.swift"))
        }

        // 4. The ports, built together, then each run on its Kotlin's sequences.
        guard !entries.isEmpty else { return outcomes }
        let package = HarnessPackage(repository: repository, folder: "\(work)/harness")
        let (executable, refused) = try package.build(entries, log: "\(work)/swift-build.log")
        for (entry, why) in refused { try report(entry.job, 2, "verify: could not run: \(why)") }
        guard let executable else { return outcomes }
        for entry in entries where !refused.contains(where: { $0.0.job == entry.job }) {
            let folder = "\(out)/\(entry.job)"
            DriverFiles.remove("\(folder)/swift.trace")
            DriverFiles.remove("\(folder)/swift.trace.notes")
            let side = ContainedSide(
                kind: .swift, trace: "\(folder)/swift.trace", standardError: "\(folder)/swift.stderr", work: work, limits: limits,
                command: { from in [executable, "run", entry.job, folder, "--from", "\(from)"] },
                sequenceCount: { Self.sequenceCount("\(folder)/sequences.json") }
            )
            if case .couldNotRun(let why) = try side.run() {
                try report(entry.job, 2, "verify: could not run: \(why)")
                continue
            }
            // 5. The verdict.
            let comparison = VerifyComparison(kotlin: DriverFiles.read("\(folder)/kotlin.trace") ?? "",
                                              swift: DriverFiles.read("\(folder)/swift.trace") ?? "")
            var status = comparison.outcome.status
            var text = comparison.text
            let portStatus = DriverFiles.read("\(folder)/port.status").flatMap { Int32($0.split(separator: "\n").first ?? "") } ?? 2
            if status == 0, portStatus != 0 {
                text += "\nThe port is not complete (exit status \(portStatus)): see its warnings."
                status = 1
            }
            let stubs = DriverFiles.files(under: "\(folder)/plan/stubs", suffix: ".kt").map { DriverFiles.baseName($0).dropLast(3) }
                .filter { !$0.hasPrefix("standins.") }
            let derived = Self.standIns(plan: "\(folder)/plan").declared
            if !derived.isEmpty {
                text += "\ncompiled against stand-ins derived from the compiler's diagnostics (each call traced): "
                    + derived.prefix(12).joined(separator: ", ") + (derived.count > 12 ? " and \(derived.count - 12) more (plan/standins.txt)" : "")
            }
            if !stubs.isEmpty {
                text += "\ncompiled against stubs (names the verification's libraries lack, used only as annotations, supertypes or traced calls): "
                    + stubs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: ", ")
            }
            let completions = Self.copyWarnings(plan: "\(folder)/plan")
            if !completions.isEmpty { text += "\n" + completions.joined(separator: "\n") }
            if let pruned = DriverFiles.read("\(folder)/plan/pruned.txt")?.split(separator: "\n").first { text += "\n" + pruned }
            // What each side threw is said where the two differ (V6); where they agree, `= error thrown` is the same.
            let notes = Set(((DriverFiles.read("\(folder)/notes.txt") ?? "") + "\n" + (DriverFiles.read("\(folder)/swift.trace.notes") ?? ""))
                .split(separator: "\n").map(String.init)).filter { status == 1 || !$0.hasPrefix("thrown: ") }
            let shown = notes.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.prefix(5)
            if !shown.isEmpty { text += "\n" + shown.joined(separator: "\n") }
            try report(entry.job, status, text)
        }
        return outcomes
    }

    /// 1. Every job's port, in one run of the porter; each job's folder gets its port, messages, status and plan.
    private func port() throws(DriverError) {
        var lines = ""
        for job in jobs {
            try DriverFiles.makeFolder("\(out)/\(job.name)")
            lines += (["\(out)/\(job.name)/port"] + job.arguments + ["--verify-plan", "\(out)/\(job.name)/plan"]).joined(separator: "\t") + "\n"
        }
        try DriverFiles.write(lines, to: "\(work)/port-jobs")
        let log = "\(work)/porter.log"
        _ = try ChildProcess.run(["bash", "\(repository)/scripts/port-kotlin", "--batch", "\(work)/port-jobs"], log: log)
        // What the porter says of itself (not the compiler's progress) is the user's to see.
        for line in (DriverFiles.read(log) ?? "").split(separator: "\n") where !line.hasPrefix("kotlin: compiling") {
            StandardStreams.error(String(line))
        }
    }

    /// Puts the copy of the user's Kotlin whose owner class keeps only what the machine reaches (`plan/pruned`, V3) in
    /// place of the copy as given (kept as `plan/as-given`), and the stubs the porter wrote back, for stand-ins to be
    /// derived again.
    static func usePrunedCopy(plan: String, stubs: [(String, String)]) throws(DriverError) {
        func copy(_ file: String, from: String, to: String) throws(DriverError) {
            let destination = to + file.dropFirst(from.count)
            if let slash = destination.lastIndex(of: "/") { try DriverFiles.makeFolder(String(destination[..<slash])) }
            try DriverFiles.copy(file, to: destination)
        }
        for file in DriverFiles.files(under: "\(plan)/kotlin", suffix: ".kt") {
            try copy(file, from: "\(plan)/kotlin", to: "\(plan)/as-given")
        }
        for file in DriverFiles.files(under: "\(plan)/pruned", suffix: ".kt") {
            try copy(file, from: "\(plan)/pruned", to: "\(plan)/kotlin")
        }
        DriverFiles.remove("\(plan)/stubs")
        try DriverFiles.makeFolder("\(plan)/stubs")
        for (path, text) in stubs { try DriverFiles.write(text, to: path) }
        DriverFiles.remove("\(plan)/standins.txt")
    }

    /// The report's line for a machine verified without the members of its class that it never reaches (V3).
    static func pruningNote(_ firstError: Substring) -> String {
        "verified the machine with the members of its class that it never reaches left out (V3): the class as given does not compile "
            + "against the verification's libraries (\(firstError.split(separator: "/").last ?? firstError))"
    }

    /// What `plan/standins.txt` says (V11, V12, V13): the names stand-ins were declared for, the `when` statements
    /// completed in the copy (`FILE:LINE:COLUMN` of the user's file), where the copy takes Tinder's StateMachine
    /// (`FILE:LINE:COLUMN: NAME`), and the references no stand-in could be derived for.
    static func standIns(plan: String) -> (declared: [String], completed: [String], tinder: [String], refused: [String]) {
        let lines = (DriverFiles.read("\(plan)/standins.txt") ?? "").split(separator: "\n").map(String.init)
        func entries(_ prefix: String) -> [String] { lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } }
        return (entries("declared "), entries("completed "), entries("tinder "), entries("refused "))
    }

    /// The warnings for what verify's copy of the user's Kotlin changed (V12, V13), in the order of `plan/standins.txt`.
    static func copyWarnings(plan: String) -> [String] {
        let found = standIns(plan: plan)
        return found.tinder.map(tinderWarning) + found.completed.map(completedWhenWarning)
    }

    /// The warning where verify's copy imports Tinder's StateMachine for one the files given do not declare (V13);
    /// `entry` is `FILE:LINE:COLUMN: NAME`, NAME the one the file imports, or empty.
    static func tinderWarning(_ entry: String) -> String {
        let parts = entry.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        let location = parts[0].dropLast()   // its trailing ':'
        let imported = parts.count > 1 ? String(parts[1]) : ""
        let name = imported.isEmpty ? "StateMachine" : imported
        return "\(location): warning: verify: the machine is built on \(name), from a file not given, which the port took for "
            + "Tinder's StateMachine; verify's copy imports com.tinder.StateMachine in its place (what \(name) itself does is not verified)"
    }

    /// The warning for a `when` statement that verify's copy completed with `else -> {}` (V12), at `FILE:LINE:COLUMN`.
    static func completedWhenWarning(_ location: String) -> String {
        "\(location): warning: verify: this 'when' statement lists not every case, which Kotlin before 1.7 accepted; "
            + "verify's copy adds 'else -> {}' (add it to your file, or the missing branches)"
    }

    static func swiftName(plan path: String) throws(DriverError) -> String {
        guard let text = DriverFiles.read(path), let name = JSONMembers.strings(of: text)?["name"] else {
            throw DriverError("the plan \(path) has no name")
        }
        return name
    }

    static func sequenceCount(_ path: String) -> Int? {
        guard let text = DriverFiles.read(path), case .list(let sequences)? = try? FixtureValueCoding.field(json: text, file: path) else { return nil }
        return sequences.count
    }
}
