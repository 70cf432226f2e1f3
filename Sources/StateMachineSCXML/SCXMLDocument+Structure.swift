/// The structure of a document: which state is in which, where a target is entered, and the
/// checks that refuse what the converted machine would run differently from SCXML.
///
/// A compound state becomes a superstate of the states in it (R38), and SCXML's exits and entries
/// are then R20's and R29's: a transition of an atomic state exits the superstates that contain
/// its source and not its target, the smallest compound state holding both (SCXML's transition
/// domain) staying; an external transition of a compound state into itself re-enters it (R29's
/// `reenter`). What R20 cannot say is refused: a transition that leaves and enters an ancestor of
/// its source, an internal one that SCXML makes exit a compound state R20 keeps, content of an
/// `<initial>` where the state is also entered other than at its default, a delay whose timer
/// would be cancelled by an exit SCXML does not cancel it on.
extension SCXMLDocument {

    /// Whether `state` is inside `ancestor`, at any depth (not `ancestor` itself).
    func isInside(_ state: Int, _ ancestor: Int) -> Bool {
        var current = states[state].parent
        while let index = current {
            if index == ancestor { return true }
            current = states[index].parent
        }
        return false
    }

    /// Whether `state` is `other` or inside it.
    func isWithin(_ state: Int, _ other: Int) -> Bool {
        state == other || isInside(state, other)
    }

    /// The atomic state a transition to `state` enters: `state` itself, or, for a compound state,
    /// the default entry of its `initial` (attribute or `<initial>`), else of its first state.
    func defaultEntry(of state: Int) -> Int {
        var current = state
        while states[current].isCompound {
            current = states[current].initial.flatMap { indexOfID[$0] } ?? states[current].children[0]
        }
        return current
    }

    /// The atomic states inside `state`, in document order.
    func atomicStates(inside state: Int) -> [Int] {
        states[state].children.flatMap { states[$0].isCompound ? atomicStates(inside: $0) : [$0] }
    }

    /// The state a transition's target names; for a `<history>`, the compound state it is in,
    /// which the transition enters (at whichever state inside it the history gives).
    func targetState(of transition: Transition) -> Int? {
        guard let target = transition.target else { return nil }
        return indexOfID[target] ?? indexOfHistory[target].map { histories[$0].parent }
    }

    /// The history a transition targets, if it does.
    func targetHistory(of transition: Transition) -> History? {
        transition.target.flatMap { indexOfHistory[$0] }.map { histories[$0] }
    }

    /// Every target names a state, and every `initial` a state inside its own.
    func checkTargets() throws(SCXMLError) {
        for (index, state) in states.enumerated() {
            for transition in state.transitions {
                for target in transition.targets where indexOfID[target] == nil && indexOfHistory[target] == nil {
                    throw SCXMLError(file: file, line: transition.line, column: transition.column, message: "a transition of \"\(state.id)\" targets \"\(target)\", which is not the id of a <state>, <final> or <history> of the document")
                }
                if transition.targets.count > 1, let history = transition.targets.first(where: { indexOfHistory[$0] != nil }) {
                    throw SCXMLError(file: file, line: transition.line, column: transition.column, message: "a transition of \"\(state.id)\" targets \"\(history)\", a history, among several states: this is not converted in this version")
                }
            }
            for initial in state.initialTargets where indexOfID[initial].map({ !isInside($0, index) }) ?? true {
                throw SCXMLError(file: file, line: state.initialLocation?.line ?? state.line, column: state.initialLocation?.column ?? state.column, message: "the initial state \"\(initial)\" of \"\(state.id)\" is not a state inside it")
            }
        }
    }

    /// Refuses the transitions whose exits and entries R20 and R29 would not make as SCXML does.
    func checkTransitions() throws(SCXMLError) {
        for (source, state) in states.enumerated() {
            for transition in state.transitions {
                guard let target = targetState(of: transition) else { continue }
                func refuse(_ message: String) -> SCXMLError {
                    SCXMLError(file: file, line: transition.line, column: transition.column, message: "a transition of \"\(state.id)\" targets \"\(states[target].id)\", \(message)")
                }
                if let history = targetHistory(of: transition), isWithin(source, target) {
                    let reason = source == target
                        ? "from \"\(state.id)\" itself: SCXML exits \"\(state.id)\" first and returns to where that left it, the converted machine to where it was left before"
                        : "from inside it: SCXML exits every state inside \"\(states[target].id)\" and enters the remembered ones again, the converted machine only those that do not hold both states"
                    throw SCXMLError(file: file, line: transition.line, column: transition.column, message: "a transition of \"\(state.id)\" targets \"\(history.id)\", the history of \"\(states[target].id)\", \(reason); this is not converted in this version")
                }
                if isInside(source, target) {
                    throw refuse("a state it is in: SCXML exits and enters \"\(states[target].id)\" again, which the converted machine does only for a transition written on that state itself; this is not converted in this version")
                }
                guard state.isCompound, isWithin(target, source) else { continue }
                if transition.descriptors.isEmpty, !(transition.isInternal && target != source) {
                    throw refuse("inside itself, without an event and external: SCXML exits and enters \"\(state.id)\" again, which an eventless transition of the converted machine does not; write type=\"internal\" if it should not")
                }
                if transition.isInternal, target != source {
                    // SCXML exits every active state inside the source; R20 keeps the compound
                    // states that contain both the current state and the target.
                    var current: Int? = target
                    while let index = current, index != source {
                        if states[index].isCompound {
                            throw refuse("inside \"\(states[index].id)\", a compound state inside it: SCXML's internal transition exits and enters \"\(states[index].id)\" again when the machine is in it, which the converted machine does not; this is not converted in this version")
                        }
                        current = states[index].parent
                    }
                }
            }
        }
    }

