/// Reading the keys of run to completion (schemaVersion 2, FIXTURES.md "Run to completion",
/// R32–R38): `runToCompletion` in the top machine, `always`, `onEnterRaise`, `onExitRaise`,
/// `onEnterPost` and `onExitPost` in its state definitions and superstates, `initialCalls` in a
/// scenario, `raise` and `post` calls.
extension FixtureReader {

    /// The keys a state definition may have for run to completion.
    var runToCompletionStateKeys: [String] { version >= 2 ? Self.runToCompletionKeys : [] }

    static let runToCompletionKeys = ["always", "onEnterRaise", "onExitRaise", "onEnterPost", "onExitPost"]

    /// Reads `"runToCompletion": {"initialEvent": e}` of a top state machine, refusing the keys of
    /// run to completion where they do not apply.
    func readRunToCompletion(_ machine: Node) throws(InputError) -> FixtureValue? {
        let states = try machine.need("states").array("an array of state definitions")
        guard let node = machine["runToCompletion"] else {
            let superstates = try machine["superstates"]?.array("an array of superstates") ?? []
            for item in states + superstates {
                for key in Self.runToCompletionKeys {
                    guard let found = item[key] else { continue }
                    throw InputError(path: found.path, message: "\(Canonical.string(key)) needs \"runToCompletion\" in the machine: only a machine that runs to completion takes eventless transitions and queues raised events (R32, R33)", atKey: true)
                }
            }
            return nil
        }
        guard node.members != nil else { throw node.fail("expected {\"initialEvent\": event}, got \(node.json.kindDescription)") }
        try node.closed("runToCompletion", required: ["initialEvent"])
        for item in states {
            if let child = item["child"] {
                throw InputError(path: child.path, message: "\"child\" with \"runToCompletion\" is not in this format yet: a machine that runs to completion has superstates at most, no child machines (FIXTURES.md, Run to completion)", atKey: true)
            }
            if let always = item["always"], item["final"] != nil {
                throw InputError(path: always.path, message: "\"always\" in a final state: a final state has no eventless transitions (R27, R33)", atKey: true)
            }
        }
        return try readValue(node.need("initialEvent"), .event)
    }

    /// Refuses the keys of run to completion in a child's or a region's state definitions and
    /// superstates (R33, R38).
    func refuseRunToCompletionKeys(inNested machine: Node) throws(InputError) {
        let states = try machine.need("states").array("an array of state definitions")
        for item in try states + (machine["superstates"]?.array("an array of superstates") ?? []) {
            for key in Self.runToCompletionKeys {
                guard let found = item[key] else { continue }
                throw InputError(path: found.path, message: "\(Canonical.string(key)) is allowed only in the top machine's state definitions and superstates, not in a child's or a region's (R33, R38)", atKey: true)
            }
        }
    }

    /// Reads `"always": [{"where": condition, "do": action}]` (R33).
    func readEventless(_ item: Node) throws(InputError) -> [EventlessTable] {
        guard version >= 2, let node = item["always"] else { return [] }
        var eventless: [EventlessTable] = []
        for entry in try node.array("an array of eventless transitions ({\"where\": condition, \"do\": action})") {
            try entry.closed("an eventless transition", required: ["do"], optional: ["where"])
            eventless.append(EventlessTable(
                condition: try entry["where"].map { node throws(InputError) in try readExpression(node) },
                action: try readAction(entry.need("do"))
            ))
        }
        return eventless
    }

    /// Reads `"onEnterRaise"`, `"onExitRaise"`, `"onEnterPost"` or `"onExitPost"`: an event,
    /// or a non-empty array of events (R36, R37).
    func readRaise(_ item: Node, _ key: String) throws(InputError) -> [FixtureValue] {
        guard version >= 2, let node = item[key] else { return [] }
        guard case .array = node.json else { return [try readValue(node, .event)] }
        var events: [FixtureValue] = []
        for event in try node.array("an event or a non-empty array of events", nonEmpty: true) {
            events.append(try readValue(event, .event))
        }
        return events
    }

    /// Reads a scenario's `"initialCalls"`: the calls of the machine's start (R34).
    func readInitialCalls(_ scenario: Node) throws(InputError) -> [Call] {
        guard let node = scenario["initialCalls"] else { return [] }
        var calls: [Call] = []
        for item in try node.array("an array of listener calls") {
            calls.append(try readCall(item))
        }
        return calls
    }
}
