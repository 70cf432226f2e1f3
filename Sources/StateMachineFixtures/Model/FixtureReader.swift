/// Reads a parsed fixture document (FORMAT-CONTRACT.md, format 1) into the model, checking it
/// as it goes. Every error names the path of the offending value.
struct FixtureReader {

    static let supportedVersions: [Int64] = [1, 2, 3]

    /// The schema version of the file being read: format 2 adds `after` and advance steps.
    var version: Int64 = 1

    /// Which type a value in the document stands for, to say what was expected.
    enum Role: String {
        case state = "State"
        case event = "Event"
        case sideEffect = "SideEffect"
    }

    struct Contents {
        let name: String
        let description: String
        let rules: [String]
        let machine: MachineTable?
        let scenarios: [Scenario]
    }

    func read(_ root: Node, fileName: String) throws(InputError) -> Contents {
        guard root.members != nil else {
            throw root.fail("expected a fixture (an object), got \(root.json.kindDescription)")
        }
        // The schema version is read before anything else.
        guard let versionNode = root["schemaVersion"] else {
            throw root.fail("missing key \"schemaVersion\" (this runtime reads 1, 2 and 3)")
        }
        guard case .integer(let version) = versionNode.json else {
            throw versionNode.fail("expected the integer 1, 2 or 3, got \(versionNode.json.kindDescription)")
        }
        guard Self.supportedVersions.contains(version) else {
            throw versionNode.fail("unsupported schemaVersion \(version) (this runtime reads 1, 2 and 3)")
        }
        if version != self.version {
            return try FixtureReader(version: version).read(root, fileName: fileName)
        }
        // What the engine reads is required; `description`, `rules` and `origin`, which this project's own
        // fixtures carry (`scripts/validate-fixtures --project`), are optional and checked when present
        // (Spec/FIXTURES.md, "A fixture of your own").
        try root.closed("a fixture", required: ["schemaVersion", "name", "scenarios"], optional: ["machine", "description", "rules", "origin"])

        let nameNode = try root.need("name")
        let name = try nameNode.string()
        if !name.scalarsEqual(fileName) {
            throw nameNode.fail("expected the file name without \".json\", \(Canonical.string(fileName)), got \(Canonical.string(name))")
        }
        let description = try root["description"].map { node throws(InputError) in try node.string() } ?? ""
        var rules: [String] = []
        for rule in try root["rules"]?.array("an array of rule ids") ?? [] {
            let text = try rule.string("a rule id (\"R1\", \"R2\", ...)")
            guard text.first == "R", let number = Int(text.dropFirst()), number >= 1, text == "R\(number)" else {
                throw rule.fail("expected a rule id (\"R1\", \"R2\", ...), got \(rule.json.kindDescription)")
            }
            rules.append(text)
        }
        if let origin = root["origin"] { try readOrigin(origin) }
        let machine = try root["machine"].map { node throws(InputError) in try readMachine(node) }

        var scenarios: [Scenario] = []
        var names: Set<ScalarText> = []
        // A machine file (`"scenarios": []`) has a machine and nothing to check yet (FIXTURES.md).
        for node in try root.need("scenarios").array("an array of scenarios", nonEmpty: machine == nil) {
            let scenario = try readScenario(node)
            if !names.insert(ScalarText(scenario.name)).inserted {
                throw try node.need("name").fail("expected a scenario name not used before in this file, got \(Canonical.string(scenario.name)) again")
            }
            scenarios.append(scenario)
        }
        return Contents(name: name, description: description, rules: rules, machine: machine, scenarios: scenarios)
    }

    private func readOrigin(_ node: Node) throws(InputError) {
        try node.closed("an origin", required: ["kind"], optional: ["from", "runtime"])
        let kindNode = try node.need("kind")
        switch try kindNode.string("\"hand-derived\" or \"recorded\"") {
        case "hand-derived":
            try node.closed("a hand-derived origin", required: ["kind"])
        case "recorded":
            try node.closed("a recorded origin", required: ["kind", "from"], optional: ["runtime"])
            _ = try node.need("from").string("a string naming the machine recorded")
            if let runtime = node["runtime"] {
                let name = try runtime.string("\"swift\" or \"kotlin\", the runtime that recorded the file")
                guard name == "swift" || name == "kotlin" else {
                    throw runtime.fail("expected \"swift\" or \"kotlin\", the runtime that recorded the file, got \(Canonical.string(name))")
                }
            }
        default:
            throw kindNode.fail("expected \"hand-derived\" or \"recorded\", got \(kindNode.json.kindDescription)")
        }
    }

