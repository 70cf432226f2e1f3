/// SCXML's own algorithm ("Algorithm for SCXML Interpretation" in the W3C recommendation), run by
/// the converter on every configuration a document can reach, for the documents that superstates
/// cannot say: `<parallel>` states, transitions with several targets, a `cond`, or content of
/// their own. In the subset converted nothing a transition does depends on data, and an `In()`
/// condition has one answer in a configuration, so the microstep each event starts in each
/// configuration is known before the machine runs: its exits, its transitions' content and its
/// entries, in SCXML's orders, and the configuration it leads to.
///
/// The converted machine is flat: one state per configuration, named by its atomic states. A
/// microstep that raises or sends events passes through a state of its own, whose entry raises
/// and posts them (R36, R37) in the microstep's order and whose eventless transition (R33) goes on
/// to the configuration. SCXML's macrostep is then the machine's: the eventless transitions of a
/// configuration are taken before any queued event, the raised events before the posted ones.
struct SCXMLConfigurations {
    /// The active states, in document order (an atomic state and every state around it).
    typealias Configuration = [Int]

    /// A transition of the document: the state it is written in, and its index there.
    struct TransitionID: Equatable {
        let source: Int
        let index: Int
    }

    /// What one microstep does: the events it raises and posts, in order, the delayed sends of
    /// the states it enters, the values of the variables after it, and where it leads.
    struct Microstep {
        var target: Configuration = []
        var raised: [String] = []
        var posted: [String] = []
        var delayed: [(state: Int, send: SCXMLDocument.DelayedSend)] = []
        /// Each variable's value after the microstep: a literal, or an expression of the fields of
        /// the state it starts from.
        var values: [String: SCXMLExpression] = [:]
        /// Whether it exits or enters a state.
        var moves = false
        /// Whether it enters a top-level `<final>`, where the machine ends.
        var finishes = false
        /// The states active while it runs (the configuration, as it changes).
        var active: Set<Int> = []
        /// The state whose entry content runs.
        var entering: Int?
    }

    /// What an event, or the eventless transitions, do in a configuration: a choice on the
    /// machine's data (a condition written as a fixture expression of the state's fields), whose
    /// leaves are microsteps, or nothing where no transition is enabled.
    indirect enum Outcome {
        case step(Microstep)
        case nothing
        case branch(SCXMLExpression, Outcome, Outcome)
    }

    /// The transitions selected, on a choice of the machine's data.
    indirect enum Selection {
        case transitions([TransitionID])
        case branch(SCXMLExpression, Selection, Selection)
    }

    /// The transition domain of the document's root, `<scxml>`.
    static let root = -1
    let document: SCXMLDocument
    var states: [SCXMLDocument.State] { document.states }
    /// The type of each variable, from its initial value.
    let kinds: [String: SCXMLExpression.Kind]

    init(document: SCXMLDocument) {
        self.document = document
        kinds = Dictionary(document.variables.map { ($0.id, $0.value.isInt ? .int : .bool) }, uniquingKeysWith: { first, _ in first })
    }

    /// `expression` where the states `active` are the configuration and the variables have
    /// `values`, or the located error of the element at `line`, `column`.
    func resolve(_ expression: SCXMLExpression, active: some Sequence<Int>, values: [String: SCXMLExpression], line: Int, column: Int) throws(SCXMLError) -> SCXMLExpression {
        do {
            return try expression.resolved(active: ids(active), values: values, kinds: kinds)
        } catch {
            throw SCXMLError(file: document.file, line: line, column: column, message: error.message)
        }
    }

    func isDescendant(_ state: Int, of ancestor: Int) -> Bool {
        ancestor == Self.root || document.isInside(state, ancestor)
    }

    /// A `<state>` with states in it (not a `<parallel>`).
    func isCompound(_ state: Int) -> Bool {
        states[state].isCompound && !states[state].isParallel
    }

    /// The states around `state`, innermost first, up to `ancestor` (not included).
    func properAncestors(_ state: Int, upTo ancestor: Int) -> [Int] {
        var result: [Int] = []
        var current = states[state].parent
        while let index = current, index != ancestor {
            result.append(index)
            current = states[index].parent
        }
        return result
    }

    func index(_ id: String) -> Int { document.indexOfID[id]! }

