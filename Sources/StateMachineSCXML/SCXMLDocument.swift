import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The statechart an SCXML document describes, in the subset this version converts: top-level
/// `<state>` and `<final>` elements (a flat machine) whose `<onentry>` and `<onexit>` raise
/// events or send them to the machine itself (R36, R37), with `<transition>`s that have events (descriptors, `*` and prefixes included) or
/// none (eventless), one target or none (targetless). What a document holds beyond it is a
/// located ``SCXMLError``, never a machine that runs differently.
public struct SCXMLDocument: Sendable {

    /// A `<state>` or `<final>` child of `<scxml>`.
    public struct State: Sendable {
        public let id: String
        public let isFinal: Bool
        /// The events its `<onentry>` blocks raise, in document order.
        public var onEnterRaise: [String] = []
        /// The events its `<onexit>` blocks raise, in document order.
        public var onExitRaise: [String] = []
        /// The events its `<onentry>` blocks send to the external queue (`<send>` without a
        /// target), in document order: the machine's post actions (R37).
        public var onEnterPost: [String] = []
        /// The events its `<onexit>` blocks send to the external queue, in document order.
        public var onExitPost: [String] = []
        public var transitions: [Transition] = []
        /// Where its start tag is, for errors.
        public var line = 1, column = 1
    }

    /// A `<transition>`.
    public struct Transition: Sendable {
        /// Its event descriptors (`event="a b.*"` gives `a`, `b`; `*` stays `*`); empty for an
        /// eventless transition.
        public let descriptors: [String]
        /// Its target's id; nil for a targetless transition.
        public let target: String?
        /// Where its start tag is, for errors.
        public var line = 1, column = 1
    }

    /// The document's `name`, or the file's base name.
    public let name: String
    /// The id of the initial state: `<scxml initial>`, else the first state in document order.
    public let initial: String
    public let states: [State]

    /// Reads the document at `path`.
    public init(contentsOf path: String) throws(SCXMLError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SCXMLError(file: path, line: 1, column: 1, message: "cannot read the file: \(error.localizedDescription)")
        }
        try self.init(data: data, file: path)
    }

    /// Reads a document's text; `file` names it in errors.
    public init(data: Data, file: String) throws(SCXMLError) {
        let root = try SCXMLTreeReader.root(of: data, file: file)
        let reader = Reader(file: file)
        guard root.name == "scxml" else {
            throw reader.error(root, "expected an <scxml> root element, got <\(root.name)>")
        }
        var states: [State] = []
        for child in root.children {
            switch child.name {
            case "state", "final": states.append(try reader.state(child))
            case "datamodel": try reader.datamodel(child)
            default: throw reader.unsupported(child, in: "<scxml>")
            }
        }
        guard let first = states.first else { throw reader.error(root, "the document has no <state> or <final>: a machine needs at least one state") }
        var ids: Set<String> = []
        for state in states where !ids.insert(state.id).inserted {
            throw SCXMLError(file: file, line: state.line, column: state.column, message: "two states have the id \"\(state.id)\": ids are unique in a document")
        }
        let initial = root.attributes["initial"] ?? first.id
        if initial.contains(" ") { throw reader.error(root, "initial=\"\(initial)\" names several states: parallel states are not converted in this version") }
        guard ids.contains(initial) else { throw reader.error(root, "initial=\"\(initial)\" is not the id of a top-level <state> or <final>") }
        for state in states {
            for transition in state.transitions {
                if let target = transition.target, !ids.contains(target) {
                    throw SCXMLError(file: file, line: transition.line, column: transition.column, message: "a transition of \"\(state.id)\" targets \"\(target)\", which is not a top-level <state> or <final> of the document")
                }
            }
        }
        self.name = root.attributes["name"] ?? Self.baseName(file)
        self.initial = initial
        self.states = states
    }

    static func baseName(_ file: String) -> String {
        var name = file.split(separator: "/").last.map(String.init) ?? file
        if name.hasSuffix(".scxml") { name.removeLast(6) }
        return name
    }
}

/// Reads the elements of the subset, failing with a located error on everything else.
private struct Reader {
    let file: String

    func error(_ element: SCXMLElement, _ message: String) -> SCXMLError {
        SCXMLError(file: file, line: element.line, column: element.column, message: message)
    }