    private func readMachine(_ node: Node) throws(InputError) -> MachineTable {
        if version >= 2 { return try readCompositeMachine(node) }
        try node.closed("a machine", required: ["initialState", "states"])
        return MachineTable(
            initialState: try readValue(node.need("initialState"), .state),
            states: try readStates(node.need("states"))
        )
    }

    func readStates(_ node: Node) throws(InputError) -> [StateTable] {
        var states: [StateTable] = []
        for item in try node.array("an array of state definitions") {
            try requireVersion2(for: "after", in: item)
            try item.closed("a state definition", required: ["state", "on"], optional: ["onEnterSend", "onExitSend"] + stateKeysOfVersion + compositeStateKeys + runToCompletionStateKeys)
            var handlers: [HandlerTable] = []
            for handler in try item.need("on").array("an array of event handlers") {
                try handler.closed("an event handler", required: ["event", "do"])
                handlers.append(HandlerTable(
                    event: try readMatcher(handler.need("event"), .event),
                    action: try readAction(handler.need("do"))
                ))
            }
            states.append(StateTable(
                matcher: try readMatcher(item.need("state"), .state),
                handlers: handlers,
                onEnterSend: try item["onEnterSend"].map { node throws(InputError) in try readValue(node, .event) },
                onExitSend: try item["onExitSend"].map { node throws(InputError) in try readValue(node, .event) },
                after: try item["after"].map { node throws(InputError) in try readTimers(node) } ?? [],
                child: try readChild(item),
                isFinal: try readFinal(item),
                onDone: try readOnDone(item),
                always: try readEventless(item),
                onEnterRaise: try readRaise(item, "onEnterRaise"),
                onExitRaise: try readRaise(item, "onExitRaise"),
                onEnterPost: try readRaise(item, "onEnterPost"),
                onExitPost: try readRaise(item, "onExitPost")
            ))
        }
        return states
    }

    func readMatcher(_ node: Node, _ role: Role) throws(InputError) -> MatcherTable {
        let what = "a matcher ({\"case\": name}, {\"case\": name, \"where\": predicate} or {\"eq\": value})"
        guard node.members != nil else { throw node.fail("expected \(what), got \(node.json.kindDescription)") }
        if node.has("eq") {
            try node.closed("an \"eq\" matcher", required: ["eq"])
            return .eq(try readValue(node.need("eq"), role))
        }
        try node.closed("a case matcher", required: ["case"], optional: ["where"])
        let caseNode = try node.need("case")
        let name = try caseNode.string("a case name of \(role.rawValue)")
        guard isName(name) else { throw caseNode.fail("expected a case name of \(role.rawValue) (letters, digits and _), got \(caseNode.json.kindDescription)") }
        let predicate = try node["where"].map { node throws(InputError) in
            try readExpression(node)
        }
        return .caseName(name, where: predicate)
    }

    func readAction(_ node: Node) throws(InputError) -> ActionTable {
        let what = version >= 2 ? "an action (transition, dontTransition, stay, if or throw)" : "an action (transition, dontTransition, if or throw)"
        guard node.members != nil else { throw node.fail("expected \(what), got \(node.json.kindDescription)") }
        if node.has("transition") {
            try node.closed("a transition action", required: ["transition"], optional: ["emit"])
            if let history = try readHistoryAction(node) { return history }
            return .transition(
                try readExpression(node.need("transition")),
                emit: try node["emit"].map { node throws(InputError) in try readExpression(node) }
            )
        }
        if node.has("dontTransition") {
            try node.closed("a dontTransition action", required: ["dontTransition"], optional: ["emit"])
            let flag = try node.need("dontTransition")
            guard case .bool(true) = flag.json else { throw flag.fail("expected true, got \(flag.json.kindDescription)") }
            return .dontTransition(emit: try node["emit"].map { node throws(InputError) in
                try readExpression(node)
            })
        }
        if node.has("stay") {
            guard version >= 2 else {
                throw InputError(path: node.path.appending("stay"), message: "a stay action (R35) needs \"schemaVersion\": 2 (this file has \(version))", atKey: true)
            }
            try node.closed("a stay action", required: ["stay"], optional: ["emit"])
            let flag = try node.need("stay")
            guard case .bool(true) = flag.json else { throw flag.fail("expected true, got \(flag.json.kindDescription)") }
            return .stay(emit: try node["emit"].map { node throws(InputError) in
                try readExpression(node)
            })
        }
        if node.has("if") {
            try node.closed("an if action", required: ["if", "then", "else"])
            return .choice(
                try readExpression(node.need("if")),
                then: try readAction(node.need("then")),
                else: try readAction(node.need("else"))
            )
        }
        if node.has("throw") {
            try node.closed("a throw action", required: ["throw"])
            return .throwing(try node.need("throw").string("an error message"))
        }
        throw node.fail("expected \(what), got an object with keys \(Node.list(node.members!.map(\.key)))")
    }

