/// The comparison of the Kotlin machine's trace with its Swift port's: agreement, or the first difference as two
/// aligned lines with the events that lead there.
struct VerifyComparison {
    let agree: Bool
    let text: String

    init(kotlin: String, swift: String) {
        let kotlinSequences = Self.sequences(kotlin)
        let swiftSequences = Self.sequences(swift)
        var events = 0
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
                if kotlinLine != swiftLine {
                    agree = false
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
                if kotlinLine.hasPrefix("= stop") { stopped.append("sequence \(number)") }
                line += 1
            }
        }
        agree = true
        var lines = ["verify: the Swift port behaves as the Kotlin machine on \(kotlinSequences.count) sequences (\(events) events)."]
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