    func transition(_ id: TransitionID) -> SCXMLDocument.Transition { states[id.source].transitions[id.index] }

    func ids(_ active: some Sequence<Int>) -> Set<String> { Set(active.map { states[$0].id }) }

    // MARK: Selecting transitions

    /// SCXML's `selectTransitions` (`event` non-nil) and `selectEventlessTransitions` (nil): for
    /// each atomic state in document order, the first transition in it or the states around it,
    /// innermost first, that matches and whose condition holds (a choice where it depends on the
    /// variables, which have `values`); then without the conflicting ones.
    func selection(on event: String?, in configuration: Configuration, values: [String: SCXMLExpression]) throws(SCXMLError) -> Selection {
        let atomics = configuration.filter { !states[$0].isCompound }
        func candidates(_ position: Int) -> [TransitionID] {
            guard position < atomics.count else { return [] }
            var result: [TransitionID] = []
            for state in [atomics[position]] + properAncestors(atomics[position], upTo: Self.root) {
                for (index, transition) in states[state].transitions.enumerated() {
                    let matches = event.map { event in transition.descriptors.contains { SCXMLDocument.descriptor($0, matches: event) } }
                        ?? transition.descriptors.isEmpty
                    if matches { result.append(TransitionID(source: state, index: index)) }
                }
            }
            return result
        }
        func select(_ position: Int, _ remaining: ArraySlice<TransitionID>, _ enabled: [TransitionID]) throws(SCXMLError) -> Selection {
            guard position < atomics.count else { return .transitions(removingConflicts(enabled, in: configuration)) }
            guard let candidate = remaining.first else { return try select(position + 1, candidates(position + 1)[...], enabled) }
            let transition = transition(candidate)
            let taking = enabled.contains(candidate) ? enabled : enabled + [candidate]
            guard let condition = transition.condition else { return try select(position + 1, candidates(position + 1)[...], taking) }
            switch try resolve(condition, active: configuration, values: values, line: transition.line, column: transition.column) {
            case .bool(true): return try select(position + 1, candidates(position + 1)[...], taking)
            case .bool(false): return try select(position, remaining.dropFirst(), enabled)
            case let choice:
                return .branch(choice, try select(position + 1, candidates(position + 1)[...], taking), try select(position, remaining.dropFirst(), enabled))
            }
        }
        return try select(0, candidates(0)[...], [])
    }

    /// What `event` (nil: the eventless transitions) does in `configuration`, the variables
    /// having `values`.
    func outcome(on event: String?, in configuration: Configuration, values: [String: SCXMLExpression]) throws(SCXMLError) -> Outcome {
        func outcome(_ selection: Selection) throws(SCXMLError) -> Outcome {
            switch selection {
            case .transitions(let transitions):
                return transitions.isEmpty ? .nothing : try microstep(transitions, from: configuration, values: values)
            case .branch(let condition, let then, let otherwise):
                return .branch(condition, try outcome(then), try outcome(otherwise))
            }
        }
        return try outcome(try selection(on: event, in: configuration, values: values))
    }

    /// SCXML's `removeConflictingTransitions`: of two transitions that would exit a same state,
    /// the one of a state inside the other's source wins, else the one selected first.
    func removingConflicts(_ enabled: [TransitionID], in configuration: Configuration) -> [TransitionID] {
        var filtered: [TransitionID] = []
        for candidate in enabled {
            let exits = exitSet([candidate], in: configuration)
            var preempted = false
            var beaten: [TransitionID] = []
            for other in filtered where !exits.isDisjoint(with: exitSet([other], in: configuration)) {
                if document.isInside(candidate.source, other.source) {
                    beaten.append(other)
                } else {
                    preempted = true
                    break
                }
            }
            if !preempted {
                filtered.removeAll { beaten.contains($0) }
                filtered.append(candidate)
            }
        }
        return filtered
    }

    // MARK: Exits and entries