    // MARK: - Expressions

    private static let arithmetic: Set<String> = ["+", "-", "*", "/", "%"]
    private static let comparison: Set<String> = ["==", "!=", "<", "<=", ">", ">="]
    private static let operators: Set<String> = arithmetic.union(comparison).union(["value", "ref", "and", "or", "not", "throw"])

    /// Reads an expression. Types and bound roots are checked when it runs, not here: a type
    /// error is an evaluation error, which a fixture expects as a thrown result (SPEC.md,
    /// "Evaluation errors").
    func readExpression(_ node: Node) throws(InputError) -> Expression {
        switch node.json {
        case .integer(let value): return .literal(.int(value))
        case .real(let value) where version >= 3: return .literal(.double(value))
        case .null where version >= 3: return .literal(.null)
        case .string(let text): return .literal(.string(text))
        case .bool(let flag): return .literal(.bool(flag))
        case .object(let members):
            let keys = members.map(\.key)
            if keys.contains("make") {
                try node.closed("a \"make\" expression", required: ["make"], optional: ["fields"])
                let caseNode = try node.need("make")
                let name = try caseNode.string("a case name")
                guard isName(name) else { throw caseNode.fail("expected a case name (letters, digits and _), got \(caseNode.json.kindDescription)") }
                var fields: [(String, Expression)] = []
                if let fieldsNode = node["fields"] {
                    guard let members = fieldsNode.members else {
                        throw fieldsNode.fail("expected an object of field expressions, got \(fieldsNode.json.kindDescription)")
                    }
                    for member in members {
                        let path = fieldsNode.path.appending(member.key)
                        guard isName(member.key) else {
                            throw InputError(path: path, message: "expected a field name (letters, digits and _), got \(Canonical.string(member.key))", atKey: true)
                        }
                        fields.append((member.key, try readExpression(Node(json: member.value, path: path))))
                    }
                }
                return .make(name, fields)
            }
            if keys.contains("if") {
                try node.closed("an \"if\" expression", required: ["if", "then", "else"])
                let condition = try readExpression(node.need("if"))
                return .choice(condition, then: try readExpression(node.need("then")), else: try readExpression(node.need("else")))
            }
            if let unknown = keys.first(where: { !Self.operators.contains($0) }) {
                throw InputError(path: node.path.appending(unknown), message: "unknown expression key \(Canonical.string(unknown)) (expected one of \(Node.list(Self.operators.sorted() + ["make", "if"])))", atKey: true)
            }
            guard keys.count == 1, let op = keys.first else {
                throw node.fail("expected an expression object with exactly one operator key, got \(Node.list(keys))")
            }
            let operand = try node.need(op)
            switch op {
            case "value":
                return .literal(.value(try readValue(operand, nil)))
            case "ref":
                let text = try operand.string("a reference (\"state\", \"event\", \"state.field\", ...)")
                let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard parts.allSatisfy(isName) else {
                    throw operand.fail("expected a reference (\"state\", \"event\", \"state.field\", ...), got \(operand.json.kindDescription)")
                }
                guard parts[0] == "state" || parts[0] == "event" else {
                    throw operand.fail("expected a reference rooted at \"state\" or \"event\", got \(operand.json.kindDescription)")
                }
                return .ref(root: parts[0], fields: Array(parts.dropFirst()))
            case "throw":
                return .throwing(try operand.string("an error message"))
            case "not":
                return .not(try readExpression(operand))
            case "and", "or":
                let items = try operand.array("an array of two or more operands")
                guard items.count >= 2 else { throw operand.fail("\"\(op)\" takes two or more operands, got \(items.count)") }
                var expressions: [Expression] = []
                for item in items {
                    expressions.append(try readExpression(item))
                }
                return .logic(op, expressions)
            default:
                let items = try operand.array("an array of two operands")
                guard items.count == 2 else { throw operand.fail("\"\(op)\" takes exactly two operands, got \(items.count)") }
                let left = try readExpression(items[0])
                let right = try readExpression(items[1])
                return Self.arithmetic.contains(op) ? .arithmetic(op, left, right) : .comparison(op, left, right)
            }
        default:
            throw node.fail("expected an expression (an integer, a string, a boolean or an object such as {\"ref\": \"state\"}), got \(node.json.kindDescription)")
        }
    }

