/// The comparison of the Kotlin machine's trace with the Swift machine's (Spec/VERIFY.md, V9): agreement, or the
/// first difference as two aligned lines with the events that lead there.
///
/// A sequence that a stub stops (`= stop (a stub cannot answer)`: a collaborator function returns a type the stubs
/// cannot make) or that reaches a part the porter did not port (`= stop port: …`) ends there, on either side, without
/// a difference: what came before it is compared, what follows is not exercised. A sequence that a side ended by
/// crashing, running out of time, ending the process or printing too much is never an agreement: where the other
/// side went on, it is a difference; where both stopped at the same event, the sequence could not be verified.
struct VerifyComparison {
    enum Outcome {
        /// Every event sent behaves alike.
        case agree
        /// A line differs, or one side stopped where the other went on.
        case differ
        /// Every sequence stopped before any event's outcome could be compared.
        case notExercised
        /// Both sides stopped (a crash, a timeout, an exit, the output limit) at the same event, and nothing differs.
        case bothStopped

        /// The exit status of `statemachine port --verify`.
        var status: Int32 {
            switch self {
            case .agree: 0
            case .differ: 1
            case .notExercised, .bothStopped: 2
            }
        }
    }

    /// The line both runtimes write where a stub cannot answer and the sequence stops.
    static let stubStop = "= stop (a stub cannot answer)"

    /// What kind of line a trace line is, for the comparison.
    enum Line: Equatable {
        /// An event, a call, a print or an outcome: compared as text.
        case observed
        /// A stub could not answer: the sequence is left here.
        case stubStop
        /// The port reached a placeholder: the sequence is left here.
        case notPorted
        /// The side crashed, timed out, ended its process or printed too much: never an agreement.
        case halt

        init(_ text: String) {
            if text == VerifyComparison.stubStop {
                self = .stubStop
            } else if text.hasPrefix("= stop port:") {
                self = .notPorted
            } else if text.hasPrefix("= crash") || text.hasPrefix("= timeout") || text.hasPrefix("= exit ") || text == "= output limit" {
                self = .halt
            } else {
                self = .observed
            }
        }
    }

    let outcome: Outcome
    let text: String
    var agree: Bool { outcome == .agree }

    /// - Parameters:
    ///   - subject: what the report calls the Swift side: "the Swift port", "the Swift machine".
    ///   - short: the same, shorter: "the port", "the Swift machine".
    init(kotlin: String, swift: String, subject: String = "the Swift port", short: String = "the port") {
        let kotlinSequences = Self.sequences(kotlin)
        let swiftSequences = Self.sequences(swift)
        var events = 0
        var compared = 0
        var stopped: [String] = []
        var notPorted: [String] = []
        var firstBothStopped: String?
        var bothStoppedCount = 0
        for (index, expected) in kotlinSequences.enumerated() {
            let number = index + 1
            let actual = index < swiftSequences.count ? swiftSequences[index] : []
            var sent: [String] = []
            var line = 0
            while line < max(expected.count, actual.count) {
                let kotlinLine = line < expected.count ? expected[line] : "(nothing: the Kotlin sequence ended here)"
                let swiftLine = line < actual.count ? actual[line] : "(nothing: the Swift run ended here)"
                let kotlinKind = line < expected.count ? Line(kotlinLine) : .observed
                let swiftKind = line < actual.count ? Line(swiftLine) : .observed
                if kotlinKind == .halt, swiftKind == .halt {
                    bothStoppedCount += 1
                    if firstBothStopped == nil {
                        firstBothStopped = """
                            verify: could not verify sequence \(number): both sides stopped \(Self.when(sent.count)) (Kotlin: \(kotlinLine.dropFirst(2)); Swift: \(swiftLine.dropFirst(2))).
                              events: \(Self.shown(sent.isEmpty ? "(none)" : sent.joined(separator: ", ")))
                            A machine that crashes, runs out of time, ends its process or prints without end there cannot be compared: fix it, or give it more time (--time-limit) if it only needs that.
                            """
                    }
                    break
                }
                if swiftKind == .notPorted {
                    notPorted.append("sequence \(number) after \(sent.count) event(s): \(swiftLine.dropFirst(7))")
                    break
                }
                if kotlinKind == .stubStop || swiftKind == .stubStop {
                    // The event that reached the stub has no outcome to compare.
                    stopped.append("sequence \(number)")
                    break
                }
                if kotlinLine != swiftLine {
                    outcome = .differ
                    text = """
                        verify: \(subject) differs from the Kotlin machine in sequence \(number), \(Self.when(sent.count)):
                          events: \(Self.shown(sent.isEmpty ? "(none)" : sent.joined(separator: ", ")))
                          Kotlin: \(Self.shown(kotlinLine))
                          Swift:  \(Self.shown(swiftLine))
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
        if let firstBothStopped {
            outcome = .bothStopped
            lines = [firstBothStopped]
            if bothStoppedCount > 1 { lines.append("\(bothStoppedCount) sequences stopped so on both sides.") }
        } else if compared == 0, !stopped.isEmpty {
            outcome = .notExercised
            lines = ["verify: could not exercise \(short): no event's outcome could be compared, every sequence stopped where a stub could not answer (the notes below say which)."]
        } else {
            outcome = .agree
            lines = ["verify: \(subject) behaves as the Kotlin machine on \(kotlinSequences.count) sequences (\(events) events)."]
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

    /// The longest line a report shows whole, in characters.
    static let shownLength = 2000

    /// `line`, cut after ``shownLength`` characters with a marker that says how much was left out.
    static func shown(_ line: String) -> String {
        let count = line.count
        guard count > shownLength else { return line }
        return String(line.prefix(shownLength)) + "… (\(count - shownLength) more characters)"
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
