/// The comparison of the Kotlin machine's trace with its Swift port's: agreement, or the first difference as two
/// aligned lines with the events that lead there.
///
/// A sequence that a stub stops (`= stop (a stub cannot answer)`: a collaborator function returns a type the stubs
/// cannot make) ends there, on either side, without a difference: what came before it is compared, what follows is
/// not exercised. When no event could be compared at all, the verification exercised nothing ([Outcome.notExercised]).
struct VerifyComparison {
    enum Outcome {
        /// Every event sent behaves alike.
        case agree
        /// A line differs.
        case differ
        /// Every sequence stopped before any event's outcome could be compared.
        case notExercised

        /// The exit status of `harness compare` (and of `statemachine port --verify`).
        var status: Int32 {
            switch self {
            case .agree: 0
            case .differ: 1
            case .notExercised: 2
            }
        }
    }

    /// The line both runtimes write where a stub cannot answer and the sequence stops.
    static let stubStop = "= stop (a stub cannot answer)"

    let outcome: Outcome
    let text: String

    var agree: Bool { outcome == .agree }

    init(kotlin: String, swift: String) {
        let kotlinSequences = Self.sequences(kotlin)
        let swiftSequences = Self.sequences(swift)
        var events = 0
        var compared = 0
        var stopped: [String] = []
        var notPorted: [String] = []
        for (index, expected) in kotlinSequences.enumerated() {
            let number = index + 1
            let actual = index < swiftSequences.count ? swiftSequences[index] : []
            var sent: [String] = []
            var line = 0
            while line < expected.count {
                let kotlinLine = expected[line]
                let swiftLine = line < actual.count ? actual[line] : "(nothing: the Swift run ended here)"
                if swiftLine.hasPrefix("= stop port:") || swiftLine.hasPrefix("= stop crash:") {
                    notPorted.append("sequence \(number) after \(sent.count) event(s): \(swiftLine.dropFirst(7))")
                    break
                }
                if kotlinLine == Self.stubStop || swiftLine == Self.stubStop {
                    // The event that reached the stub has no outcome to compare.
                    stopped.append("sequence \(number)")
                    break
                }
                if kotlinLine != swiftLine {
                    outcome = .differ
                    text = """
                        verify: the Swift port differs from the Kotlin machine in sequence \(number), \(Self.when(sent.count)):
                          events: \(sent.isEmpty ? "(none)" : sent.joined(separator: ", "))
                          Kotlin: \(kotlinLine)
                          Swift:  \(swiftLine)
                        """
                    return
                }
                if kotlinLine.hasPrefix("> ") {
                    sent.append(String(kotlinLine.dropFirst(2)))
                    events += 1
                }
                if kotlinLine.hasPrefix("= ") { compared += 1 }
                line += 1
            }
        }
        var lines: [String]
        if compared == 0, !stopped.isEmpty {
            outcome = .notExercised
            lines = ["verify: could not exercise the port: no event's outcome could be compared, every sequence stopped where a stub could not answer (the notes below say which)."]
        } else {
            outcome = .agree
            lines = ["verify: the Swift port behaves as the Kotlin machine on \(kotlinSequences.count) sequences (\(events) events)."]
        }
        if !stopped.isEmpty {
            lines.append("not exercised: \(stopped.count) sequence(s) stopped where a stub could not answer (\(stopped.prefix(5).joined(separator: ", "))\(stopped.count > 5 ? ", …" : ""))")
        }
        if !notPorted.isEmpty {
            lines.append("not exercised: \(notPorted.count) sequence(s) reached a part the porter did not port:")
            lines += notPorted.prefix(5).map { "  \($0)" }
        }
        text = lines.joined(separator: "\n")
    }

    private static func when(_ count: Int) -> String {
        count == 0 ? "before its first event" : "at event \(count)"
    }

    /// The lines of each sequence, without their `# sequence` line.
    private static func sequences(_ trace: String) -> [[String]] {
        var sequences: [[String]] = []
        for line in trace.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# sequence ") {
                sequences.append([])
            } else if !line.isEmpty, !sequences.isEmpty {
                sequences[sequences.count - 1].append(String(line))
            }
        }
        return sequences
    }
}
