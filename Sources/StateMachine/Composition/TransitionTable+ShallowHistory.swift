/// Shallow history (rule R24): what a `.shallow` history target returns to, given the state
/// its machine remembers.
extension TransitionTable {

    /// The direct substate of the superstate `outer` (the whole level when nil) that `state` is
    /// in, entered at its default: the outermost superstate inside `outer` that contains
    /// `state`'s case, at its `initial:` state; otherwise `state` itself, with the child
    /// machine its case holds (if any) at the child's initial state.
    ///
    /// A nested superstate without `initial:` gives `state` as it is;
    /// ``StateMachineTypes/Definition/validate()`` reports it.
    @usableFromInline
    func shallowEntry(_ state: State, inside outer: Int?) -> State {
        // Innermost first, so the superstates inside `outer` come before it. A table whose
        // superstates are compiled into its cells has no composition, but still its superstates.
        let around = composition?.superstates(containing: state) ?? Self.superstatesOfCase(superstates)[state.hashableIdentifier] ?? []
        let inside = outer.map { outer in around.prefix { $0 != outer } } ?? around[...]
        if let direct = inside.last {
            return superstates[direct].initial ?? state
        }
        guard let composition, let definition = try? self.definition(of: state, row: states.row(of: state)), definition >= 0,
              let atInitial = composition.children[definition]?.atInitial else { return state }
        return atInitial(state)
    }

    /// The state a history target of kind `kind` leads to when its machine remembers
    /// `remembered` for it.
    func historyEntry(_ remembered: State, of target: HistoryTarget<State>, kind: StateMachineTypes.HistoryKind, _ composition: Composition) -> State {
        guard kind == .shallow else { return remembered }
        switch target {
        case .superstate(let name):
            return shallowEntry(remembered, inside: composition.index(ofSuperstate: name))
        case .child:
            return childShallow(remembered, composition) ?? remembered
        case .named(let name):
            if let superstate = composition.index(ofSuperstate: name) { return shallowEntry(remembered, inside: superstate) }
            return childShallow(remembered, composition) ?? remembered
        }
    }

    private func childShallow(_ remembered: State, _ composition: Composition) -> State? {
        guard let definition = try? self.definition(of: remembered, row: states.row(of: remembered)), definition >= 0 else { return nil }
        return composition.children[definition]?.shallow?(remembered)
    }
}

extension TransitionTable {

    /// R25 for shallow history: an `initial:` state outside its superstate, and a superstate
    /// that a `.shallow` history target may return to without an `initial:` state.
    func shallowHistoryProblems(_ composition: Composition) -> [Problem] {
        var problems: [Problem] = []
        let superstates = composition.superstates
        ValidationWork.counter.add(superstates.count)
        for superstate in superstates {
            if let initial = superstate.initial, !superstate.members.contains(initial.hashableIdentifier) {
                problems.append(Problem(file: superstate.location.file, line: superstate.location.line,
                    message: "the `initial:` state of the superstate \"\(superstate.name)\" is \(initial.hashableIdentifier), which it does not contain: name one of its cases."))
            }
        }
        for (history, location, what) in historyLinks(composition) where history.kind == .shallow {
            let name: String
            switch history.target {
            case .superstate(let superstate), .named(let superstate): name = superstate
            case .child: continue
            }
            guard let outer = composition.index(ofSuperstate: name) else { continue }
            // The superstates directly inside `outer`: those a shallow target of it returns to.
            var direct: [Int] = []
            ValidationWork.counter.add(superstates[outer].members.count)
            for member in superstates[outer].members {
                let around = composition.superstatesOfCase[member] ?? []
                if let inner = around.prefix(while: { $0 != outer }).last, !direct.contains(inner) { direct.append(inner) }
            }
            for inner in direct.sorted().map({ superstates[$0] }) where inner.initial == nil {
                problems.append(Problem(file: location.file, line: location.line,
                    message: "this \(what) goes to the shallow history of \"\(name)\", which returns to the superstate \"\(inner.name)\" inside it at its `initial:` state, and \"\(inner.name)\" has none: add `initial:` to superstate \"\(inner.name)\", or write `history: .deep`."))
            }
        }
        return problems
    }
}
