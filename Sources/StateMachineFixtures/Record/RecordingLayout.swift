/// One recorded step: the event sent, what it gave and the calls it caused.
struct RecordedStep {
    let event: FixtureValue
    let expect: Outcome
    let calls: [Call]
}

/// One recorded scenario, in fixture values.
struct RecordedScenario {
    let name: String
    let start: FixtureValue?
    let steps: [RecordedStep]
    let finalState: FixtureValue
}

/// The canonical text of a recorded fixture (FIXTURES.md, "Recorded fixtures"), the bytes the
/// Kotlin `FixtureRecorder` writes too: two-space indentation, the file's keys in a fixed order,
/// values, results and calls in canonical JSON on one line each, scenarios in the order given.
struct RecordingLayout {
    let name: String
    let description: String
    let rules: [String]
    let from: String
    let runtime: String
    let scenarios: [RecordedScenario]

    func text(version: Int) -> String {
        var out = "{\n"
        out += "  \"schemaVersion\": \(version),\n"
        out += "  \"name\": \(Canonical.string(name)),\n"
        out += "  \"description\": \(Canonical.string(description)),\n"
        out += "  \"rules\": [\(rules.map(Canonical.string).joined(separator: ", "))],\n"
        out += "  \"origin\": {\"kind\": \"recorded\", \"from\": \(Canonical.string(from)), \"runtime\": \(Canonical.string(runtime))},\n"
        out += "  \"scenarios\": [\n"
        for (index, scenario) in scenarios.enumerated() {
            out += "    {\n"
            out += "      \"name\": \(Canonical.string(scenario.name)),\n"
            if let start = scenario.start { out += "      \"start\": \(start),\n" }
            out += "      \"steps\": [\n"
            for (stepIndex, step) in scenario.steps.enumerated() {
                out += "        {\n"
                out += "          \"event\": \(step.event),\n"
                out += "          \"expect\": \(step.expect),\n"
                if step.calls.isEmpty {
                    out += "          \"calls\": []\n"
                } else {
                    out += "          \"calls\": [\n"
                    out += step.calls.map { "            \($0)" }.joined(separator: ",\n") + "\n"
                    out += "          ]\n"
                }
                out += stepIndex == scenario.steps.count - 1 ? "        }\n" : "        },\n"
            }
            out += "      ],\n"
            out += "      \"finalState\": \(scenario.finalState)\n"
            out += index == scenarios.count - 1 ? "    }\n" : "    },\n"
        }
        out += "  ]\n"
        out += "}\n"
        return out
    }

    /// The text, version 1 unless a value holds a field type of version 3 (SPEC.md, "Field types
    /// of version 3"), read back as a fixture: a recording is a well-formed fixture.
    func checkedText() throws(FixtureRecordingError) -> String {
        let file = name + ".json"
        let version1 = text(version: 1)
        do {
            _ = try Fixture(text: version1, file: file)
            return version1
        } catch {
            guard error.message.hasSuffix("needs \"schemaVersion\": 3 (this file has 1)") else {
                throw FixtureRecordingError("the recording is not a well-formed fixture: \(error)")
            }
        }
        let version3 = text(version: 3)
        do {
            _ = try Fixture(text: version3, file: file)
        } catch {
            throw FixtureRecordingError("the recording is not a well-formed fixture: \(error)")
        }
        return version3
    }
}

/// A scenarios file, the recorders' input: `{"description", "rules", "scenarios": [{"name",
/// "start"?, "events"}], "generate": {"events", "depth"?, "random"?, "length"?, "seed"?}}` (at least
/// one of `scenarios` and `generate`), values in their fixture form, every field type allowed.
struct ScenariosFile {
    struct Entry {
        let name: String
        let start: (value: FixtureValue, path: DocumentPath)?
        let events: [(value: FixtureValue, path: DocumentPath)]
    }

