/// The timer keys of format 2 (FIXTURES.md, "Timers"): `after` in a state definition and the
/// advance step.
extension FixtureReader {

    /// The largest delay or advance, in milliseconds: its nanoseconds fit a signed 64-bit integer.
    static let maximumMilliseconds: Int64 = Int64.max / 1_000_000

    /// The optional keys of a state definition that only this version has.
    var stateKeysOfVersion: [String] {
        version >= 2 ? ["after"] : []
    }

    /// Fails when `node` has `key`, which only format 2 has, in a file of format 1.
    func requireVersion2(for key: String, in node: Node) throws(InputError) {
        guard version < 2, let found = node[key] else { return }
        throw InputError(path: found.path, message: "\(Canonical.string(key)) needs \"schemaVersion\": 2 (this file has 1)", atKey: true)
    }

    /// Reads `"after": [{"delay": milliseconds, "send": event}, ...]`.
    func readTimers(_ node: Node) throws(InputError) -> [TimerTable] {
        var timers: [TimerTable] = []
        for item in try node.array("an array of delayed events ({\"delay\": milliseconds, \"send\": event})") {
            try item.closed("a delayed event", required: ["delay", "send"])
            timers.append(TimerTable(
                milliseconds: try readMilliseconds(item.need("delay"), "a delay"),
                event: try readValue(item.need("send"), .event)
            ))
        }
        return timers
    }

    /// Reads an advance step, `{"advance": milliseconds, "expect": [results], "calls": [calls]}`;
    /// nil when `node` is another kind of step.
    func readAdvanceStep(_ node: Node) throws(InputError) -> Step? {
        try requireVersion2(for: "advance", in: node)
        guard node.has("advance") else { return nil }
        try node.closed("an advance step", required: ["advance", "expect", "calls"])
        let milliseconds = try readMilliseconds(node.need("advance"), "a time to advance")
        var outcomes: [Outcome] = []
        for item in try node.need("expect").array("an array of the results of the fired timers' transitions") {
            let outcome = try readOutcome(item)
            if outcome == .recursionDetected {
                throw item.fail("expected the result of a fired timer's transition; recursionDetected appears only inside send records")
            }
            outcomes.append(outcome)
        }
        var calls: [Call] = []
        for item in try node.need("calls").array("an array of listener calls") {
            calls.append(try readCall(item))
        }
        return .advance(milliseconds: milliseconds, expect: outcomes, calls: calls)
    }

    private func readMilliseconds(_ node: Node, _ what: String) throws(InputError) -> Int64 {
        guard case .integer(let value) = node.json, value >= 0, value <= Self.maximumMilliseconds else {
            throw node.fail("expected \(what) in milliseconds (an integer from 0 to \(Self.maximumMilliseconds)), got \(node.json.kindDescription)")
        }
        return value
    }
}
