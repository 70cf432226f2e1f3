/// The fixture of a document converted by configurations (SCXMLConfigurations): a flat machine
/// that runs to completion, one state per configuration the document reaches.
extension SCXMLDocument {

    /// What makes superstates unable to say the document, or nil when they can.
    var needsConfigurations: String? {
        if let parallel = states.first(where: \.isParallel) { return "a <parallel> (\"\(parallel.id)\")" }
        if initialTargets.count > 1 { return "several initial states" }
        if let variable = variables.first { return "a <datamodel> (\"\(variable.id)\")" }
        for state in states {
            if (state.entryContent + state.exitContent + state.initialContent).usesData { return "content that reads or assigns data (in \"\(state.id)\")" }
            if state.initialTargets.count > 1 { return "several initial states in \"\(state.id)\"" }
            for transition in state.transitions {
                if transition.targets.count > 1 { return "a transition with several targets (line \(transition.line))" }
                if transition.condition != nil { return "a transition with a condition (line \(transition.line))" }
                if !transition.content.isEmpty { return "a transition that raises or sends events (line \(transition.line))" }
            }
        }
        return nil
    }

    /// At most this many states: a document whose configurations grow beyond it is refused.
    static let configurationLimit = 2000

    func configurationFixture(file: String, name: String) throws(SCXMLError) -> String {
        let engine = SCXMLConfigurations(document: self)
        var eventNames = events
        for state in states {
            let content = state.entryContent + state.exitContent + state.initialContent + state.transitions.flatMap(\.content)
            for event in SCXMLContent.events(in: content) where !eventNames.contains(event) { eventNames.append(event) }
        }
        // A <parallel> raises its done event when every state in it is in a final state.
        for (index, state) in states.enumerated() where state.isParallel && !eventNames.contains("done.state." + state.id)
            && states.indices.contains(where: { states[$0].isFinal && isInside($0, index) }) {
            eventNames.append("done.state." + state.id)
        }
        var eventCases = try Self.identifiers(eventNames, kind: "event names", file: file)
        var initialEvent = "scxmlStart"
        while eventCases.values.contains(initialEvent) { initialEvent += "_" }
        eventCases[""] = initialEvent
        func eventList(_ names: [String]) -> String { JSONText.array(names.map { JSONText.string(eventCases[$0]!) }) }

        var used: Set<String> = [initialEvent]
        func unique(_ base: String) -> String {
            var identifier = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
            if identifier.first?.isNumber ?? true { identifier = "n" + identifier }
            if used.contains(identifier) {
                var number = 2
                while used.contains("\(identifier)_\(number)") { number += 1 }
                identifier = "\(identifier)_\(number)"
            }
            used.insert(identifier)
            return identifier
        }
        var names: [SCXMLConfigurations.Configuration: String] = [:]
        var pending: [SCXMLConfigurations.Configuration] = []
        func stateName(_ configuration: SCXMLConfigurations.Configuration) throws(SCXMLError) -> String {
            if let name = names[configuration] { return name }
            guard names.count < Self.configurationLimit else {
                throw SCXMLError(file: file, line: 1, column: 1, message: "the document reaches more than \(Self.configurationLimit) configurations, which is more than this version converts")
            }
            let name = unique(configuration.filter { !states[$0].isCompound }.map { states[$0].id }.joined(separator: "_"))
            names[configuration] = name
            if configuration.count == 1, states[configuration[0]].isTopLevelFinal { finalNames.insert(name) }
            pending.append(configuration)
            return name
        }

        let fields = try Self.identifiers(variables.map(\.id), kind: "variable names", file: file)
        /// Each variable as the field of the state a handler or an eventless transition starts from.
        let fromFields = Dictionary(variables.map { ($0.id, SCXMLExpression.field($0.id)) }, uniquingKeysWith: { first, _ in first })
        func fieldName(_ variable: String) -> String { fields[variable] ?? variable }
        /// The state value of case `name` holding `values`: an expression of the from-state's fields.
        var finalNames: Set<String> = []
        func value(_ name: String, _ values: [String: SCXMLExpression]) -> String {
            // The machine ends in a top-level final state, which holds no variables.
            guard !variables.isEmpty, !finalNames.contains(name) else { return JSONText.object([("value", JSONText.string(name))]) }
            return JSONText.object([("make", JSONText.string(name)), ("fields", JSONText.object(variables.map {
                (fieldName($0.id), (values[$0.id] ?? .field($0.id)).fixtureJSON(fieldName: fieldName))
            }))])
        }

        var stateItems: [String] = []
        var running: [String] = []
        var machineTimers: [DelayedSend] = []
        var enteredLater: [Int: String] = [:]
        /// The case a microstep leads to: its configuration, or first a state of its own whose
        /// entry raises and posts what the microstep does, and which holds the variables' values.
        func destination(of step: SCXMLConfigurations.Microstep, from origin: String, at start: Bool = false) throws(SCXMLError) -> String {
            if !start {
                for (state, _) in step.delayed where enteredLater[state] == nil { enteredLater[state] = origin }
            }
            let target = try stateName(step.target)
            // The machine ends in a top-level final state: what is raised then is never handled.
            if step.finishes || (step.raised.isEmpty && step.posted.isEmpty) { return target }
            let passage = unique(start ? "entering_" + target : origin == target ? target + "_again" : origin + "_to_" + target)
            var fields: [(String, String)] = [("state", JSONText.object([("case", JSONText.string(passage))])), ("on", "[]")]
            fields.append(("always", JSONText.array([JSONText.object([("do", JSONText.object([("transition", value(target, fromFields))]))])])))
            if !step.raised.isEmpty { fields.append(("onEnterRaise", eventList(step.raised))) }
            if !step.posted.isEmpty { fields.append(("onEnterPost", eventList(step.posted))) }
            stateItems.append(JSONText.object(fields))
            running.append(passage)
            return passage
        }
        /// The action of a handler: a choice on the data (`if`), a targetless transition where no
        /// transition is enabled (SCXML discards the event), or the microstep's transition.
        func action(_ outcome: SCXMLConfigurations.Outcome, from origin: String) throws(SCXMLError) -> String {
            switch outcome {
            case .nothing:
                return JSONText.object([("stay", "true")])
            case .branch(let condition, let then, let otherwise):
                return JSONText.object([("if", condition.fixtureJSON(fieldName: fieldName)),
                                        ("then", try action(then, from: origin)), ("else", try action(otherwise, from: origin))])
            case .step(let step):
                if !step.moves && step.raised.isEmpty && step.posted.isEmpty && step.values == fromFields {
                    return JSONText.object([("stay", "true")])
                }
                let target = try destination(of: step, from: origin)
                return JSONText.object([("transition", value(target, step.values))])
            }
        }
        /// The leaves of an outcome where a transition is enabled, with the conditions that lead to each.
        func leaves(_ outcome: SCXMLConfigurations.Outcome, _ conditions: [SCXMLExpression] = []) -> [([SCXMLExpression], SCXMLConfigurations.Outcome)] {
            switch outcome {
            case .nothing: return []
            case .step: return [(conditions, outcome)]
            case .branch(let condition, let then, let otherwise):
                return leaves(then, conditions + [condition]) + leaves(otherwise, conditions + [.not(condition)])
            }
        }

        guard case .step(let start) = try engine.start() else {
            throw SCXMLError(file: file, line: 1, column: 1, message: "the start of the document depends on data that is not known at its start")
        }
        machineTimers = start.delayed.map(\.send)
        let initialName = try destination(of: start, from: "", at: true)
        let initialState = variables.isEmpty ? JSONText.string(initialName)
            : JSONText.object([(initialName, JSONText.object(variables.map { (fieldName($0.id), (start.values[$0.id] ?? $0.value).fixtureJSON(fieldName: fieldName)) }))])
        while !pending.isEmpty {
            let configuration = pending.removeFirst()
            let name = names[configuration]!
            if configuration.count == 1, states[configuration[0]].isTopLevelFinal {
                stateItems.append(JSONText.object([("state", JSONText.object([("case", JSONText.string(name))])), ("final", "true"), ("on", "[]")]))
                continue
            }
            running.append(name)
            var definition: [(String, String)] = [("state", JSONText.object([("case", JSONText.string(name))]))]
            let eventless = leaves(try engine.outcome(on: nil, in: configuration, values: fromFields))
            var always: [String] = []
            for (conditions, leaf) in eventless {
                var entry: [(String, String)] = []
                if let first = conditions.first {
                    entry.append(("where", conditions.dropFirst().reduce(first) { .binary("and", $0, $1) }.fixtureJSON(fieldName: fieldName)))
                }
                entry.append(("do", try action(leaf, from: name)))
                always.append(JSONText.object(entry))
            }
            var handlers: [String] = []
            // The machine rests here only where no eventless transition is enabled.
            if !(eventless.count == 1 && eventless[0].0.isEmpty) {
                for event in eventNames {
                    let outcome = try engine.outcome(on: event, in: configuration, values: fromFields)
                    if case .nothing = outcome { continue }
                    handlers.append(JSONText.object([
                        ("event", JSONText.object([("case", JSONText.string(eventCases[event]!))])), ("do", try action(outcome, from: name)),
                    ]))
                }
            }
            definition.append(("on", JSONText.array(handlers, multiline: true)))
            if !always.isEmpty { definition.append(("always", JSONText.array(always))) }
            stateItems.append(JSONText.object(definition))
        }

        // A delayed event is SCXML's to the end: it outlives its state, as a timer of the whole
        // machine does, which is what a state entered only at the start has.
        if let (state, origin) = enteredLater.min(by: { $0.key < $1.key }), let send = states[state].delayedSends.first {
            throw SCXMLError(file: file, line: send.line, column: send.column, message: "<send event=\"\(send.event)\" delay=\"…\"> in \"\(states[state].id)\": a delayed send becomes a timer of the whole machine, which runs as SCXML's delayed event (it outlives its state) for a state entered only at the start; \"\(states[state].id)\" is entered again, from the configuration \(origin)")
        }
        var superstates = ""
        if !machineTimers.isEmpty {
            var machineName = "scxmlMachine"
            while used.contains(machineName) { machineName += "_" }
            let timers = JSONText.array(machineTimers.map { JSONText.object([("delay", "\($0.milliseconds)"), ("send", JSONText.string(eventCases[$0.event]!))]) })
            let superstate = JSONText.object([
                ("name", JSONText.string(machineName)), ("states", JSONText.array(running.map(JSONText.string))),
                ("on", "[]"), ("after", timers),
            ])
            superstates = "\n    \"superstates\": [\n      \(superstate)\n    ],"
        }

        var description = "Converted from \(SCXMLDocument.baseName(file)).scxml by statemachine scxml, by configurations: the document has \(needsConfigurations ?? "content"), which superstates do not say. Each state is a configuration SCXML's algorithm reaches, named by its atomic states (joined by _), whose handlers are the microsteps SCXML takes there; a microstep that raises or sends events first enters a state of its own (from_to_target, entering_ at the start) whose entry raises and posts them in SCXML's order and whose eventless transition goes on (R33, R36, R37). The initial event \(initialEvent) is what the listeners of the machine's start see (R34)."
        if !machineTimers.isEmpty { description += " A delayed send is a timer (R28) of the whole machine: its state is entered only at the start." }
        let renamed = eventCases.sorted { $0.key < $1.key }.filter { !$0.key.isEmpty && $0.key != $0.value }.map { "event \($0.key) is \($0.value)" }
        if !renamed.isEmpty { description += " Names made identifiers: \(renamed.joined(separator: ", "))." }
        return """
            {
              "schemaVersion": 2,
              "name": \(JSONText.string(name)),
              "description": \(JSONText.string(description)),
              "machine": {
                "initialState": \(initialState),
                "runToCompletion": \(JSONText.object([("initialEvent", JSONText.string(initialEvent))])),\(superstates)
                "states": [
                  \(stateItems.joined(separator: ",\n      "))
                ]
              },
              "scenarios": []
            }

            """
    }
}
