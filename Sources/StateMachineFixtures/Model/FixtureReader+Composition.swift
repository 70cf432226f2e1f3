/// Reading composite machines (schemaVersion 2, FIXTURES.md "Composite machines").
extension FixtureReader {

    /// The keys a state definition may have besides version 1's.
    var compositeStateKeys: [String] { version >= 2 ? ["child", "final", "onDone"] : [] }

    /// Reads `"onDone": action` (R27), beside the `child` whose final states it handles.
    func readOnDone(_ item: Node) throws(InputError) -> ActionTable? {
        guard version >= 2, let node = item["onDone"] else { return nil }
        guard item.has("child") else {
            throw node.fail("\"onDone\" needs a \"child\" in the same state definition: only a child machine reaching a final state finishes a state (R27)")
        }
        let action = try readAction(node)
        func targetsHistory(_ action: ActionTable) -> Bool {
            switch action {
            case .history: true
            case let .choice(_, then, otherwise): targetsHistory(then) || targetsHistory(otherwise)
            default: false
            }
        }
        guard !targetsHistory(action) else {
            throw node.fail("expected an action without a history target in \"onDone\": this format's onDone transitions to a value (R27)")
        }
        return action
    }

    /// Reads `"final": true` (R27): a final state, whose `on` is empty.
    func readFinal(_ item: Node) throws(InputError) -> Bool {
        guard version >= 2, let flag = item["final"] else { return false }
        guard case .bool(true) = flag.json else { throw flag.fail("expected true (a final state, R27), got \(flag.json.kindDescription); leave \"final\" out for a state that is not final") }
        let matcher = try item.need("state")
        guard matcher.members?.count == 1, matcher.has("case") else {
            throw matcher.fail("expected {\"case\": name} in a final state: a final state matches a whole case (R27)")
        }
        let handlers = try item.need("on")
        guard try handlers.array("an array of event handlers").isEmpty else {
            throw handlers.fail("expected [] in a final state: a final state handles no event (R27); remove the handlers, or remove \"final\": true")
        }
        return true
    }

    /// A top machine of version 2: a state machine (`states`, optional `superstates`) or a
    /// product (`product`, `regions`).
    func readCompositeMachine(_ node: Node) throws(InputError) -> MachineTable {
        guard node.members != nil else { throw node.fail("expected a machine (an object), got \(node.json.kindDescription)") }
        if node.has("product") || node.has("regions") {
            try node.closed("a product machine", required: ["initialState", "product", "regions"])
            let productNode = try node.need("product")
            let product = try productNode.string("the product's case name")
            guard isName(product) else { throw productNode.fail("expected a case name (letters, digits and _), got \(productNode.json.kindDescription)") }
            var regions: [RegionTable] = []
            for item in try node.need("regions").array("an array of regions", nonEmpty: true) {
                try item.closed("a region", required: ["name", "machine"])
                let nameNode = try item.need("name")
                let name = try nameNode.string("a region name")
                guard isName(name) else { throw nameNode.fail("expected a region name (letters, digits and _), got \(nameNode.json.kindDescription)") }
                if regions.contains(where: { $0.name == name }) {
                    throw nameNode.fail("expected a region name not used before in this product, got \(Canonical.string(name)) again")
                }
                regions.append(RegionTable(name: name, machine: try readNestedMachine(item.need("machine"))))
            }
            return MachineTable(
                initialState: try readValue(node.need("initialState"), .state), states: [],
                composition: CompositionTable(product: (product, regions))
            )
        }
        try node.closed("a machine", required: ["initialState", "states"], optional: ["superstates", "runToCompletion", "onTransitionThrows"])
        let initialEvent = try readRunToCompletion(node)
        let superstates = try readSuperstates(node, top: true)
        let states = try readStates(node.need("states"))
        let thrower = try node["onTransitionThrows"].map { thrower throws(InputError) in
            // R39 leaves a timer's transition out: it has no caller, and the runtimes differ there (R18).
            if Self.hasDelayedEvents(states, superstates) || initialEvent != nil {
                throw InputError(path: thrower.path, message: "\"onTransitionThrows\" needs a machine without delayed events (\"after\") and without \"runToCompletion\" (R39)", atKey: true)
            }
            return try readListenerThrow(thrower)
        }
        return MachineTable(
            initialState: try readValue(node.need("initialState"), .state),
            states: states,
            composition: superstates.isEmpty && !node.has("superstates") ? nil : CompositionTable(superstates: superstates),
            initialEvent: initialEvent,
            onTransitionThrows: thrower
        )
    }