    /// SCXML's `getTransitionDomain`: the state whose descendants the transition exits and enters
    /// (``root`` for the whole document); nil for a targetless transition.
    func domain(of id: TransitionID) -> Int? {
        let transition = transition(id)
        guard !transition.targets.isEmpty else { return nil }
        let targets = transition.targets.map(index)
        if transition.isInternal, isCompound(id.source), targets.allSatisfy({ document.isInside($0, id.source) }) {
            return id.source
        }
        // SCXML's findLCCA: the innermost compound state around the source holding every target.
        for ancestor in properAncestors(id.source, upTo: Self.root) where isCompound(ancestor) {
            if targets.allSatisfy({ document.isInside($0, ancestor) }) { return ancestor }
        }
        return Self.root
    }

    /// SCXML's `computeExitSet`: the active states inside the domains of the transitions.
    func exitSet(_ transitions: [TransitionID], in configuration: Configuration) -> Set<Int> {
        var result: Set<Int> = []
        for id in transitions {
            guard let domain = domain(of: id) else { continue }
            for state in configuration where isDescendant(state, of: domain) { result.insert(state) }
        }
        return result
    }

    /// SCXML's `computeEntrySet`: the states the transitions enter, with those entered at their
    /// default (whose `<initial>` content runs), for the targets `targets` of each transition
    /// and its domain.
    func entrySet(_ transitions: [(targets: [Int], domain: Int)]) -> (states: [Int], byDefault: Set<Int>) {
        var entered: [Int] = []
        var byDefault: Set<Int> = []
        func add(_ state: Int) { if !entered.contains(state) { entered.append(state) } }
        func hasDescendantEntered(_ state: Int) -> Bool { entered.contains { document.isInside($0, state) } }
        func addDescendants(_ state: Int) {
            add(state)
            if isCompound(state) {
                byDefault.insert(state)
                let targets = states[state].initialTargets.isEmpty ? [states[state].children[0]] : states[state].initialTargets.map(index)
                for target in targets { addDescendants(target) }
                for target in targets { addAncestors(target, upTo: state) }
            } else if states[state].isParallel {
                for child in states[state].children where !hasDescendantEntered(child) { addDescendants(child) }
            }
        }
        func addAncestors(_ state: Int, upTo ancestor: Int) {
            for around in properAncestors(state, upTo: ancestor) {
                add(around)
                if states[around].isParallel {
                    for child in states[around].children where !hasDescendantEntered(child) { addDescendants(child) }
                }
            }
        }
        for transition in transitions {
            for target in transition.targets { addDescendants(target) }
            for target in transition.targets { addAncestors(target, upTo: transition.domain) }
        }
        return (entered.sorted(), byDefault)
    }

    /// SCXML's `isInFinalState`.
    func isInFinalState(_ state: Int, _ active: Set<Int>) -> Bool {
        if isCompound(state) { return states[state].children.contains { states[$0].isFinal && active.contains($0) } }
        if states[state].isParallel { return states[state].children.allSatisfy { isInFinalState($0, active) } }
        return false
    }

    /// What a microstep does, one operation after another.
    private enum Operation {
        case run([SCXMLContent])
        /// A state's `<onentry>` content, whose delayed sends are that state's.
        case entry(Int)
        case exit(Int)
        case enter(Int)
        /// The done events a `<final>` raises when it is entered.
        case done(Int)
    }

    /// SCXML's `microstep`: the exits in exit order (the reverse of document order), each state's
    /// `<onexit>` run while it is still active; the transitions' content in selection order;
    /// the entries in document order, each state's `<onentry>`, then its `<initial>`'s content
    /// where it is entered at its default, then, for a `<final>`, the done events it raises.
    func microstep(_ transitions: [TransitionID], from configuration: Configuration, values: [String: SCXMLExpression]) throws(SCXMLError) -> Outcome {
        let entries = entrySet(transitions.compactMap { id in
            domain(of: id).map { (transition(id).targets.map(index), $0) }
        })
        let exits = exitSet(transitions, in: configuration).sorted(by: >)
        var operations: [Operation] = exits.flatMap { [.run(states[$0].exitContent), .exit($0)] }
        operations += transitions.map { .run(transition($0).content) }
        operations += entries.states.flatMap { state -> [Operation] in
            [.enter(state), .entry(state)] + (entries.byDefault.contains(state) ? [.run(states[state].initialContent)] : [])
                + (states[state].isFinal ? [.done(state)] : [])
        }
        let step = Microstep(values: values, moves: !exits.isEmpty || !entries.states.isEmpty, active: Set(configuration))
        return try perform(operations[...], step)
    }