    // MARK: - Scenarios

    private func readScenario(_ node: Node) throws(InputError) -> Scenario {
        try node.closed("a scenario", required: ["name", "steps", "finalState"], optional: version >= 2 ? ["start", "initialCalls"] : ["start"])
        let name = try node.need("name").string("a scenario name")
        let start = try node["start"].map { node throws(InputError) in try readValue(node, .state) }
        var steps: [Step] = []
        for item in try node.need("steps").array("an array of steps", nonEmpty: true) {
            steps.append(try readStep(item))
        }
        var scenario = Scenario(name: name, start: start, steps: steps, finalState: try readValue(node.need("finalState"), .state), path: node.path)
        scenario.initialCalls = try readInitialCalls(node)
        return scenario
    }

    private func readStep(_ node: Node) throws(InputError) -> Step {
        guard node.members != nil else {
            throw node.fail("expected a step (an object with event, expect and calls, with with, or with restore and calls), got \(node.json.kindDescription)")
        }
        if node.has("with") {
            try node.closed("a with step", required: ["with"])
            let with = try node.need("with")
            try with.closed("the body of a with step", required: ["states"])
            return .with(try readStates(with.need("states")))
        }
        if let advance = try readAdvanceStep(node) {
            return advance
        }
        if node.has("restore") {
            try requireVersion2(for: "history", in: node)
            try node.closed("a restore step", required: ["restore", "calls"], optional: version >= 2 ? ["history"] : [])
            var calls: [Call] = []
            for item in try node.need("calls").array("an array of listener calls") {
                calls.append(try readCall(item))
            }
            let history = try node["history"].map { history throws(InputError) in try readRestoredHistory(history) } ?? []
            return .restore(try readValue(node.need("restore"), .state), history: history, calls: calls)
        }
        try node.closed("an event step", required: ["event", "expect", "calls"])
        let expectNode = try node.need("expect")
        let outcome = try readOutcome(expectNode)
        if outcome == .recursionDetected {
            throw expectNode.fail("expected the result of a step; recursionDetected appears only inside send records")
        }
        var calls: [Call] = []
        for item in try node.need("calls").array("an array of listener calls") {
            calls.append(try readCall(item))
        }
        return .event(try readValue(node.need("event"), .event), expect: outcome, calls: calls)
    }

    func readOutcome(_ node: Node) throws(InputError) -> Outcome {
        guard node.members != nil else {
            throw node.fail("expected a result ({\"result\": \"valid\", ...}), got \(node.json.kindDescription)")
        }
        let resultNode = try node.need("result")
        switch try resultNode.string("\"valid\", \"invalid\" or \"error\"") {
        case "valid":
            try node.closed("a valid result", required: ["result", "from", "to", "sideEffect"])
            return .valid(
                from: try readValue(node.need("from"), .state),
                to: try readValue(node.need("to"), .state),
                sideEffect: try readOptionalValue(node.need("sideEffect"), .sideEffect)
            )
        case "invalid":
            try node.closed("an invalid result", required: ["result", "from"])
            return .invalid(from: try readValue(node.need("from"), .state))
        case "error":
            let errorNode = try node.need("error")
            switch try errorNode.string("\"missingDefinition\", \"thrown\" or \"recursionDetected\"") {
            case "missingDefinition":
                try node.closed("a missingDefinition result", required: ["result", "error", "state"])
                return .missingDefinition(state: try readValue(node.need("state"), .state))
            case "thrown":
                try node.closed("a thrown result", required: ["result", "error", "message"])
                return .thrown(message: try node.need("message").string("an error message"))
            case "recursionDetected":
                try node.closed("a recursionDetected result", required: ["result", "error"])
                return .recursionDetected
            default:
                throw errorNode.fail("expected \"missingDefinition\", \"thrown\" or \"recursionDetected\", got \(errorNode.json.kindDescription)")
            }
        default:
            throw resultNode.fail("expected \"valid\", \"invalid\" or \"error\", got \(resultNode.json.kindDescription)")
        }
    }

