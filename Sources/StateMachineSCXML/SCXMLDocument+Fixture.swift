extension SCXMLDocument {

    /// The events of the document, in the order of first appearance: every event its states
    /// raise or send, then every event a descriptor names (a descriptor `a.*` names `a`). They are the
    /// converted machine's event cases; `*` and a prefix descriptor match those of them that SCXML
    /// would match (an event the document never names can reach no transition but `*`, and a
    /// machine of this library has no event outside its type).
    public var events: [String] {
        var seen: Set<String> = []
        var events: [String] = []
        func add(_ event: String) { if seen.insert(event).inserted { events.append(event) } }
        for state in states { (state.onEnterRaise + state.onExitRaise + state.onEnterPost + state.onExitPost).forEach(add) }
        for state in states {
            for transition in state.transitions {
                for descriptor in transition.descriptors where descriptor != "*" { add(Self.prefix(of: descriptor)) }
            }
        }
        return events
    }

    /// Whether the event descriptor matches the event name (SCXML 3.12.1): `*` matches every
    /// event; otherwise the descriptor, without a trailing `.*` or `.`, equals the name or is a
    /// prefix of it followed by `.` (`foo` matches `foo` and `foo.zoo`, not `foos`).
    static func descriptor(_ descriptor: String, matches event: String) -> Bool {
        if descriptor == "*" { return true }
        let prefix = Self.prefix(of: descriptor)
        return event == prefix || event.hasPrefix(prefix + ".")
    }

    static func prefix(of descriptor: String) -> String {
        var prefix = Substring(descriptor)
        if prefix.hasSuffix(".*") { prefix.removeLast(2) }
        while prefix.hasSuffix(".") { prefix.removeLast() }
        return String(prefix)
    }

    /// The machine as a fixture machine file (FIXTURES.md): schemaVersion 2, a machine that runs
    /// to completion, and `"scenarios": []` for you to add scenarios to.
    ///
    /// Each state is a payload-less case named by its id, each event a payload-less case named
    /// by its name, both made identifiers (a character other than a letter, digit or `_` becomes
    /// `_`); the description lists every name that changed. A state's transitions become, in
    /// document order, one handler per event they match (the first transition that matches an
    /// event is the one SCXML takes) and `always` entries for the eventless ones.
    /// - Parameters:
    ///   - file: the document's path, for errors and the description.
    ///   - name: the fixture's `name`, the base name of the file it is written to.
    public func fixture(file: String, name: String) throws(SCXMLError) -> String {
        let stateCases = try Self.identifiers(states.map(\.id), kind: "state ids", file: file)
        let eventNames = events
        var eventCases = try Self.identifiers(eventNames, kind: "event names", file: file)
        var initialEvent = "scxmlStart"
        while eventCases.values.contains(initialEvent) { initialEvent += "_" }
        eventCases[""] = initialEvent

        var stateItems: [String] = []
        for state in states {
            var fields = [("state", JSONText.object([("case", JSONText.string(stateCases[state.id]!))]))]
            if state.isFinal {
                fields.append(("final", "true"))
                fields.append(("on", "[]"))
                stateItems.append(JSONText.object(fields))
                continue
            }
            var handlers: [String] = []
            var handled: Set<String> = []
            var eventless: [String] = []
            for transition in state.transitions {
                let action = transition.target.map { JSONText.object([("transition", JSONText.object([("value", JSONText.string(stateCases[$0]!))]))]) }
                    ?? JSONText.object([("stay", "true")])
                if transition.descriptors.isEmpty {
                    eventless.append(JSONText.object([("do", action)]))
                    continue
                }
                for event in eventNames where !handled.contains(event)
                    && transition.descriptors.contains(where: { Self.descriptor($0, matches: event) }) {
                    handled.insert(event)
                    handlers.append(JSONText.object([
                        ("event", JSONText.object([("case", JSONText.string(eventCases[event]!))])), ("do", action),
                    ]))
                }
            }
            fields.append(("on", JSONText.array(handlers, multiline: true)))
            if !eventless.isEmpty { fields.append(("always", JSONText.array(eventless))) }
            if !state.onEnterRaise.isEmpty { fields.append(("onEnterRaise", JSONText.array(state.onEnterRaise.map { JSONText.string(eventCases[$0]!) }))) }
            if !state.onExitRaise.isEmpty { fields.append(("onExitRaise", JSONText.array(state.onExitRaise.map { JSONText.string(eventCases[$0]!) }))) }
            if !state.onEnterPost.isEmpty { fields.append(("onEnterPost", JSONText.array(state.onEnterPost.map { JSONText.string(eventCases[$0]!) }))) }
            if !state.onExitPost.isEmpty { fields.append(("onExitPost", JSONText.array(state.onExitPost.map { JSONText.string(eventCases[$0]!) }))) }
            stateItems.append(JSONText.object(fields))
        }

        var renamed = (stateCases.sorted { $0.key < $1.key }.filter { $0.key != $0.value }.map { "state \($0.key) is \($0.value)" })
        renamed += eventCases.sorted { $0.key < $1.key }.filter { !$0.key.isEmpty && $0.key != $0.value }.map { "event \($0.key) is \($0.value)" }
        let description = "Converted from \(SCXMLDocument.baseName(file)).scxml by statemachine scxml. The initial event \(initialEvent) is what the listeners of the machine's start see (R34)."
            + (renamed.isEmpty ? "" : " Names made identifiers: \(renamed.joined(separator: ", ")).")
        let machine = [
            ("initialState", JSONText.string(stateCases[initial]!)),
            ("runToCompletion", JSONText.object([("initialEvent", JSONText.string(initialEvent))])),
            ("states", "[\n" + stateItems.map { "      " + $0 }.joined(separator: ",\n") + "\n    ]"),
        ]
        return """
            {
              "schemaVersion": 2,
              "name": \(JSONText.string(name)),
              "description": \(JSONText.string(description)),
              "machine": {
                "initialState": \(machine[0].1),
                "runToCompletion": \(machine[1].1),
                "states": \(machine[2].1)
              },
              "scenarios": []
            }

            """
    }

    /// Each name as an identifier, refusing two names that become one.
    static func identifiers(_ names: [String], kind: String, file: String) throws(SCXMLError) -> [String: String] {
        var result: [String: String] = [:]
        var owner: [String: String] = [:]
        for name in names {
            var identifier = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
            if identifier.first?.isNumber ?? true { identifier = "n" + identifier }
            if let other = owner[identifier], other != name {
                throw SCXMLError(file: file, line: 1, column: 1, message: "the \(kind) \"\(other)\" and \"\(name)\" both become the case name \(identifier): rename one of them")
            }
            owner[identifier] = name
            result[name] = identifier
        }
        return result
    }
}

/// Minimal JSON text for the fixture the converter writes.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += "\\u00" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func array(_ items: [String], multiline: Bool = false) -> String {
        if multiline, !items.isEmpty { return "[\n" + items.map { "        " + $0 }.joined(separator: ",\n") + "\n      ]" }
        return "[" + items.joined(separator: ", ") + "]"
    }
}
