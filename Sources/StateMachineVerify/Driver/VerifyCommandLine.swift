import CProcessControl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `statemachine port … --verify` and `scripts/port-verify`: the arguments, the run, the report and the exit status.
///
///     statemachine port Machine.kt [more files or folders] [--name SwiftName] [-o Machine.swift] --verify
///     statemachine port --seed 7 --depth 2 --random 300 --length 10 src/main/kotlin/com/example/login/ --verify
///     statemachine port --verify --batch JOBS OUT     # many ports in one run (CI): each line JOB<TAB>input… (porter
///                                                     # arguments, --name included); results in OUT/JOB/
package enum VerifyCommandLine {
    package static let usage = """
        usage: statemachine port FILE-OR-FOLDER… [--name NAME] [-o FILE] --verify [OPTIONS]
               statemachine port --verify --batch JOBS OUT [OPTIONS]

        Ports the Kotlin machine and proves the port behaves as the Kotlin: both run on the same generated event
        sequences and what they do is compared line by line (Spec/VERIFY.md).

        options:
          --seed N          the random sequences' seed (1)
          --depth D         every sequence of up to D events, one value per event case (2)
          --random R        R random sequences (200) …
          --length L        … of 1 to L events (8)
          --time-limit S    seconds each sequence may take on each side (10)
          --memory-limit M  mebibytes each side may use (2048)
          --batch JOBS OUT  a job a line of JOBS: NAME<TAB>porter arguments; each job's report in OUT/NAME/result

        Each side runs in a scratch folder and a process group of its own, within the limits; a crash, a timeout or an
        exit of either side is a difference or a failure to run, never an agreement.
        Exit status: 0 the port behaves as the Kotlin; 1 it differs (or the port is not complete); 2 the verification
        could not run (the reason is printed). With --batch: 0 when every job ran, 2 otherwise.
        """

    /// Runs the verification the arguments ask for and returns the exit status; `repository` is this project's
    /// checkout (its scripts and library).
    package static func run(_ arguments: [String], repository: String) -> Int32 {
        var generation = SequenceGeneration()
        var limits = VerifyLimits()
        var batch: (jobs: String, out: String)?
        var output: String?
        var name: String?
        var edits: [String: [String]] = [:]
        var inputs: [String] = []
        var index = 0
        func value(_ option: String) throws(DriverError) -> String {
            guard index + 1 < arguments.count else { throw DriverError("\(option) needs a value") }
            index += 1
            return arguments[index]
        }
        func number(_ option: String) throws(DriverError) -> Int {
            let text = try value(option)
            guard let number = Int(text), number >= 0 else { throw DriverError("\(option) takes a whole number, not \(text)") }
            return number
        }
        do throws(DriverError) {
            while index < arguments.count {
                let argument = arguments[index]
                switch argument {
                case "--verify": break
                case "--seed": generation.seed = try number(argument)
                case "--depth": generation.depth = try number(argument)
                case "--random": generation.random = try number(argument)
                case "--length":
                    generation.length = try number(argument)
                    guard generation.length > 0 else { throw DriverError("--length takes a number above 0") }
                case "--time-limit":
                    let text = try value(argument)
                    guard let seconds = Double(text), seconds > 0 else { throw DriverError("--time-limit takes seconds above 0, not \(text)") }
                    limits.secondsPerSequence = seconds
                case "--memory-limit":
                    limits.memoryMiB = try number(argument)
                    guard limits.memoryMiB >= 64 else { throw DriverError("--memory-limit takes 64 MiB or more") }
                case "--batch":
                    let jobs = try value(argument)
                    batch = (jobs, try value(argument))
                case "--name": name = try value(argument)
                case "-o", "--output": output = try value(argument)
                case "--edit":
                    let job = try value(argument)
                    edits[job, default: []].append(try value(argument))
                case "-h", "--help":
                    print(usage)
                    return 0
                default:
                    if argument.hasPrefix("-") { throw DriverError("unknown option \(argument)") }
                    inputs.append(argument)
                }
                index += 1
            }
        } catch {
            StandardStreams.error("port-verify: error: \(error)")
            return 2
        }

        guard let work = prepare("port-verify") else { return 2 }
        defer { DriverFiles.remove(work) }
        do throws(DriverError) {
            let jobs: [PortVerification.Job]
            let out: String
            if let batch {
                guard let text = DriverFiles.read(batch.jobs) else { throw DriverError("cannot read the jobs file \(batch.jobs)") }
                jobs = text.split(separator: "\n").compactMap { line in
                    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    guard fields.count >= 2, !fields[0].isEmpty else { return nil }
                    return PortVerification.Job(name: fields[0], arguments: DriverFiles.absoluteInputs(Array(fields.dropFirst())))
                }
                // The jobs' folders are named from where the driver runs, whatever folder the steps run in.
                out = DriverFiles.absolute(batch.out)
            } else {
                guard !inputs.isEmpty else { throw DriverError("no input file") }
                jobs = [PortVerification.Job(name: "machine", arguments: DriverFiles.absoluteInputs(inputs) + (name.map { ["--name", $0] } ?? []))]
                out = "\(work)/out"
            }
            let verification = PortVerification(repository: repository, jobs: jobs, out: out, work: work,
                                                 generation: generation, limits: limits, edits: edits)
            let outcomes = try verification.run()
            if batch == nil {
                let folder = "\(out)/machine"
                if let messages = DriverFiles.read("\(folder)/port.messages") { StandardStreams.errorText(messages) }
                if let output, DriverFiles.isFile("\(folder)/port.swift") { try DriverFiles.copy("\(folder)/port.swift", to: output) }
                let outcome = outcomes["machine"] ?? .init(status: 2, report: "verify: could not run")
                StandardStreams.output(outcome.report + "\n")
                return outcome.status
            }
            var status: Int32 = 0
            for job in jobs {
                let outcome = outcomes[job.name] ?? .init(status: 2, report: "verify: could not run")
                StandardStreams.output("== \(job.name): \(outcome.report.split(separator: "\n").first ?? "")\n")
                if outcome.status == 2 { status = 2 }
            }
            return status
        } catch {
            if error.signal != 0 {
                DriverFiles.remove(work)
                cpc_die_of(error.signal)
            }
            StandardStreams.error("verify: could not run: \(error)")
            return 2
        }
    }
}