    /// Refuses content of an `<initial>` when its state may be entered other than at its
    /// default: the converted machine runs that content with the state's own entry actions.
    func checkInitialContent(scxmlInitial: Int) throws(SCXMLError) {
        for (compound, state) in states.enumerated() {
            guard let location = state.initialLocation else { continue }
            func refuse(_ reason: String) -> SCXMLError {
                SCXMLError(file: file, line: location.line, column: location.column, message: "the <initial> of \"\(state.id)\" raises or sends events, which the converted machine does each time \"\(state.id)\" is entered, and \(reason), which enters it without its <initial>; this is not converted in this version")
            }
            if isInside(scxmlInitial, compound) {
                throw refuse("the machine starts in \"\(states[scxmlInitial].id)\" inside it")
            }
            for (index, other) in states.enumerated() {
                if let initial = other.initial.flatMap({ indexOfID[$0] }), isInside(initial, compound), !isWithin(index, compound) {
                    throw refuse("the initial state of \"\(other.id)\" is \"\(states[initial].id)\" inside it")
                }
                for transition in other.transitions {
                    guard let target = targetState(of: transition), isInside(target, compound) else { continue }
                    let entersIt = !isInside(index, compound) && !(index == compound && transition.isInternal)
                    if entersIt {
                        throw refuse("the transition of \"\(other.id)\" at line \(transition.line) targets \"\(states[target].id)\" inside it")
                    }
                }
            }
        }
    }

    /// Where the delayed sends of `owner` become timers (R28), or a located error: the state
    /// itself when the machine leaves it only by finishing, since a timer stops when its state
    /// is left and SCXML's delayed event does not; else, when the state is entered only at the
    /// machine's start, the whole machine (nil), which is left only by finishing.
    func timerState(of owner: Int) throws(SCXMLError) -> Int? {
        guard let send = states[owner].delayedSends.first else { return owner }
        var leaving: (state: Int, transition: Transition, target: Int)?
        for (index, other) in states.enumerated() {
            let isAround = isInside(owner, index)
            guard isAround || isWithin(index, owner) else { continue }
            for transition in other.transitions {
                guard let target = targetState(of: transition), !states[target].isTopLevelFinal else { continue }
                let staysInside = !isAround && isInside(target, owner) && (index != owner || transition.isInternal)
                if !staysInside {
                    leaving = (index, transition, target)
                    break
                }
            }
            if leaving != nil { break }
        }
        guard let leaving else { return owner }
        let id = states[owner].id
        var reason = "the machine does not start in it"
        if isWithin(indexOfID[initial]!, owner) {
            let entering = states.indices.lazy.flatMap { source in
                self.states[source].transitions.lazy.filter { self.enters(owner, from: source, by: $0) }.map { (source, $0) }
            }.first
            guard let (source, transition) = entering else { return nil }
            reason = "the transition of \"\(states[source].id)\" at line \(transition.line) enters it again"
        }
        throw SCXMLError(file: file, line: send.line, column: send.column, message: "<send event=\"\(send.event)\" delay=\"…\"> in \"\(id)\": a delayed send becomes a timer, which stops when its state is left and SCXML's delayed event does not, so it is converted in a state the machine leaves only by finishing, or enters only at its start; the transition of \"\(states[leaving.state].id)\" at line \(leaving.transition.line) leaves \"\(id)\" for \"\(states[leaving.target].id)\", and \(reason)")
    }

    /// Whether `transition` of `source` enters `state` (which it does when it leads inside it
    /// from outside, or leaves and enters it again).
    func enters(_ state: Int, from source: Int, by transition: Transition) -> Bool {
        guard let target = targetState(of: transition), isWithin(defaultEntry(of: target), state) else { return false }
        if !isWithin(source, state) || isInside(source, target) { return true }
        return source == state && !(transition.isInternal && target != state)
    }

    /// Refuses a delayed send whose timer would run differently from SCXML's delayed event.
    func checkDelayedSends() throws(SCXMLError) {
        for index in states.indices { _ = try timerState(of: index) }
    }
}

extension SCXMLDocument {

    /// The compound state whose superstate stands for `state` in the converted machine: the top of
    /// the chain of compound states, each the only state of the one above, that `state` is in.
    func chainTop(of state: Int) -> Int {
        var current = state
        while !isChainTop(current), let parent = states[current].parent { current = parent }
        return current
    }

    /// Refuses the histories the converted machine would return through differently: a default
    /// outside its state; a shallow history of a compound state whose only state is a compound
    /// state (the converted machine has one superstate for both); one whose re-entry would skip
    /// an `<initial>` that has content (the converted machine runs it on every entry).
    func checkHistories() throws(SCXMLError) {
        for history in histories {
            func refuse(_ message: String) -> SCXMLError {
                SCXMLError(file: file, line: history.line, column: history.column, message: "<history id=\"\(history.id)\"> of \"\(states[history.parent].id)\": \(message)")
            }
            guard let target = indexOfID[history.defaultTarget], isInside(target, history.parent) else {
                throw refuse("its default \"\(history.defaultTarget)\" is not a state inside \"\(states[history.parent].id)\"")
            }
            if !history.isDeep, chain(from: history.parent).count > 1 {
                throw refuse("a shallow history of a state whose only state is the compound state \"\(states[states[history.parent].children[0]].id)\" is not converted in this version (the two are one superstate); a deep history is")
            }
            for (compound, state) in states.enumerated() where state.initialLocation != nil && isWithin(compound, history.parent) {
                throw refuse("returning to it may enter \"\(state.id)\" without its <initial>, whose content the converted machine runs each time \"\(state.id)\" is entered; this is not converted in this version")
            }
        }
    }
}