    /// Whether a state or superstate of these, at any level, has delayed events.
    private static func hasDelayedEvents(_ states: [StateTable], _ superstates: [SuperstateTable]) -> Bool {
        superstates.contains { !$0.after.isEmpty } || states.contains { state in
            !state.after.isEmpty || state.child.map { hasDelayedEvents($0.machine.states, $0.machine.superstates) } == true
        }
    }

    /// `{"when": "valid" | "invalid", "message": m}`: an onTransition listener that throws (R39).
    private func readListenerThrow(_ node: Node) throws(InputError) -> ListenerThrow {
        guard node.members != nil else { throw node.fail("expected {\"when\": \"valid\" or \"invalid\", \"message\": text}, got \(node.json.kindDescription)") }
        try node.closed("onTransitionThrows", required: ["when", "message"])
        let whenNode = try node.need("when")
        let when = try whenNode.string("\"valid\" or \"invalid\"")
        guard let result = ListenerThrow.Result(rawValue: when) else {
            throw whenNode.fail("expected \"valid\" or \"invalid\", got \(Canonical.string(when))")
        }
        return ListenerThrow(result: result, message: try node.need("message").string("the message the listener throws"))
    }

    /// The machine of a child or a region: no `initialState`, no `regions`.
    func readNestedMachine(_ node: Node) throws(InputError) -> NestedMachineTable {
        guard node.members != nil else { throw node.fail("expected a machine (an object), got \(node.json.kindDescription)") }
        try node.closed("a nested machine", required: ["states"], optional: ["superstates", "initialState"])
        try refuseRunToCompletionKeys(inNested: node)
        for item in try node.need("states").array("an array of state definitions") {
            for key in ["onEnterSend", "onExitSend"] {
                if let found = item[key] {
                    throw InputError(path: found.path, message: "\(Canonical.string(key)) is allowed only in the top machine's state definitions, not in a child's or a region's", atKey: true)
                }
            }
        }
        var machine = NestedMachineTable(states: try readStates(node.need("states")), superstates: try readSuperstates(node, top: false))
        machine.initialState = try node["initialState"].map { value throws(InputError) in try readValue(value, .state) }
        return machine
    }

    /// The `superstates` of a machine.
    func readSuperstates(_ node: Node, top: Bool) throws(InputError) -> [SuperstateTable] {
        guard let list = node["superstates"] else { return [] }
        var superstates: [SuperstateTable] = []
        for item in try list.array("an array of superstates") {
            try item.closed("a superstate", required: ["name", "states", "on"], optional: ["initial", "after"] + (top ? runToCompletionStateKeys : []))
            let nameNode = try item.need("name")
            let name = try nameNode.string("a superstate name")
            guard isName(name) else { throw nameNode.fail("expected a superstate name (letters, digits and _), got \(nameNode.json.kindDescription)") }
            var states: [String] = []
            for stateNode in try item.need("states").array("an array of state case names", nonEmpty: true) {
                let state = try stateNode.string("a state case name")
                guard isName(state) else { throw stateNode.fail("expected a state case name (letters, digits and _), got \(stateNode.json.kindDescription)") }
                states.append(state)
            }
            var handlers: [HandlerTable] = []
            for handler in try item.need("on").array("an array of event handlers") {
                try handler.closed("an event handler", required: ["event", "do"], optional: ["reenter"])
                var table = HandlerTable(event: try readMatcher(handler.need("event"), .event), action: try readAction(handler.need("do")))
                if let reenter = handler["reenter"] {
                    guard case .bool(let value) = reenter.json else { throw reenter.fail("expected true or false (R29), got \(reenter.json.kindDescription)") }
                    table.reenter = value
                }
                handlers.append(table)
            }
            var superstate = SuperstateTable(name: name, states: states, handlers: handlers)
            superstate.initial = try item["initial"].map { node throws(InputError) in try readValue(node, .state) }
            superstate.after = try item["after"].map { node throws(InputError) in try readTimers(node) } ?? []
            superstate.always = try readEventless(item)
            superstate.onEnterRaise = try readRaise(item, "onEnterRaise")
            superstate.onExitRaise = try readRaise(item, "onExitRaise")
            superstate.onEnterPost = try readRaise(item, "onEnterPost")
            superstate.onExitPost = try readRaise(item, "onExitPost")
            superstates.append(superstate)
        }
        return superstates
    }

