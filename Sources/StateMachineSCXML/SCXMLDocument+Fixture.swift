extension SCXMLDocument {

    /// Whether `state` is not the only state of the compound state it is in: the outermost of a
    /// chain of compound states that each hold one compound state.
    func isChainTop(_ state: Int) -> Bool {
        states[state].parent.map { states[$0].children.count != 1 } ?? true
    }

    /// `top` and the compound states below it that are each the only state of the one above.
    func chain(from top: Int) -> [Int] {
        var chain = [top]
        while states[chain.last!].children.count == 1, states[states[chain.last!].children[0]].isCompound {
            chain.append(states[chain.last!].children[0])
        }
        return chain
    }

    /// Whether entering or leaving `state` does something: entry or exit content, a delayed send.
    func hasActions(_ state: Int) -> Bool {
        let state = states[state]
        return !(state.onEnterRaise + state.onExitRaise + state.onEnterPost + state.onExitPost + state.initialRaise + state.initialPost).isEmpty
            || !state.delayedSends.isEmpty
    }

    /// The event a `<final>` inside `state` raises when it is entered (SCXML's `done.state.id`).
    func doneEvent(of state: Int) -> String? {
        guard states[state].isFinal, let parent = states[state].parent else { return nil }
        return "done.state." + states[parent].id
    }

    /// The events `state`'s entry raises: its `<onentry>`'s, then, for a `<final>` inside a
    /// state, the done event of that state, which SCXML raises after the final state's entry.
    func enterRaise(of state: Int) -> [String] {
        states[state].onEnterRaise + (states[state].isCompound ? states[state].initialRaise : []) + (doneEvent(of: state).map { [$0] } ?? [])
    }

    /// The events of the document, in the order of first appearance: every event its states
    /// raise or send, then every event a descriptor names (a descriptor `a.*` names `a`). They are the
    /// converted machine's event cases; `*` and a prefix descriptor match those of them that SCXML
    /// would match (an event the document never names can reach no transition but `*`, and a
    /// machine of this library has no event outside its type).
    public var events: [String] {
        var seen: Set<String> = []
        var events: [String] = []
        func add(_ event: String) { if seen.insert(event).inserted { events.append(event) } }
        for (index, state) in states.enumerated() {
            (enterRaise(of: index) + state.onExitRaise + state.onEnterPost + state.initialPost + state.onExitPost).forEach(add)
            state.delayedSends.map(\.event).forEach(add)
        }
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
    /// Each atomic state is a payload-less case named by its id, each compound state a superstate
    /// of the atomic states inside it (R38), each event a payload-less case named by its name, all
    /// made identifiers (a character other than a letter, digit or `_` becomes `_`); the
    /// description lists every name that changed. A state's transitions become, in document order,
    /// one handler per event they match (the first transition that matches an event is the one
    /// SCXML takes), `always` entries for the eventless ones, and a target that is a compound state
    /// becomes the atomic state it is entered in. A delayed send becomes a timer (`after`) of its
    /// state.
    /// - Parameters:
    ///   - file: the document's path, for errors and the description.
    ///   - name: the fixture's `name`, the base name of the file it is written to.
    public func fixture(file: String, name: String) throws(SCXMLError) -> String {
        if byConfigurations { return try configurationFixture(file: file, name: name) }
        let cases = try Self.identifiers(states.map(\.id), kind: "state ids", file: file)
        let eventNames = events
        var eventCases = try Self.identifiers(eventNames, kind: "event names", file: file)
        var initialEvent = "scxmlStart"
        while eventCases.values.contains(initialEvent) { initialEvent += "_" }
        eventCases[""] = initialEvent
        func eventList(_ names: [String]) -> String { JSONText.array(names.map { JSONText.string(eventCases[$0]!) }) }

        // Delayed sends of states entered only at the start are timers of the whole machine: of
        // the compound state holding every state but the top-level final ones, or else of a
        // superstate made for them.
        var machineTimers: [DelayedSend] = []
        var ownTimers: Set<Int> = []
        for index in states.indices where !states[index].delayedSends.isEmpty {
            if try timerState(of: index) == nil { machineTimers += states[index].delayedSends } else { ownTimers.insert(index) }
        }
        let running = states.indices.filter { !states[$0].isCompound && !states[$0].isTopLevelFinal }
        let machineState = states.indices.first { states[$0].parent == nil && states[$0].isCompound && atomicStates(inside: $0) == running }
        func timers(_ sends: [DelayedSend]) -> String {
            JSONText.array(sends.map { JSONText.object([("delay", "\($0.milliseconds)"), ("send", JSONText.string(eventCases[$0.event]!))]) })
        }
        var stateItems: [String] = []
        var superstateItems: [String] = []
        if !machineTimers.isEmpty, machineState == nil {
            var machineName = "scxmlMachine"
            while cases.values.contains(machineName) { machineName += "_" }
            superstateItems.append(JSONText.object([
                ("name", JSONText.string(machineName)),
                ("states", JSONText.array(running.map { JSONText.string(cases[states[$0].id]!) })),
                ("on", "[]"), ("after", timers(machineTimers)),
            ]))
        }
        for (index, state) in states.enumerated() where !state.isCompound || isChainTop(index) {
            if state.isTopLevelFinal {
                stateItems.append(JSONText.object([
                    ("state", JSONText.object([("case", JSONText.string(cases[state.id]!))])), ("final", "true"), ("on", "[]"),
                ]))
                continue
            }
            // A compound state whose only state is a compound state is one superstate with it:
            // the two hold the same atomic states, so every transition enters and exits both.
            let members = state.isCompound ? chain(from: index) : [index]
            var handlers: [String] = []
            var handled: Set<String> = []
            var eventless: [String] = []
            for (depth, member) in members.enumerated().reversed() {
                for transition in states[member].transitions {
                    let target = targetState(of: transition)
                    let action: String
                    if let history = targetHistory(of: transition) {
                        // R24: the history of the superstate standing for its state, with its default.
                        var fields = [("historyOf", JSONText.string(cases[states[chainTop(of: history.parent)].id]!))]
                        if !history.isDeep { fields.append(("history", JSONText.string("shallow"))) }
                        let defaultState = states[defaultEntry(of: indexOfID[history.defaultTarget]!)].id
                        fields.append(("default", JSONText.object([("value", JSONText.string(cases[defaultState]!))])))
                        action = JSONText.object([("transition", JSONText.object(fields))])
                    } else {
                        action = target.map { JSONText.object([("transition", JSONText.object([("value", JSONText.string(cases[states[defaultEntry(of: $0)].id]!))]))]) }
                            ?? JSONText.object([("stay", "true")])
                    }
                    if transition.descriptors.isEmpty {
                        eventless.append(JSONText.object([("do", action)]))
                        continue
                    }
                    // An external transition of a compound state into itself leaves and enters it (R29).
                    let reenters = state.isCompound && target.map { isWithin($0, member) && !(transition.isInternal && $0 != member) } == true
                    if reenters, let outer = members[..<depth].first(where: { hasActions($0) }) {
                        throw SCXMLError(file: file, line: transition.line, column: transition.column, message: "a transition of \"\(states[member].id)\" re-enters it, and \"\(states[outer].id)\", which holds only \"\(states[member].id)\", has entry or exit content that SCXML does not run then; this is not converted in this version")
                    }
                    for event in eventNames where !handled.contains(event)
                        && transition.descriptors.contains(where: { Self.descriptor($0, matches: event) }) {
                        handled.insert(event)
                        handlers.append(JSONText.object([
                            ("event", JSONText.object([("case", JSONText.string(eventCases[event]!))])), ("do", action),
                        ] + (reenters ? [("reenter", "true")] : [])))
                    }
                }
            }
            var fields: [(String, String)]
            if state.isCompound {
                fields = [
                    ("name", JSONText.string(cases[state.id]!)),
                    ("states", JSONText.array(atomicStates(inside: index).map { JSONText.string(cases[states[$0].id]!) })),
                ]
                // R24: a shallow history around it returns to it at its default entry.
                if state.parent != nil, histories.contains(where: { !$0.isDeep }) {
                    fields.append(("initial", JSONText.string(cases[states[defaultEntry(of: index)].id]!)))
                }
            } else {
                fields = [("state", JSONText.object([("case", JSONText.string(cases[state.id]!))]))]
            }
            fields.append(("on", JSONText.array(handlers, multiline: true)))
            if !eventless.isEmpty { fields.append(("always", JSONText.array(eventless))) }
            // Entries outermost first, exits innermost first (SCXML's entry and exit orders).
            let enterRaise: [String] = members.flatMap { self.enterRaise(of: $0) }
            let exitRaise: [String] = members.reversed().flatMap { states[$0].onExitRaise }
            let enterPost: [String] = members.flatMap { states[$0].onEnterPost + (states[$0].isCompound ? states[$0].initialPost : []) }
            let exitPost: [String] = members.reversed().flatMap { states[$0].onExitPost }
            let delayed: [DelayedSend] = members.filter(ownTimers.contains).flatMap { states[$0].delayedSends }
                + (index == machineState ? machineTimers : [])
            if !enterRaise.isEmpty { fields.append(("onEnterRaise", eventList(enterRaise))) }
            if !exitRaise.isEmpty { fields.append(("onExitRaise", eventList(exitRaise))) }
            if !enterPost.isEmpty { fields.append(("onEnterPost", eventList(enterPost))) }
            if !exitPost.isEmpty { fields.append(("onExitPost", eventList(exitPost))) }
            if !delayed.isEmpty {
                fields.append(("after", timers(delayed)))
            }
            if state.isCompound { superstateItems.append(JSONText.object(fields)) } else { stateItems.append(JSONText.object(fields)) }
        }

        var renamed = (cases.sorted { $0.key < $1.key }.filter { $0.key != $0.value }.map { "state \($0.key) is \($0.value)" })
        renamed += eventCases.sorted { $0.key < $1.key }.filter { !$0.key.isEmpty && $0.key != $0.value }.map { "event \($0.key) is \($0.value)" }
        var description = "Converted from \(SCXMLDocument.baseName(file)).scxml by statemachine scxml. The initial event \(initialEvent) is what the listeners of the machine's start see (R34)."
        if !superstateItems.isEmpty { description += " Compound states are superstates of the atomic states inside them (R38)." }
        if states.contains(where: { !$0.delayedSends.isEmpty }) {
            description += " A delayed send is a timer (R28) of its state, which the machine leaves only by finishing, or of the whole machine for a state entered only at the start."
        }
        if !renamed.isEmpty { description += " Names made identifiers: \(renamed.joined(separator: ", "))." }
        func list(_ items: [String]) -> String { "[\n" + items.map { "      " + $0 }.joined(separator: ",\n") + "\n    ]" }
        let superstates = superstateItems.isEmpty ? "" : "\n    \"superstates\": \(list(superstateItems)),"
        return """
            {
              "schemaVersion": 2,
              "name": \(JSONText.string(name)),
              "description": \(JSONText.string(description)),
              "machine": {
                "initialState": \(JSONText.string(cases[initial]!)),
                "runToCompletion": \(JSONText.object([("initialEvent", JSONText.string(initialEvent))])),\(superstates)
                "states": \(list(stateItems))
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
