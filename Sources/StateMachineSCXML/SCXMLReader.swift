import Foundation

/// Reads the elements of the subset into ``SCXMLDocument/State`` values, failing with a located
/// error on everything else.
final class SCXMLReader {
    let file: String
    /// The variables of the `<datamodel>`s read so far, in document order.
    private(set) var variables: [SCXMLDocument.Variable] = []

    init(file: String) {
        self.file = file
    }

    func error(_ element: SCXMLElement, _ message: String) -> SCXMLError {
        SCXMLError(file: file, line: element.line, column: element.column, message: message)
    }

    /// What an element this version does not convert needs, said where it is.
    func unsupported(_ element: SCXMLElement, in parent: String) -> SCXMLError {
        let reason: String
        switch element.name {
        case "state", "parallel", "final", "initial": reason = "only a <state> or a <parallel> holds states"
        case "invoke": reason = "<invoke> starts another session, which a machine of this library does not have"
        case "script": reason = "<script> needs a scripting data model, which this library does not have"
        case "if", "elseif", "else", "assign", "foreach": reason = "<\(element.name)> needs the data model, which is not converted in this version"
        case "cancel": reason = "<cancel> cancels a delayed <send>, which is not converted in this version"
        case "donedata": reason = "<donedata> needs the data model, which is not converted in this version"
        default: reason = "<\(element.name)> is not SCXML this version converts"
        }
        return error(element, "<\(element.name)> in \(parent): \(reason)")
    }

    func id(_ element: SCXMLElement) throws(SCXMLError) -> String {
        guard let id = element.attributes["id"], !id.isEmpty else {
            throw error(element, "<\(element.name)> needs an id: the converted machine names its states by id")
        }
        return id
    }

    /// Reads `element` (a `<state>`, `<parallel>` or `<final>`) and the states in it into
    /// `states`, in document order.
    func state(_ element: SCXMLElement, parent: Int?, into states: inout [SCXMLDocument.State],
               histories: inout [SCXMLDocument.History]) throws(SCXMLError) {
        let index = states.count
        var state = SCXMLDocument.State(id: try id(element), isFinal: element.name == "final", parent: parent, line: element.line, column: element.column)
        state.isParallel = element.name == "parallel"
        let place = "<\(element.name) id=\"\(state.id)\">"
        states.append(state)
        if let parent { states[parent].children.append(index) }
        var initialElement: SCXMLElement?
        // The configuration while its entry and exit content runs (SCXMLCondition).
        var active: Set<String> = [state.id]
        var around = parent
        while let index = around {
            active.insert(states[index].id)
            around = states[index].parent
        }
        for child in element.children {
            switch child.name {
            case "onentry":
                let tree = try contentTree(child, delays: true)
                state.entryContent += tree
                // Content that uses data is run only by configurations (SCXMLConfigurations).
                guard !tree.usesData else { continue }
                let content = try content(child, delays: true, active: active)
                state.onEnterRaise += content.raised
                state.onEnterPost += content.posted
                state.delayedSends += content.delayed
            case "onexit":
                let tree = try contentTree(child, delays: false)
                state.exitContent += tree
                guard !tree.usesData else { continue }
                let content = try content(child, delays: false, active: active)
                state.onExitRaise += content.raised
                state.onExitPost += content.posted
            case let name where state.isFinal && ["transition", "state", "parallel", "final", "initial"].contains(name):
                throw error(child, "<\(child.name)> in \(place): a <final> has no transitions and holds no states")
            case "final" where state.isParallel:
                throw error(child, "<final> in \(place): every state of a <parallel> is a region, active while it is; a <final> is in a <state>")
            case "initial" where state.isParallel:
                throw error(child, "<initial> in \(place): a <parallel> enters every state in it, and has no initial state")
            case "transition": state.transitions.append(try transition(child))
            case "datamodel": try datamodel(child)
            case "state", "parallel", "final":
                states[index] = state
                try self.state(child, parent: index, into: &states, histories: &histories)
                state = states[index]
            case "history":
                histories.append(try history(child, parent: index))
            case "initial":
                guard initialElement == nil else { throw error(child, "a second <initial> in \(place): a state has one") }
                initialElement = child
            default: throw unsupported(child, in: place)
            }
        }
        if let attribute = element.attributes["initial"] {
            if state.isParallel { throw error(element, "initial=\"\(attribute)\" on \(place): a <parallel> enters every state in it, and has no initial state") }
            if initialElement != nil { throw error(element, "\(place) has both initial=\"…\" and an <initial> element: SCXML allows one of them") }
            state.initialTargets = Self.ids(attribute)
            state.initial = state.initialTargets.first
        }
        if let initialElement {
            let (targets, raised, posted) = try initialTransition(initialElement, active: active)
            state.initialTargets = targets
            state.initial = targets.first
            state.initialRaise = raised
            state.initialPost = posted
            state.initialContent = try contentTree(initialElement.children[0], delays: false)
            if !(raised + posted).isEmpty { state.initialLocation = (initialElement.line, initialElement.column) }
        }
        if state.isParallel, !state.isCompound {
            throw error(element, "\(place) holds no states: a <parallel> holds the states that are active together")
        }
        if !state.isCompound, let history = element.children.first(where: { $0.name == "history" }) {
            throw error(history, "<history> in \(place), which holds no states: a history state is in a compound state")
        }
        if state.initial != nil, !state.isCompound {
            throw error(element, "\(place) has an initial state but holds no states")
        }
        // A top-level final state ends the machine: SCXML runs its content, and handles
        // nothing it raises or sends (W3C test 415), so the converted machine has none of it.
        if state.isTopLevelFinal {
            state.onEnterRaise = []; state.onExitRaise = []; state.onEnterPost = []; state.onExitPost = []
            state.delayedSends = []; state.entryContent = []; state.exitContent = []
        }
        states[index] = state
    }