extension VerifyCommandLine {
    /// Runs `statemachine compare` and returns its exit status; the report goes to standard output.
    package static func compare(_ request: MachineComparison.Request, repository: String) -> Int32 {
        guard let work = prepare("compare") else { return 2 }
        defer { DriverFiles.remove(work) }
        do throws(DriverError) {
            let outcome = try MachineComparison(repository: repository, request: request, work: work).run()
            StandardStreams.output(outcome.report + "\n")
            return outcome.status
        } catch {
            if error.signal != 0 {
                DriverFiles.remove(work)
                cpc_die_of(error.signal)
            }
            StandardStreams.error("compare: could not run: \(error)")
            return 2
        }
    }

    /// A path made absolute from the current folder.
    package static func absolute(_ path: String) -> String { DriverFiles.absolute(path) }

    /// What a driver run starts with: the stop handlers, the subreaper, the run's own folder (also its tools'
    /// temporary folder: what the Swift package manager leaves there is removed with it). Nil when it cannot be made.
    static func prepare(_ command: String) -> String? {
        cpc_install_stop_handlers()
        _ = cpc_become_subreaper()
        do throws(DriverError) {
            let work = try DriverFiles.temporaryFolder("statemachine-verify")
            try DriverFiles.makeFolder("\(work)/tmp")
            setenv("TMPDIR", "\(work)/tmp", 1)
            return work
        } catch {
            StandardStreams.error("\(command): error: \(error)")
            return nil
        }
    }
}

extension DriverFiles {
    /// The porter's arguments with each input file or folder made absolute; an option and its value stay as they are.
    static func absoluteInputs(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var optionValue = false
        for argument in arguments {
            result.append(optionValue || argument.hasPrefix("-") || !exists(argument) ? argument : absolute(argument))
            optionValue = argument.hasPrefix("-")
        }
        return result
    }
}