    func readCall(_ node: Node) throws(InputError) -> Call {
        let what = "a listener call (an object with one key: onTransition, onExit, onEnter or send)"
        guard let members = node.members, members.count == 1 else {
            throw node.fail("expected \(what), got \(node.json.kindDescription)" + (node.members.map { " with \($0.count) keys" } ?? ""))
        }
        let kind = members[0].key
        let body = Node(json: members[0].value, path: node.path.appending(kind))
        switch kind {
        case "onTransition":
            guard body.members != nil else { throw body.fail("expected an onTransition record (an object), got \(body.json.kindDescription)") }
            let resultNode = try body.need("result")
            switch try resultNode.string("\"valid\" or \"invalid\"") {
            case "valid":
                try body.closed("a valid onTransition record", required: ["result", "from", "event", "to", "sideEffect"])
                return .transitionValid(
                    from: try readValue(body.need("from"), .state), event: try readValue(body.need("event"), .event),
                    to: try readValue(body.need("to"), .state), sideEffect: try readOptionalValue(body.need("sideEffect"), .sideEffect)
                )
            case "invalid":
                try body.closed("an invalid onTransition record", required: ["result", "from", "event"])
                return .transitionInvalid(from: try readValue(body.need("from"), .state), event: try readValue(body.need("event"), .event))
            default:
                throw resultNode.fail("expected \"valid\" or \"invalid\", got \(resultNode.json.kindDescription)")
            }
        case "onExit", "onEnter":
            if version >= 2 { return try readLevelledListenerCall(kind, body) }
            try body.closed("an \(kind) record", required: ["state", "cause"])
            let state = try readValue(body.need("state"), .state)
            let cause = try readValue(body.need("cause"), .event)
            return kind == "onExit" ? .exit(state: state, cause: cause) : .enter(state: state, cause: cause)
        case "send":
            try body.closed("a send record", required: ["event", "result"])
            return .send(event: try readValue(body.need("event"), .event), result: try readOutcome(body.need("result")))
        case "raise" where version >= 2:
            try body.closed("a raise record", required: ["event"])
            return .raise(event: try readValue(body.need("event"), .event))
        case "post" where version >= 2:
            try body.closed("a post record", required: ["event"])
            return .post(event: try readValue(body.need("event"), .event))
        default:
            throw InputError(path: body.path, message: "unknown call \(Canonical.string(kind)) (expected onTransition, onExit, onEnter, send, raise or post)", atKey: true)
        }
    }

    // MARK: - Values

    private func readOptionalValue(_ node: Node, _ role: Role) throws(InputError) -> FixtureValue? {
        if case .null = node.json { return nil }
        if version >= 2, role == .sideEffect, case .array = node.json { return try readSideEffectList(node) }
        return try readValue(node, role, orNull: true)
    }

    /// Reads a value in either form, `"solid"` or `{"locked": {"credit": 30}}`.
    func readValue(_ node: Node, _ role: Role?, orNull: Bool = false) throws(InputError) -> FixtureValue {
        let of = role.map { " of \($0.rawValue)" } ?? ""
        let expected = "expected a value\(of) (a case name string or {\"case\": {fields}})" + (orNull ? " or null" : "")
        switch node.json {
        case .string(let name):
            guard isName(name) else { throw node.fail("\(expected), got \(node.json.kindDescription), which is not a case name (letters, digits and _)") }
            return FixtureValue(name)
        case .object:
            return try readLongForm(node, expected: expected)
        default:
            throw node.fail("\(expected), got \(node.json.kindDescription)")
        }
    }

    /// A nested value (a field's value): always the long form.
    func readNestedValue(_ node: Node) throws(InputError) -> FixtureValue {
        try readLongForm(node, expected: "expected a nested value ({\"case\": {fields}})")
    }

    private func readLongForm(_ node: Node, expected: String) throws(InputError) -> FixtureValue {
        let members = node.members!
        guard members.count == 1 else {
            throw node.fail("\(expected), got an object with \(members.count) keys")
        }
        let caseName = members[0].key
        let body = Node(json: members[0].value, path: node.path.appending(caseName))
        guard isName(caseName) else {
            throw InputError(path: body.path, message: "expected a case name (letters, digits and _), got \(Canonical.string(caseName))", atKey: true)
        }
        guard let fieldMembers = body.members else {
            throw body.fail("expected the fields of \(caseName) (an object), got \(body.json.kindDescription)")
        }
        var fields: [String: FixtureValue.Field] = [:]
        for member in fieldMembers {
            let field = Node(json: member.value, path: body.path.appending(member.key))
            guard isName(member.key) else {
                throw InputError(path: field.path, message: "expected a field name (letters, digits and _), got \(Canonical.string(member.key))", atKey: true)
            }
            fields[member.key] = try readField(field)
        }
        return FixtureValue(caseName, fields: fields)
    }
}