    /// What an element this version does not convert needs, said where it is.
    func unsupported(_ element: SCXMLElement, in parent: String) -> SCXMLError {
        let reason: String
        switch element.name {
        case "parallel": reason = "parallel states are not converted in this version (the machine is flat)"
        case "state", "final", "history", "initial": reason = "compound states (states inside a state) are not converted in this version (the machine is flat)"
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

    func state(_ element: SCXMLElement) throws(SCXMLError) -> SCXMLDocument.State {
        var state = SCXMLDocument.State(id: try id(element), isFinal: element.name == "final", line: element.line, column: element.column)
        if element.attributes["initial"] != nil {
            throw error(element, "initial=\"…\" on a <state>: compound states are not converted in this version (the machine is flat)")
        }
        for child in element.children {
            switch child.name {
            case "onentry":
                let (raised, posted) = try content(child)
                state.onEnterRaise += raised
                state.onEnterPost += posted
            case "onexit":
                let (raised, posted) = try content(child)
                state.onExitRaise += raised
                state.onExitPost += posted
            case "transition" where !state.isFinal: state.transitions.append(try transition(child))
            case "datamodel": try datamodel(child)
            default: throw unsupported(child, in: "<\(element.name) id=\"\(state.id)\">")
            }
        }
        if state.isFinal, !(state.onEnterRaise + state.onExitRaise + state.onEnterPost + state.onExitPost).isEmpty {
            throw error(element, "<final id=\"\(state.id)\"> raises or sends events: a top-level final state ends the machine, and no raised event would be handled")
        }
        return state
    }

    /// The events an `<onentry>` or `<onexit>` raises, and those it sends to the external queue;
    /// `<log>` is accepted and has no effect on the machine. (The two queues are apart, so the
    /// order of a `<raise>` and a `<send>` between them changes nothing.)
    func content(_ block: SCXMLElement) throws(SCXMLError) -> (raised: [String], posted: [String]) {
        var events: [String] = []
        var posted: [String] = []
        for content in block.children {
            switch content.name {
            case "raise":
                guard let event = content.attributes["event"], !event.isEmpty else { throw error(content, "<raise> needs an event") }
                events.append(event)
            case "send":
                let (event, isInternal) = try send(content)
                if isInternal { events.append(event) } else { posted.append(event) }
            case "log":
                try literalOnly(content, "expr")
            default:
                throw unsupported(content, in: "<\(block.name)>")
            }
        }
        return (events, posted)
    }

    /// A `<send>` that this version converts, without delay: to the internal queue
    /// (`target="#_internal"`), which is a `<raise>`, or without a target, to the session's
    /// external queue, which is a post action (R37). Returns the event and whether it is internal.
    func send(_ send: SCXMLElement) throws(SCXMLError) -> (String, Bool) {
        let attributes = send.attributes
        guard let event = attributes["event"], !event.isEmpty else {
            throw error(send, "<send> needs a literal event: eventexpr needs the data model, which is not converted in this version")
        }
        if attributes["delay"] != nil || attributes["delayexpr"] != nil {
            throw error(send, "<send event=\"\(event)\"> with a delay: delayed sends are not converted in this version")
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
        return (event, attributes["target"] == "#_internal")
    }

    func transition(_ element: SCXMLElement) throws(SCXMLError) -> SCXMLDocument.Transition {
        if element.attributes["cond"] != nil {
            throw error(element, "cond=\"…\" needs the data model (or In()), which is not converted in this version")
        }
        let target = element.attributes["target"].map { $0.split(separator: " ").map(String.init) } ?? []
        if target.count > 1 { throw error(element, "target=\"\(target.joined(separator: " "))\" names several states: parallel states are not converted in this version") }
        for content in element.children {
            if content.name == "log" {
                try literalOnly(content, "expr")
                continue
            }
            if content.name == "raise" || content.name == "send" {
                throw error(content, "<\(content.name)> in a <transition>: events raised by a transition's content are not converted in this version (raise them in the target's <onentry>)")
            }
            throw unsupported(content, in: "<transition>")
        }
        let descriptors = (element.attributes["event"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        return SCXMLDocument.Transition(descriptors: descriptors, target: target.first, line: element.line, column: element.column)
    }

    /// A `<datamodel>` of declarations whose values are literals: nothing in the subset reads
    /// data, and evaluating a literal cannot fail, so such a declaration changes nothing the
    /// machine does. Any other expression could raise `error.execution` when it is evaluated.
    func datamodel(_ element: SCXMLElement) throws(SCXMLError) {
        for data in element.children {
            guard data.name == "data" else { throw unsupported(data, in: "<datamodel>") }
            if data.attributes["src"] != nil { throw error(data, "<data src=\"…\">: data loaded from elsewhere is not converted") }
            if let content = data.children.first { throw unsupported(content, in: "<data>") }
            try literalOnly(data, "expr")
        }
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
