import StateMachineFixtures

/// `statemachine compare` (Spec/VERIFY.md, V10): runs a Swift machine and a Kotlin machine, written by hand for the
/// same purpose, on the same generated event sequences, each side contained as `port --verify`'s are (V7), and says
/// whether they behave alike: each event's outcome, the listener calls, the state each sequence starts and ends in.
///
/// The steps: the Kotlin is compiled (or its jars taken) and its runner writes the sequences, the Kotlin trace and the
/// shapes of the Kotlin machine's types; a harness package that depends on the user's Swift package is built; the
/// cases and fields of the two sides are paired (by name, and by the user's mapping file, never by guess); the Swift
/// machine runs on the sequences; the traces are compared.
package struct MachineComparison {
    package struct Request: Sendable {
        /// The Swift machine: `Module.Type.definition` (a definition) or `Module.makeMachine()` (a call that makes a machine).
        package var swiftMachine = ""
        /// The user's Swift package (absolute).
        package var package = "."
        /// The Kotlin source files and folders.
        package var kotlinSources: [String] = []
        /// Jars of compiled Kotlin.
        package var kotlinJars: [String] = []
        /// `Owner.member`: the class, object or file class and the property or function that makes the Kotlin machine.
        package var kotlinMachine = ""
        package var mapping: String?
        package var generation = SequenceGeneration()
        package var limits = VerifyLimits()
        /// A folder to keep the comparison's files in (the traces), instead of removing them.
        package var keep: String?

        package init() {}
    }

    package struct Outcome: Sendable {
        package let status: Int32
        package let report: String
    }

    let repository: String
    let request: Request
    let work: String

    package init(repository: String, request: Request, work: String) {
        self.repository = repository
        self.request = request
        self.work = work
    }

    /// The folder of the comparison's files.
    var folder: String { request.keep.map(DriverFiles.absolute) ?? "\(work)/machine" }

    /// A step's reason to stop the comparison with exit status 2.
    struct Stop: Error {
        let report: String
        init(_ why: String) { report = "compare: could not run: \(why)" }
    }

    package func run() throws(DriverError) -> Outcome {
        do {
            let (module, expression) = try swiftMachine()
            let kotlin = try runKotlin()
            // The Swift: a harness that links the user's module.
            let description = try SwiftPackageDescription.read(request.package, work: work)
            let product = try description.library(holding: module)
            let harness = ComparisonHarness(repository: repository, package: description, product: product, module: module, expression: expression)
            let executable: String
            switch try harness.build(log: "\(folder)/swift-build.log") {
            case .success(let path): executable = path
            case .failure(let error): throw Stop("\(error)")
            }
            let shapesLog = "\(folder)/swift.shapes"
            // The harness holds each machine under its expression (ComparisonHarness).
            let shapeEnding = try ChildProcess.run([executable, "shape", expression], log: shapesLog)
            guard shapeEnding == .exited(0), let swiftShapes = DriverFiles.read(shapesLog) else {
                throw Stop("the Swift machine's types could not be read (\(shapeEnding))")
            }
            let notes = try pair(kotlin: kotlin, swiftShapes: swiftShapes)
            // The Swift machine on the Kotlin's sequences, contained.
            let swiftSide = ContainedSide(
                kind: .swift, trace: "\(folder)/swift.trace", standardError: "\(folder)/swift.stderr", work: work, limits: request.limits,
                command: { [folder] from in [executable, "run", expression, folder, "--from", "\(from)"] },
                sequenceCount: { [folder] in PortVerification.sequenceCount("\(folder)/sequences.json") }
            )
            if case .couldNotRun(let why) = try swiftSide.run() { throw Stop(why) }
            return verdict(notes)
        } catch let stop as Stop {
            return Outcome(status: 2, report: stop.report)
        } catch let error as DriverError {
            throw error
        } catch {
            throw DriverError("\(error)")
        }
    }

    /// 1. The Kotlin: compiled against the Tinder-compatible library (and the jars given), then run; its shapes.
    func runKotlin() throws -> String {
        DriverFiles.remove(folder)
        try DriverFiles.makeFolder(folder)
        let kotlin = try KotlinToolchain.prepare(repository: repository, work: work)
        let sources = kotlinSourceFiles
        var classPath = request.kotlinJars
        if !sources.isEmpty {
            let classes = "\(folder)/classes"
            guard try kotlin.compile(sources, into: classes, log: "\(folder)/kotlinc.log", classPath: request.kotlinJars) else {
                let errors = (DriverFiles.read("\(folder)/kotlinc.log") ?? "").split(separator: "\n").filter { $0.holds("error:") }.prefix(5)
                throw Stop("the Kotlin does not compile against the Tinder-compatible library:\n" + errors.joined(separator: "\n"))
            }
            classPath.insert(classes, at: 0)
        }
        guard !classPath.isEmpty else { throw Stop("no Kotlin given (--kotlin FILE-OR-FOLDER or --kotlin-jar JAR)") }
        let literals = KotlinLiterals.read(sources.compactMap(DriverFiles.read))
        try DriverFiles.write(plan(literals), to: "\(folder)/plan.json")
        let folder = folder
        let kotlinSide = ContainedSide(
            kind: .kotlin, trace: "\(folder)/kotlin.trace", standardError: "\(folder)/kotlin.stderr", work: work, limits: request.limits,
            command: { from in
                kotlin.runnerCommand(plan: "\(folder)/plan.json", classes: classPath.joined(separator: ":"), folder: folder,
                                     generation: request.generation, from: from, limits: request.limits)
            },
            sequenceCount: { PortVerification.sequenceCount("\(folder)/sequences.json") }
        )
        if case .couldNotRun(let why) = try kotlinSide.run() { throw Stop(why) }
        guard let shapes = DriverFiles.read("\(folder)/shapes.json"), DriverFiles.isFile("\(folder)/context.json") else {
            throw Stop("the Kotlin runner did not write the shapes of the machine's types")
        }
        return shapes
    }

    private var kotlinSourceFiles: [String] {
        request.kotlinSources.flatMap { path in FileSystemPaths.isFolder(path) ? DriverFiles.files(under: path, suffix: ".kt") : [path] }
    }

    /// 2. The names of the two sides, paired, written for the Swift side (`names.json`); the notes of the pairing.
    func pair(kotlin: String, swiftShapes: String) throws -> [String] {
        var mapping: [ShapePairing.Role: [String: ShapePairing.Mapped]] = [:]
        if let path = request.mapping {
            guard let text = DriverFiles.read(path) else { throw Stop("cannot read the mapping file \(path)") }
            mapping = try ShapePairing.mapping(text, file: path)
        }
        let kotlinShapes = try ShapePairing.shapes(kotlin, file: "the Kotlin shapes", swift: false)
        let swift = try ShapePairing.shapes(swiftShapes, file: "the Swift shapes", swift: true)
        let locations = SourceLocations(kotlinFiles: kotlinSourceFiles, swiftFolder: "\(request.package)/Sources")
        let pairing = ShapePairing(kotlin: kotlinShapes, swift: swift, mapping: mapping,
                                   kotlinLocation: locations.kotlin, swiftLocation: locations.swift)
        let paired = pairing.pair()
        if !paired.problems.isEmpty {
            throw Stop("""
                \(paired.problems.count) case(s) and field(s) of the two machines cannot be paired:
                \(paired.problems.map { "  " + $0 }.joined(separator: "\n"))
                Pair them in a mapping file (--mapping FILE), Kotlin names on the left, Swift names on the right. To start from, \
                the Kotlin names that have no pair, each with its own name, for you to change:
                \(pairing.skeleton(paired))
                """)
        }
        try DriverFiles.write(VerifyNamePairs(toSwift: paired.toSwift, toKotlin: paired.toKotlin).field.description + "\n", to: "\(folder)/names.json")
        return paired.notes
    }

    /// 3. The verdict on the two traces.
    func verdict(_ pairingNotes: [String]) -> Outcome {
        let comparison = VerifyComparison(kotlin: DriverFiles.read("\(folder)/kotlin.trace") ?? "", swift: DriverFiles.read("\(folder)/swift.trace") ?? "",
                                          subject: "the Swift machine", short: "the Swift machine")
        var text = comparison.text.replacingPrefix("verify: ", with: "compare: ")
        let notes = Set(((DriverFiles.read("\(folder)/notes.txt") ?? "") + "\n" + (DriverFiles.read("\(folder)/swift.trace.notes") ?? ""))
            .split(separator: "\n").map(String.init)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for note in pairingNotes + notes.prefix(5) { text += "\n" + note }
        return Outcome(status: comparison.outcome.status, report: text)
    }

    /// The module and the Swift expression of `--swift`.
    private func swiftMachine() throws(DriverError) -> (String, String) {
        let text = request.swiftMachine
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            throw DriverError("--swift takes Module.Type.definition (a definition) or Module.function() (a call that makes a machine), not \(text)")
        }
        return (String(text[..<dot]), text)
    }

    private func plan(_ literals: KotlinLiterals.Literals) throws(DriverError) -> String {
        let machine = request.kotlinMachine
        guard let dot = machine.lastIndex(of: "."), dot != machine.startIndex else {
            throw DriverError("--kotlin-machine takes Owner.member (the class, object or file class and the property or function that makes the machine), not \(machine)")
        }
        let owner = String(machine[..<dot])
        let member = String(machine[machine.index(after: dot)...])
        func list<T>(_ values: [T], _ text: (T) -> String) -> String { "[" + values.map(text).joined(separator: ", ") + "]" }
        return """
            {
              "name": "machine",
              "mode": "compare",
              "owner": {"kind": "auto", "class": \(Canonical.string(owner)), "member": \(Canonical.string(member))},
              "properties": [],
              "functions": [],
              "literals": {"strings": \(list(literals.strings, Canonical.string)), "ints": \(list(literals.ints) { "\($0)" }), "doubles": \(list(literals.doubles) { "\($0)" })}
            }

            """
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}

enum FileSystemPaths {
    static func isFolder(_ path: String) -> Bool { FileSystem.isDirectory(path) }
}
