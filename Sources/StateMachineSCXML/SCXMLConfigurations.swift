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
    /// the states it enters, and where it leads.
    struct Microstep {
        var target: Configuration = []
        var raised: [String] = []
        var posted: [String] = []
        var delayed: [(state: Int, send: SCXMLDocument.DelayedSend)] = []
        /// Whether it exits or enters a state.
        var moves = false
        /// Whether it enters a top-level `<final>`, where the machine ends.
        var finishes = false
    }

    /// The transition domain of the document's root, `<scxml>`.
    static let root = -1
    let document: SCXMLDocument
    var states: [SCXMLDocument.State] { document.states }

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
    /// innermost first, that matches and whose condition holds; then without the conflicting ones.
    func enabledTransitions(on event: String?, in configuration: Configuration) -> [TransitionID] {
        let active = ids(configuration)
        var enabled: [TransitionID] = []
        for atomic in configuration where !states[atomic].isCompound {
            search: for state in [atomic] + properAncestors(atomic, upTo: Self.root) {
                for (index, transition) in states[state].transitions.enumerated() {
                    let matches = event.map { event in transition.descriptors.contains { SCXMLDocument.descriptor($0, matches: event) } }
                        ?? transition.descriptors.isEmpty
                    guard matches, transition.condition.map({ SCXMLCondition.evaluate($0, active: active) == true }) ?? true else { continue }
                    let id = TransitionID(source: state, index: index)
                    if !enabled.contains(id) { enabled.append(id) }
                    break search
                }
            }
        }
        return removingConflicts(enabled, in: configuration)
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

    /// SCXML's `microstep`: the exits in exit order (the reverse of document order), each state's
    /// `<onexit>` run while it is still active; the transitions' content in selection order;
    /// the entries in document order, each state's `<onentry>`, then its `<initial>`'s content
    /// where it is entered at its default, then, for a `<final>`, the done events it raises.
    func microstep(_ transitions: [TransitionID], from configuration: Configuration) throws(SCXMLError) -> Microstep {
        let entries = entrySet(transitions.compactMap { id in
            domain(of: id).map { (transition(id).targets.map(index), $0) }
        })
        return try microstep(exiting: exitSet(transitions, in: configuration).sorted(by: >), content: transitions.map { transition($0).content },
                             entering: entries.states, byDefault: entries.byDefault, from: configuration)
    }

    /// The machine's start: SCXML enters the initial states of `<scxml>` as a transition of the
    /// document, whose domain is the document.
    func start() throws(SCXMLError) -> Microstep {
        let entries = entrySet([(document.initialTargets.map(index), Self.root)])
        return try microstep(exiting: [], content: [], entering: entries.states, byDefault: entries.byDefault, from: [])
    }

    private func microstep(exiting exits: [Int], content: [[SCXMLContent]], entering entries: [Int], byDefault: Set<Int>,
                           from configuration: Configuration) throws(SCXMLError) -> Microstep {
        var active = Set(configuration)
        var step = Microstep(moves: !exits.isEmpty || !entries.isEmpty)
        func run(_ content: [SCXMLContent]) throws(SCXMLError) -> [SCXMLDocument.DelayedSend] {
            let done = try SCXMLContent.run(content, active: ids(active)) { line, column in
                SCXMLError(file: document.file, line: line, column: column, message: "<if> whose configuration is not known")
            }
            step.raised += done.raised
            step.posted += done.posted
            return done.delayed
        }
        for state in exits {
            _ = try run(states[state].exitContent)
            active.remove(state)
        }
        for block in content { _ = try run(block) }
        for state in entries {
            active.insert(state)
            step.delayed += try run(states[state].entryContent).map { (state, $0) }
            if byDefault.contains(state) { _ = try run(states[state].initialContent) }
            guard states[state].isFinal else { continue }
            guard let parent = states[state].parent else {
                step.finishes = true
                continue
            }
            step.raised.append("done.state." + states[parent].id)
            if let grandparent = states[parent].parent, states[grandparent].isParallel,
               states[grandparent].children.allSatisfy({ isInFinalState($0, active) }) {
                step.raised.append("done.state." + states[grandparent].id)
            }
        }
        step.target = active.sorted()
        return step
    }
}
