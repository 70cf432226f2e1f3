import Foundation

/// The statechart an SCXML document describes, in the subset this version converts: `<state>`,
/// `<parallel>` and `<final>` elements, nested to any depth, with `initial` attributes and
/// `<initial>` elements, `<history>` (shallow and deep, R24); `<onentry>` and `<onexit>` that raise
/// events or send them to the machine itself (R36, R37), after a delay (a timer, R28);
/// `<transition>`s with events (descriptors, `*` and prefixes included) or none (eventless), targets
/// or none (targetless), `type="internal"` or external, an `In()` condition, content. Compound
/// states become superstates (R38); a document that superstates cannot say is converted by
/// configurations (SCXMLConfigurations). What a document holds beyond it is a located
/// ``SCXMLError``, never a machine that runs differently.
public struct SCXMLDocument: Sendable {

    /// A `<state>`, `<parallel>` or `<final>` of the document.
    public struct State: Sendable {
        public let id: String
        /// Whether it is a `<parallel>`: every state directly in it is active while it is.
        public var isParallel = false
        /// Whether it is a `<final>`: at the top level the machine ends there; inside a state it
        /// is an atomic state whose entry raises `done.state.<parent id>`.
        public let isFinal: Bool
        /// The index of the state it is in, in ``SCXMLDocument/states``; nil at the top level.
        public let parent: Int?
        /// The indices of the states directly in it, in document order; empty for an atomic state.
        public var children: [Int] = []
        /// Its `initial` attribute, or the target of its `<initial>` element's transition (the
        /// first of them, where they name several).
        public var initial: String?
        /// Every state its `initial` attribute or `<initial>` transition names.
        public var initialTargets: [String] = []
        /// The events its `<initial>` element's transition raises and sends, run when it is
        /// entered at its default.
        public var initialRaise: [String] = []
        public var initialPost: [String] = []
        /// Where its `<initial>` element is, for errors; nil when it has none with content.
        var initialLocation: (line: Int, column: Int)?
        /// The events its `<onentry>` blocks raise, in document order.
        public var onEnterRaise: [String] = []
        /// The events its `<onexit>` blocks raise, in document order.
        public var onExitRaise: [String] = []
        /// The events its `<onentry>` blocks send to the external queue (`<send>` without a
        /// target), in document order: post actions (R37).
        public var onEnterPost: [String] = []
        /// The events its `<onexit>` blocks send to the external queue, in document order.
        public var onExitPost: [String] = []
        /// The `<send delay>`s of its `<onentry>` blocks, in document order.
        public var delayedSends: [DelayedSend] = []
        public var transitions: [Transition] = []
        /// Its `<onentry>` blocks' content, its `<onexit>` blocks' and its `<initial>` transition's,
        /// as written (every `<if>` kept): what a configuration of the document runs.
        var entryContent: [SCXMLContent] = []
        var exitContent: [SCXMLContent] = []
        var initialContent: [SCXMLContent] = []
        /// Where its start tag is, for errors.
        public var line = 1, column = 1

        /// Whether states are nested in it.
        public var isCompound: Bool { !children.isEmpty }
        /// Whether it is a `<final>` at the top level, where the machine ends.
        public var isTopLevelFinal: Bool { isFinal && parent == nil }
    }

    /// A `<history>` of a compound state: a transition to it returns to the state the machine was
    /// in when it last left `parent` (deep), or to `parent`'s direct state that was active,
    /// entered at its default (shallow); to `defaultTarget` when the machine never left it.
    public struct History: Sendable {
        public let id: String
        /// The index of the compound state it is in.
        public let parent: Int
        public let isDeep: Bool
        /// The target of its `<transition>`.
        public let defaultTarget: String
        public var line = 1, column = 1
    }

    /// A `<data>` of a `<datamodel>`: an integer or boolean variable and its initial value.
    public struct Variable: Sendable {
        public let id: String
        let value: SCXMLExpression
        public var line = 1, column = 1
    }

    /// A `<send event delay>` of an `<onentry>`: the event, after `milliseconds`.
    public struct DelayedSend: Sendable {
        public let event: String
        public let milliseconds: Int
        public var line = 1, column = 1
    }