    /// The `child` of a state definition, if any.
    func readChild(_ item: Node) throws(InputError) -> ChildTable? {
        guard version >= 2, let node = item["child"] else { return nil }
        guard node.members != nil else { throw node.fail("expected a child (an object), got \(node.json.kindDescription)") }
        try node.closed("a child", required: ["field", "machine", "events"], optional: ["sideEffects"])
        let fieldNode = try node.need("field")
        let field = try fieldNode.string("a field name")
        guard isName(field) else { throw fieldNode.fail("expected a field name (letters, digits and _), got \(fieldNode.json.kindDescription)") }
        let machineNode = try node.need("machine")
        let child = ChildTable(
            field: field,
            machine: try readNestedMachine(machineNode),
            events: try readCaseMapping(node.need("events")),
            sideEffects: try node["sideEffects"].map { node throws(InputError) in try readCaseMapping(node) } ?? [:]
        )
        try checkTimerEvents(of: machineNode, mapping: child.events)
        return child
    }

    /// Fails at a child's delayed event whose event case is not the mapping of exactly one
    /// parent case: a fired child timer sends that parent event (R28.4).
    private func checkTimerEvents(of machine: Node, mapping: [String: String]) throws(InputError) {
        var blocks = try machine.need("states").array("an array of state definitions")
        blocks += try machine["superstates"]?.array("an array of superstates") ?? []
        for block in blocks {
            for timer in try block["after"]?.array("an array of delayed events") ?? [] {
                let send = try timer.need("send")
                let event = try readValue(send, .event).caseName
                let parents = mapping.filter { $0.value == event }.keys.sorted()
                guard parents.count != 1 else { continue }
                let reason = parents.isEmpty
                    ? "no parent event maps to \(Canonical.string(event)); add one to the child's \"events\""
                    : "\(parents.map { Canonical.string($0) }.joined(separator: " and ")) both map to \(Canonical.string(event)); a timer needs exactly one"
                throw send.fail("expected the event case of a parent event in the child's \"events\": a child's timer sends the parent event that maps to its event (R28.4), but \(reason)")
            }
        }
    }

    private func readCaseMapping(_ node: Node) throws(InputError) -> [String: String] {
        guard let members = node.members else {
            throw node.fail("expected a mapping of case names (an object), got \(node.json.kindDescription)")
        }
        var mapping: [String: String] = [:]
        for member in members {
            let value = Node(json: member.value, path: node.path.appending(member.key))
            guard isName(member.key) else {
                throw InputError(path: value.path, message: "expected a case name (letters, digits and _), got \(Canonical.string(member.key))", atKey: true)
            }
            let name = try value.string("a case name")
            guard isName(name) else { throw value.fail("expected a case name (letters, digits and _), got \(value.json.kindDescription)") }
            mapping[member.key] = name
        }
        return mapping
    }

    /// A `transition` whose value is a history target, `{"historyOf", "default"}`; nil for an
    /// expression.
    func readHistoryAction(_ node: Node) throws(InputError) -> ActionTable? {
        let target = try node.need("transition")
        guard version >= 2, target.has("historyOf") else { return nil }
        try target.closed("a history target", required: ["historyOf", "default"], optional: ["history"])
        var shallow = false
        if let kindNode = target["history"] {
            let kind = try kindNode.string("\"shallow\" or \"deep\"")
            guard kind == "shallow" || kind == "deep" else {
                throw kindNode.fail("expected \"shallow\" or \"deep\" (R24), got \(Canonical.string(kind))")
            }
            shallow = kind == "shallow"
        }
        let nameNode = try target.need("historyOf")
        let name = try nameNode.string("a superstate or child-holding case name")
        guard isName(name) else { throw nameNode.fail("expected a superstate or child-holding case name (letters, digits and _), got \(nameNode.json.kindDescription)") }
        return .history(
            name, default: try readExpression(target.need("default")),
            emit: try node["emit"].map { node throws(InputError) in try readExpression(node) },
            shallow: shallow
        )
    }

    /// An onExit / onEnter record with the optional `level` and `superstate` of version 2.
    func readLevelledListenerCall(_ kind: String, _ body: Node) throws(InputError) -> Call {
        try body.closed("an \(kind) record", required: ["state", "cause"], optional: ["level", "superstate"])
        let state = try readValue(body.need("state"), .state)
        let cause = try readValue(body.need("cause"), .event)
        let level = try body["level"].map { node throws(InputError) in try node.string("a level (names joined by \".\")") }
        let superstate = try body["superstate"].map { node throws(InputError) in try node.string("a superstate name") }
        return kind == "onExit"
            ? .exit(state: state, cause: cause, level: level, superstate: superstate)
            : .enter(state: state, cause: cause, level: level, superstate: superstate)
    }

    /// A product's side effect: an array of values (R23).
    func readSideEffectList(_ node: Node) throws(InputError) -> FixtureValue {
        var items: [FixtureValue] = []
        for item in try node.array("an array of side effects") {
            items.append(try readValue(item, .sideEffect))
        }
        return .list(items)
    }
}