    let file: String
    let description: String
    let rules: [String]
    let scenarios: [Entry]
    /// `generate`: the events and the counts of FIXTURES.md, "Generated scenarios".
    let generate: (events: [(value: FixtureValue, path: DocumentPath)], depth: Int, random: Int, length: Int, seed: Int64)?
    private let locator: JSONLocator

    init(contentsOf path: String) throws(FixtureRecordingError) {
        file = path
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw FixtureRecordingError("\(path): cannot read the file: \(error.reason)")
        }
        locator = JSONLocator(bytes)
        let json: JSON
        do {
            json = try FixtureJSON.parse(bytes)
        } catch {
            let position = locator.position(ofOffset: error.offset)
            throw FixtureRecordingError("\(path):\(position.line):\(position.column): \(error.message)")
        }
        let reader = FixtureReader(version: 3)
        do throws(InputError) {
            let root = try Node(json: json, path: .root).closed("a scenarios file", required: ["description", "rules"], optional: ["scenarios", "generate"])
            if !root.has("scenarios") && !root.has("generate") {
                throw root.fail("missing key \"scenarios\" (or \"generate\") in a scenarios file")
            }
            description = try root.need("description").string()
            rules = try root.need("rules").array("an array of rule ids", nonEmpty: true).map { rule throws(InputError) in try rule.string("a rule id") }
            var entries: [Entry] = []
            var listed: [Node] = []
            if let node = root["scenarios"] { listed = try node.array("an array of scenarios", nonEmpty: true) }
            for node in listed {
                let scenario = try node.closed("a scenario", required: ["name", "events"], optional: ["start"])
                let start = try scenario["start"].map { start throws(InputError) in (try reader.readValue(start, .state), start.path) }
                let events = try scenario.need("events").array("an array of events", nonEmpty: true).map { event throws(InputError) in
                    (try reader.readValue(event, .event), event.path)
                }
                entries.append(Entry(name: try scenario.need("name").string(), start: start, events: events))
            }
            scenarios = entries
            if let node = root["generate"] {
                let generating = try node.closed("a generate object", required: ["events"], optional: ["depth", "random", "length", "seed"])
                let events = try generating.need("events").array("an array of events", nonEmpty: true).map { event throws(InputError) in
                    (try reader.readValue(event, .event), event.path)
                }
                let depth = try Self.integer(generating, "depth", 2, from: 0)
                let random = try Self.integer(generating, "random", 200, from: 0)
                let length = try Self.integer(generating, "length", 8, from: 1)
                let seed = try Self.integer(generating, "seed", 1, from: Int64.min, to: Int64.max)
                generate = (events, Int(depth), Int(random), Int(length), seed)
            } else {
                generate = nil
            }
        } catch {
            throw Self.located(error, file: path, locator: locator)
        }
    }

    /// The integer at `key` of `node`, `fallback` when it is absent, from `low` to `high`.
    private static func integer(_ node: Node, _ key: String, _ fallback: Int64, from low: Int64, to high: Int64 = Int64(Int32.max)) throws(InputError) -> Int64 {
        guard let value = node[key] else { return fallback }
        guard case .integer(let number) = value.json else { throw value.fail("expected an integer, got \(value.json.kindDescription)") }
        guard number >= low, number <= high else { throw value.fail("expected an integer from \(low) to \(high), got \(number)") }
        return number
    }

    /// `value` as your type, or an error at its place in the file.
    func convert<T>(_ value: (value: FixtureValue, path: DocumentPath), to typeName: String, with convert: (FixtureValue) throws -> T) throws(FixtureRecordingError) -> T {
        do {
            return try convert(value.value)
        } catch {
            let reason = (error as? FixtureValueDecoder.Failure)?.reason ?? "\(error)"
            throw Self.located(InputError(path: value.path, message: "expected a value \(typeName) can decode, got \(value.value): \(reason)"), file: file, locator: locator)
        }
    }

    private static func located(_ error: InputError, file: String, locator: JSONLocator) -> FixtureRecordingError {
        FixtureRecordingError(Fixture.locate(error, file: file, locator: locator).description)
    }
}
