/// The history inside children and regions in a snapshot (rules R17, R24): the remembered
/// states of nested levels, as entries whose state is a state of this table, and back.
extension TransitionTable: NestedHistoryTable {

    @usableFromInline
    func isFinalState(_ state: Any) -> Bool {
        (state as? State).map(isFinal) ?? false
    }


    /// The levels nested in this table: its children, by definition, then its regions; a child
    /// is named by its case, a region by its name.
    private func nestedLevels() -> [(name: String, case: State.HashableIdentifier?, level: NestedLevel<State>)] {
        guard let composition else { return [] }
        var levels: [(name: String, case: State.HashableIdentifier?, level: NestedLevel<State>)] = []
        for (index, link) in composition.children.sorted(by: { $0.key < $1.key }) {
            guard let nested = link.nested else { continue }
            let identifier = definitions[index].matcher.identifier
            levels.append(("\(identifier)", identifier, nested))
        }
        for link in composition.regions?.links ?? [] {
            if let nested = link.nested { levels.append((link.name, nil, nested)) }
        }
        return levels
    }

    /// The entries of the levels nested in this table, each state `base` (the machine's state)
    /// with the level's part replaced by the remembered one. A child's part is put in `base`
    /// when `base` is in its case, else in the state the case was left in (its own history);
    /// a child whose case is neither has nothing to put it in, and its entries are left out.
    func nestedSnapshotHistory(_ history: [HistoryKey: Any], base: State) -> [Snapshot.NestedHistoryEntry] {
        guard composition != nil, !history.isEmpty else { return [] }
        var entries: [Snapshot.NestedHistoryEntry] = []
        for (name, identifier, level) in nestedLevels() {
            var parent = base
            if let identifier, base.hashableIdentifier != identifier {
                guard let row = states.rowOfIdentifier[identifier],
                      let left = history[HistoryKey(table: ObjectIdentifier(self), index: -1 - row)] as? State
                else { continue }
                parent = left
            }
            guard let inner = level.extract(parent) else { continue }
            for item in level.table.historyEntries(history, base: inner) {
                guard let state = level.embed(parent, item.state) else { continue }
                entries.append(Snapshot.NestedHistoryEntry(level: [name] + item.level, superstate: item.superstate, state: state))
            }
        }
        return entries
    }

    @usableFromInline
    func historyEntries(_ history: [HistoryKey: Any], base: Any) -> [NestedHistoryItem] {
        guard let base = base as? State else { return [] }
        return snapshotHistory(history).map { NestedHistoryItem(level: [], superstate: $0.superstate, state: $0.state) }
            + nestedSnapshotHistory(history, base: base).map { NestedHistoryItem(level: $0.level, superstate: $0.superstate, state: $0.state) }
    }

    /// The machine's history for a snapshot's `entries` and `nested` entries.
    ///
    /// - Throws: ``StateMachineTypes/SnapshotError`` naming every entry that does not fit.
    func history(
        of entries: [Snapshot.HistoryEntry], nested: [Snapshot.NestedHistoryEntry]
    ) throws(StateMachineTypes.SnapshotError) -> [HistoryKey: Any] {
        var problems: [String] = []
        var history: [HistoryKey: Any] = [:]
        do {
            history = try self.history(of: entries)
        } catch {
            problems = error.problems
        }
        for entry in nested {
            if let problem = restoreHistoryEntry(level: entry.level[...], path: [], superstate: entry.superstate, state: entry.state, into: &history) {
                problems.append(problem)
            }
        }
        if !problems.isEmpty { throw StateMachineTypes.SnapshotError(problems: problems) }
        return history
    }

    @usableFromInline
    func restoreHistoryEntry(
        level: ArraySlice<String>, path: [String], superstate: String?, state: Any, into history: inout [HistoryKey: Any]
    ) -> String? {
        let place = path.isEmpty ? "" : "In the level \"\(shown(path.joined(separator: ".")))\": "
        guard let state = state as? State else { return "\(place)The history \(shown(state)) is not a state of this level." }
        guard let name = level.first else {
            do {
                let own = try self.history(of: [superstate.map { .superstate($0, state) } ?? .child(state)])
                if own.keys.contains(where: { history[$0] != nil }) {
                    return place + (superstate.map { "The superstate \"\(shown($0))\" has two history entries (the second is \(shown(state))): keep one." }
                        ?? "The case \(shown(state.hashableIdentifier)) has two child history entries (the second is \(shown(state))): keep one.")
                }
                history.merge(own) { _, new in new }
                return nil
            } catch {
                return error.problems.first.map { place + $0 }
            }
        }
        guard let (_, identifier, nested) = nestedLevels().first(where: { $0.name == name }) else {
            return "\(place)The level \"\(shown(name))\" is not in the definition."
        }
        if let identifier, state.hashableIdentifier != identifier {
            return "\(place)The history of the level \"\(shown(name))\" is in \(shown(state)), a state of another case."
        }
        guard let inner = nested.extract(state) else {
            return "\(place)The history of the level \"\(shown(name))\" cannot be read from \(shown(state))."
        }
        return nested.table.restoreHistoryEntry(
            level: level.dropFirst(), path: path + [name], superstate: superstate, state: inner, into: &history
        )
    }
}

private func shown(_ value: Any) -> String { StateMachineTypes.SnapshotError.shown(value) }
