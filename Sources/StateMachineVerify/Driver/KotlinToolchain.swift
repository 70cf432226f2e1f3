/// What the JVM side of a verification runs with, as `scripts/kotlin-tools verify` builds and prints it: the Kotlin
/// runner's class path and the libraries the user's Kotlin compiles against.
struct KotlinToolchain {
    let repository: String
    let runnerClassPath: String
    let libraries: String

    /// Builds the Kotlin parts (on first use, the compiler is installed) and reads their paths.
    static func prepare(repository: String, work: String) throws(DriverError) -> KotlinToolchain {
        let output = "\(work)/kotlin-tools.out"
        var options = ChildProcess.Options()
        options.standardOutput = output
        // What it builds (`kotlin: compiling porter`) is the user's to see: a first run installs and builds for minutes.
        options.standardError = nil
        options.newGroup = true
        let ending = try ChildProcess.start(["bash", "\(repository)/scripts/kotlin-tools", "verify"], options: options).wait().ending
        var values: [String: String] = [:]
        for line in (DriverFiles.read(output) ?? "").split(separator: "\n") {
            if let equals = line.firstIndex(of: "=") { values[String(line[..<equals])] = String(line[line.index(after: equals)...]) }
        }
        guard ending == .exited(0), let runner = values["RUNNER_CLASSPATH"], let libraries = values["LIBRARIES"] else {
            throw DriverError("the Kotlin side could not be built (\(ending)); the messages above say why")
        }
        return KotlinToolchain(repository: repository, runnerClassPath: runner, libraries: libraries)
    }

    /// Compiles `files` against the libraries into `output`; the compiler's messages go to `log`.
    func compile(_ files: [String], into output: String, log: String, classPath: [String] = []) throws(DriverError) -> Bool {
        try DriverFiles.makeFolder(output)
        let path = ([libraries] + classPath).joined(separator: ":")
        let ending = try ChildProcess.run(["bash", "\(repository)/scripts/kotlin-tools", "kotlinc", path, output] + files, log: log)
        return ending == .exited(0)
    }

    /// Compiles a job's Kotlin alone, deriving stand-ins for what it cannot resolve (Spec/VERIFY.md, V11) into
    /// `plan/stubs` round after round, in one JVM; whether it then compiles, its classes in `classes`. What was
    /// declared and refused is in `plan/standins.txt`, the compiler's messages of the last round in `plan/kotlinc.log`.
    func compileWithStandIns(plan: String, into classes: String, log: String) throws(DriverError) -> Bool {
        let ending = try ChildProcess.run(["bash", "\(repository)/scripts/kotlin-tools", "stand-ins", libraries, plan, classes], log: log)
        return ending == .exited(0)
    }

    /// The command that runs the Kotlin runner on a job, within the memory limit (Spec/VERIFY.md, V7).
    func runnerCommand(plan: String, classes: String, folder: String, generation: SequenceGeneration, from: Int, limits: VerifyLimits) -> [String] {
        [
            "java", "-Xss8m", "-Xmx\(limits.memoryMiB)m", "-XX:+ExitOnOutOfMemoryError", "-XX:+DisplayVMOutputToStderr", "-XX:-UsePerfData",
            "-Djava.io.tmpdir=tmp", "-cp", runnerClassPath, "com.statemachine.verify.RunnerKt",
            plan, classes, folder,
        ] + generation.arguments + ["--from", "\(from)"]
    }
}

/// How the event sequences are generated (Spec/VERIFY.md, V4).
package struct SequenceGeneration: Sendable {
    package var seed = 1
    package var depth = 2
    package var random = 200
    package var length = 8

    package init() {}

    var arguments: [String] {
        ["--seed", "\(seed)", "--depth", "\(depth)", "--random", "\(random)", "--length", "\(length)"]
    }
}