    /// The machine's start: SCXML enters the initial states of `<scxml>` as a transition of the
    /// document, whose domain is the document, with each variable at its initial value.
    func start() throws(SCXMLError) -> Outcome {
        let entries = entrySet([(document.initialTargets.map(index), Self.root)])
        let operations: [Operation] = entries.states.flatMap { state -> [Operation] in
            [.enter(state), .entry(state)] + (entries.byDefault.contains(state) ? [.run(states[state].initialContent)] : [])
                + (states[state].isFinal ? [.done(state)] : [])
        }
        let values = Dictionary(document.variables.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        return try perform(operations[...], Microstep(values: values, moves: true))
    }

    private func perform(_ operations: ArraySlice<Operation>, _ step: Microstep) throws(SCXMLError) -> Outcome {
        guard let operation = operations.first else {
            var step = step
            step.target = step.active.sorted()
            return .step(step)
        }
        let rest = operations.dropFirst()
        var step = step
        switch operation {
        case .exit(let state):
            step.active.remove(state)
        case .enter(let state):
            step.active.insert(state)
        case .done(let state):
            guard let parent = states[state].parent else {
                step.finishes = true
                break
            }
            step.raised.append("done.state." + states[parent].id)
            if let grandparent = states[parent].parent, states[grandparent].isParallel,
               states[grandparent].children.allSatisfy({ isInFinalState($0, step.active) }) {
                step.raised.append("done.state." + states[grandparent].id)
            }
        case .run(let content):
            return try run(content[...], step) { step throws(SCXMLError) in try perform(rest, step) }
        case .entry(let state):
            step.entering = state
            return try run(states[state].entryContent[...], step) { step throws(SCXMLError) in try perform(rest, step) }
        }
        return try perform(rest, step)
    }

    /// Runs executable content, then `next`: an `<if>` whose condition depends on the variables
    /// is a choice, each branch running its content, then the rest, then `next`.
    private func run(_ content: ArraySlice<SCXMLContent>, _ step: Microstep,
                     then next: (Microstep) throws(SCXMLError) -> Outcome) throws(SCXMLError) -> Outcome {
        guard let item = content.first else { return try next(step) }
        var step = step
        let rest = content.dropFirst()
        switch item {
        case .raise(let event): step.raised.append(event)
        case .post(let event): step.posted.append(event)
        case .delayed(let send):
            if let state = step.entering { step.delayed.append((state, send)) }
        case .assign(let location, let expression, let line, let column):
            guard let kind = kinds[location] else {
                throw SCXMLError(file: document.file, line: line, column: column, message: "<assign location=\"\(location)\">: " + SCXMLExpression.undeclared(location))
            }
            let value = try resolve(expression, active: step.active, values: step.values, line: line, column: column)
            if let actual = try? expression.kind(kinds), actual != kind {
                throw SCXMLError(file: document.file, line: line, column: column, message: "<assign location=\"\(location)\">: \(location) holds a\(kind == .int ? "n integer" : " boolean"), and the expression gives a\(actual == .int ? "n integer" : " boolean")")
            }
            step.values[location] = value
        case .choice(let branches, _, _):
            return try choose(branches[...], rest, step, then: next)
        }
        return try run(rest, step, then: next)
    }

    private func choose(_ branches: ArraySlice<SCXMLContent.Branch>, _ rest: ArraySlice<SCXMLContent>, _ step: Microstep,
                        then next: (Microstep) throws(SCXMLError) -> Outcome) throws(SCXMLError) -> Outcome {
        guard let branch = branches.first else { return try run(rest, step, then: next) }
        guard let condition = branch.condition else { return try run((branch.content + rest)[...], step, then: next) }
        switch try resolve(condition, active: step.active, values: step.values, line: branch.line, column: branch.column) {
        case .bool(true): return try run((branch.content + rest)[...], step, then: next)
        case .bool(false): return try choose(branches.dropFirst(), rest, step, then: next)
        case let choice:
            return .branch(choice, try run((branch.content + rest)[...], step, then: next), try choose(branches.dropFirst(), rest, step, then: next))
        }
    }
}

extension SCXMLExpression {
    var isInt: Bool {
        if case .int = self { return true }
        return false
    }
}