    /// A `<transition>`.
    public struct Transition: Sendable {
        /// Its event descriptors (`event="a b.*"` gives `a`, `b`; `*` stays `*`); empty for an
        /// eventless transition.
        public let descriptors: [String]
        /// Its target's id (the first, where it names several); nil for a targetless transition.
        public let target: String?
        /// Every state its `target` names.
        public var targets: [String] = []
        /// Its `cond` (SCXMLExpression); nil when it has none.
        var condition: SCXMLExpression?
        /// Its content, as written.
        var content: [SCXMLContent] = []
        /// Whether it says `type="internal"`.
        public var isInternal = false
        /// Where its start tag is, for errors.
        public var line = 1, column = 1
    }

    /// The document's `name`, or the file's base name.
    public let name: String
    /// The id of the atomic state the machine starts in: `<scxml initial>`, else the first state
    /// in document order, entered at its default down to an atomic state.
    public private(set) var initial: String
    /// Every state, in document order (a state before the states in it).
    public let states: [State]
    /// The variables of the document's `<datamodel>`s, in document order.
    public let variables: [Variable]
    /// Every state `<scxml initial>` names, or the first state.
    let initialTargets: [String]
    /// Whether the machine is converted by configurations (SCXMLDocument+Configurations) rather
    /// than with superstates.
    var byConfigurations = false
    /// The `<history>` elements, in document order.
    public let histories: [History]
    /// The index of each state by id.
    let indexOfID: [String: Int]
    /// The index in ``histories`` of each history by id.
    let indexOfHistory: [String: Int]
    let file: String

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
        let reader = SCXMLReader(file: file)
        guard root.name == "scxml" else {
            throw reader.error(root, "expected an <scxml> root element, got <\(root.name)>")
        }
        var states: [State] = []
        var histories: [History] = []
        for child in root.children {
            switch child.name {
            case "state", "parallel", "final": try reader.state(child, parent: nil, into: &states, histories: &histories)
            case "history": throw reader.error(child, "<history> in <scxml>: a history state is in the compound <state> whose history it is")
            case "datamodel": try reader.datamodel(child)
            default: throw reader.unsupported(child, in: "<scxml>")
            }
        }
        guard let first = states.first else { throw reader.error(root, "the document has no <state> or <final>: a machine needs at least one state") }
        var indexOfID: [String: Int] = [:]
        for (index, state) in states.enumerated() {
            guard indexOfID[state.id] == nil else {
                throw SCXMLError(file: file, line: state.line, column: state.column, message: "two states have the id \"\(state.id)\": ids are unique in a document")
            }
            indexOfID[state.id] = index
        }
        var indexOfHistory: [String: Int] = [:]
        for (index, history) in histories.enumerated() {
            guard indexOfID[history.id] == nil, indexOfHistory[history.id] == nil else {
                throw SCXMLError(file: file, line: history.line, column: history.column, message: "two states have the id \"\(history.id)\": ids are unique in a document")
            }
            indexOfHistory[history.id] = index
        }
        let initialTargets = root.attributes["initial"].map(SCXMLReader.ids) ?? [first.id]
        guard let initial = initialTargets.first else { throw reader.error(root, "initial=\"\" names no state") }
        for target in initialTargets where indexOfID[target] == nil {
            throw reader.error(root, "initial=\"\(target)\" is not the id of a <state> or <final> of the document")
        }
        self.name = root.attributes["name"] ?? Self.baseName(file)
        self.states = states
        self.indexOfID = indexOfID
        self.histories = histories
        self.indexOfHistory = indexOfHistory
        self.file = file
        self.initial = initial
        self.initialTargets = initialTargets
        self.variables = reader.variables
        try checkTargets()
        self.initial = states[defaultEntry(of: indexOfID[initial]!)].id
        // A document that superstates cannot say is converted by configurations
        // (SCXMLDocument+Configurations), where it has no history.
        if let reason = needsConfigurations {
            if let history = histories.first {
                throw SCXMLError(file: file, line: history.line, column: history.column, message: "<history id=\"\(history.id)\">: a document with \(reason) is converted by configurations, and a history in it is not converted in this version")
            }
            byConfigurations = true
            return
        }
        do {
            try checkTransitions()
            try checkInitialContent(scxmlInitial: indexOfID[initial]!)
            try checkDelayedSends()
            try checkHistories()
        } catch {
            guard histories.isEmpty else { throw error }
            byConfigurations = true
        }
    }

    static func baseName(_ file: String) -> String {
        var name = file.split(separator: "/").last.map(String.init) ?? file
        if name.hasSuffix(".scxml") { name.removeLast(6) }
        return name
    }
}