    /// The ids a `target` or `initial` attribute names, separated by white space.
    static func ids(_ attribute: String) -> [String] {
        attribute.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    /// A `<history>` of the state at `parent`: its type and its default transition, whose content
    /// may only log (its own actions are not converted in this version).
    func history(_ element: SCXMLElement, parent: Int) throws(SCXMLError) -> SCXMLDocument.History {
        let id = try id(element)
        let type = element.attributes["type"] ?? "shallow"
        guard type == "shallow" || type == "deep" else {
            throw error(element, "type=\"\(type)\": a history is \"shallow\" (the default) or \"deep\"")
        }
        guard element.children.count == 1, let transition = element.children.first, transition.name == "transition" else {
            throw error(element, "<history id=\"\(id)\"> holds one <transition target=\"…\">, its default, got \(element.children.map { "<\($0.name)>" }.joined(separator: ", "))")
        }
        guard let target = transition.attributes["target"], !target.isEmpty else {
            throw error(transition, "the <transition> of a <history> needs a target")
        }
        for attribute in ["event", "cond"] where transition.attributes[attribute] != nil {
            throw error(transition, "the <transition> of a <history> has no \(attribute)=\"…\"")
        }
        if Self.ids(target).count > 1 { throw error(transition, "target=\"\(target)\" names several states: a history's default with several states is not converted in this version") }
        let content = try content(transition, delays: false)
        if let first = transition.children.first(where: { $0.name != "log" }), !(content.raised + content.posted).isEmpty {
            throw error(first, "<\(first.name)> in the default transition of <history id=\"\(id)\">: a history default's own actions are not converted in this version")
        }
        return SCXMLDocument.History(id: id, parent: parent, isDeep: type == "deep", defaultTarget: target, line: element.line, column: element.column)
    }

    /// The `<transition target>` of an `<initial>` element, and what its content raises and sends.
    func initialTransition(_ element: SCXMLElement, active: Set<String>) throws(SCXMLError) -> (targets: [String], raised: [String], posted: [String]) {
        guard element.children.count == 1, let transition = element.children.first, transition.name == "transition" else {
            throw error(element, "<initial> holds one <transition target=\"…\">, got \(element.children.map { "<\($0.name)>" }.joined(separator: ", "))")
        }
        guard let target = transition.attributes["target"], !target.isEmpty else {
            throw error(transition, "the <transition> of an <initial> needs a target")
        }
        for attribute in ["event", "cond"] where transition.attributes[attribute] != nil {
            throw error(transition, "the <transition> of an <initial> has no \(attribute)=\"…\"")
        }
        if try contentTree(transition, delays: false).usesData { return (Self.ids(target), [], []) }
        let content = try content(transition, delays: false, active: active)
        return (Self.ids(target), content.raised, content.posted)
    }

    /// The events a block of executable content (`<onentry>`, `<onexit>`, an `<initial>`'s
    /// transition) raises, sends to the external queue and sends after a delay (where `delays`
    /// allows it); `<log>` is accepted and has no effect on the machine. (The two queues are
    /// apart, so the order of a `<raise>` and a `<send>` between them changes nothing.) Where
    /// `active` is the configuration the block runs in, an `<if>` whose conditions test only
    /// `In()` is the branch they choose (SCXMLCondition).
    func content(_ block: SCXMLElement, delays: Bool, active: Set<String>? = nil) throws(SCXMLError) -> (raised: [String], posted: [String], delayed: [SCXMLDocument.DelayedSend]) {
        let tree = try contentTree(block, delays: delays)
        return try SCXMLContent.run(tree, active: active) { line, column in
            SCXMLError(file: file, line: line, column: column, message: "<if> in <\(block.name)>: <if> needs the data model, which is not converted in this version")
        }
    }

    /// The content of `block` as it is written, every `<if>` with its branches; a condition that
    /// tests more than `In()` is refused.
    func contentTree(_ block: SCXMLElement, delays: Bool) throws(SCXMLError) -> [SCXMLContent] {
        try contentTree(block.children, in: block, delays: delays)
    }

    private func contentTree(_ elements: [SCXMLElement], in block: SCXMLElement, delays: Bool) throws(SCXMLError) -> [SCXMLContent] {
        var result: [SCXMLContent] = []
        for content in elements {
            switch content.name {
            case "raise":
                guard let event = content.attributes["event"], !event.isEmpty else { throw error(content, "<raise> needs an event") }
                result.append(.raise(event))
            case "send":
                let (event, isInternal, delay) = try send(content)
                if let delay {
                    guard delays else {
                        throw error(content, "<send event=\"\(event)\" delay=\"…\"> in <\(block.name)>: a delayed send is converted only in an <onentry>")
                    }
                    result.append(.delayed(SCXMLDocument.DelayedSend(event: event, milliseconds: delay, line: content.line, column: content.column)))
                } else {
                    result.append(isInternal ? .raise(event) : .post(event))
                }
            case "log":
                if let text = content.attributes["expr"], SCXMLExpression.parse(text) == nil { try literalOnly(content, "expr") }
            case "assign":
                guard let location = content.attributes["location"], !location.isEmpty else {
                    throw error(content, "<assign> needs a location, the id of a <data>")
                }
                guard content.attributes["expr"] != nil else {
                    throw error(content, "<assign location=\"\(location)\"> needs expr=\"…\": its content is not read in this version")
                }
                result.append(.assign(location, try expression(content, "expr"), line: content.line, column: content.column))
            case "if":
                result.append(try choice(content, in: block, delays: delays))
            default:
                throw unsupported(content, in: "<\(block.name)>")
            }
        }
        return result
    }

    /// An `<if>`: the content up to its first `<elseif>` or `<else>`, then each of those.
    private func choice(_ element: SCXMLElement, in block: SCXMLElement, delays: Bool) throws(SCXMLError) -> SCXMLContent {
        var heads: [(condition: SCXMLElement, content: [SCXMLElement])] = [(element, [])]
        for child in element.children {
            if child.name == "elseif" || child.name == "else" {
                if heads.last?.condition.name == "else" { throw error(child, "<\(child.name)> after <else> in an <if>: <else> is its last branch") }
                heads.append((child, []))
            } else {
                heads[heads.count - 1].content.append(child)
            }
        }
        var branches: [SCXMLContent.Branch] = []
        for head in heads {
            var condition: SCXMLExpression?
            if head.condition.name != "else" { condition = try expression(head.condition, "cond") }
            branches.append(SCXMLContent.Branch(condition: condition, line: head.condition.line, column: head.condition.column,
                                                content: try contentTree(head.content, in: block, delays: delays)))
        }
        return .choice(branches, line: element.line, column: element.column)
    }

    /// A `<send>` that this version converts: to the internal queue (`target="#_internal"`),
    /// which is a `<raise>`, or without a target, to the session's external queue, which is a
    /// post action (R37), at once or after a literal `delay`. Returns the event, whether it is
    /// internal, and the delay in milliseconds.
    func send(_ send: SCXMLElement) throws(SCXMLError) -> (String, Bool, Int?) {
        let attributes = send.attributes
        guard let event = attributes["event"], !event.isEmpty else {
            throw error(send, "<send> needs a literal event: eventexpr needs the data model, which is not converted in this version")
        }
        // A delayexpr that is a string literal is a delay written as an expression.
        var delayText = attributes["delay"]
        if let expression = attributes["delayexpr"]?.trimmingCharacters(in: .whitespaces) {
            guard delayText == nil, expression.count >= 2, expression.hasPrefix("'"), expression.hasSuffix("'"),
                  !expression.dropFirst().dropLast().contains("'") else {
                throw error(send, "<send event=\"\(event)\" delayexpr=\"\(expression)\">: a computed delay needs the data model, which is not converted in this version (a string literal, such as '1s', is converted)")
            }
            delayText = String(expression.dropFirst().dropLast())
        }
        if attributes["targetexpr"] != nil {
            throw error(send, "<send event=\"\(event)\" targetexpr=\"…\">: a computed target needs the data model, which is not converted in this version")
        }
        if let target = attributes["target"], target != "#_internal" {
            throw error(send, "<send event=\"\(event)\" target=\"\(target)\">: only the machine itself is a target (no target, or \"#_internal\"); other sessions and processors are not converted")
        }
        if let type = attributes["type"], type != "http://www.w3.org/TR/scxml/#SCXMLEventProcessor" {
            throw error(send, "<send type=\"\(type)\">: only the SCXML event processor is converted")
        }
        if let other = send.children.first { throw unsupported(other, in: "<send>") }
        for attribute in ["namelist", "idlocation"] where attributes[attribute] != nil {
            throw error(send, "<send \(attribute)=\"…\">: \(attribute) needs the data model, which is not converted in this version")
        }
        var delay: Int?
        if let text = delayText {
            guard let milliseconds = Self.milliseconds(text) else {
                throw error(send, "<send event=\"\(event)\" delay=\"\(text)\">: expected a delay in whole milliseconds, such as \"1s\", \"1.5s\" or \"200ms\"")
            }
            if attributes["target"] == "#_internal" {
                throw error(send, "<send event=\"\(event)\" target=\"#_internal\" delay=\"\(text)\">: SCXML does not delay an event sent to the internal queue")
            }
            delay = milliseconds
        }
        return (event, attributes["target"] == "#_internal", delay)
    }

    /// A CSS2 time (`1s`, `1.5s`, `200ms`) in whole milliseconds; nil otherwise.
    static func milliseconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let (number, scale): (Substring, Double) = trimmed.hasSuffix("ms") ? (trimmed.dropLast(2), 1)
            : trimmed.hasSuffix("s") ? (trimmed.dropLast(), 1000) : ("", 0)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number) else { return nil }
        let milliseconds = value * scale
        guard milliseconds == milliseconds.rounded(), milliseconds < 1e12 else { return nil }
        return Int(milliseconds)
    }

    /// A `<transition>`: its events, targets, type, `In()` condition and content.
    func transition(_ element: SCXMLElement) throws(SCXMLError) -> SCXMLDocument.Transition {
        let condition = element.attributes["cond"] == nil ? nil : try expression(element, "cond")
        let targets = element.attributes["target"].map(Self.ids) ?? []
        let type = element.attributes["type"] ?? "external"
        guard type == "external" || type == "internal" else {
            throw error(element, "type=\"\(type)\": a transition is \"external\" (the default) or \"internal\"")
        }
        let descriptors = (element.attributes["event"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        var transition = SCXMLDocument.Transition(descriptors: descriptors, target: targets.first, isInternal: type == "internal",
                                                  line: element.line, column: element.column)
        transition.targets = targets
        transition.condition = condition
        transition.content = try contentTree(element, delays: false)
        return transition
    }

    /// A `<datamodel>` of variables whose values are integer or boolean literals (or expressions
    /// of them): every `<data>` is bound when the document starts (SCXML's early binding).
    func datamodel(_ element: SCXMLElement) throws(SCXMLError) {
        if let binding = element.attributes["binding"], binding != "early" {
            throw error(element, "binding=\"\(binding)\": only early binding is converted")
        }
        for data in element.children {
            guard data.name == "data" else { throw unsupported(data, in: "<datamodel>") }
            let id = try id(data)
            if data.attributes["src"] != nil { throw error(data, "<data src=\"…\">: data loaded from elsewhere is not converted") }
            if let content = data.children.first { throw unsupported(content, in: "<data>") }
            guard let text = data.attributes["expr"] else {
                throw error(data, "<data id=\"\(id)\"> needs expr=\"…\", an integer or a boolean: the converted machine holds integer and boolean variables only (its text, if any, is not read)")
            }
            guard let expression = SCXMLExpression.parse(text),
                  let value = try? expression.resolved(active: [], values: [:], kinds: [:]), value.isLiteral else {
                throw error(data, "<data expr=\"\(text)\">: an expression other than an integer or a boolean needs a data model this version does not convert")
            }
            guard !variables.contains(where: { $0.id == id }) else { throw error(data, "a second <data id=\"\(id)\">: a variable is declared once") }
            variables.append(SCXMLDocument.Variable(id: id, value: value, line: data.line, column: data.column))
        }
    }

    /// The expression of `attribute`, or a located error saying what the subset is.
    func expression(_ element: SCXMLElement, _ attribute: String) throws(SCXMLError) -> SCXMLExpression {
        let text = element.attributes[attribute] ?? ""
        guard let expression = SCXMLExpression.parse(text) else {
            throw error(element, "<\(element.name) \(attribute)=\"\(text)\">: \(attribute == "cond" ? "a condition" : "an expression") beyond integers, booleans, variables of the <datamodel>, +, -, *, comparisons, and, or, not and In('id') needs a data model this version does not convert")
        }
        return expression
    }

    /// Refuses an expression attribute that is not a literal (an integer, or a string in single
    /// quotes without quotes inside): evaluating anything else needs the data model, and may
    /// raise `error.execution`, which the converted machine would not.
    func literalOnly(_ element: SCXMLElement, _ attribute: String) throws(SCXMLError) {
        guard let expression = element.attributes[attribute]?.trimmingCharacters(in: .whitespaces) else { return }
        let isInteger = !expression.isEmpty && expression.allSatisfy(\.isNumber) || (expression.hasPrefix("-") && expression.count > 1 && expression.dropFirst().allSatisfy(\.isNumber))
        let isString = expression.count >= 2 && expression.hasPrefix("'") && expression.hasSuffix("'") && !expression.dropFirst().dropLast().contains("'")
        if !isInteger && !isString {
            throw error(element, "<\(element.name) \(attribute)=\"\(expression)\">: an expression other than a literal needs the data model, which is not converted in this version")
        }
    }
}
