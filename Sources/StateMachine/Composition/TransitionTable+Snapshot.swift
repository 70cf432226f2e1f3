/// The history of a snapshot (rules R17, R24): the machine's remembered states of this table,
/// as entries, and back.
extension TransitionTable {

    typealias Snapshot = StateMachineTypes.Snapshot<State>

    /// The entries of this table's own history in `history`: superstates in declaration order,
    /// then child-holding cases by row. Entries of nested tables (children, regions) are left out.
    func snapshotHistory(_ history: [HistoryKey: Any]) -> [Snapshot.HistoryEntry] {
        guard let composition, !history.isEmpty else { return [] }
        let mine = ObjectIdentifier(self)
        let keys = history.keys.filter { $0.table == mine }.map(\.index)
        let superstates = keys.filter { $0 >= 0 }.sorted().compactMap { index in
            (history[HistoryKey(table: mine, index: index)] as? State).map { Snapshot.HistoryEntry.superstate(composition.superstates[index].name, $0) }
        }
        let children = keys.filter { $0 < 0 }.sorted(by: >).compactMap { index in
            (history[HistoryKey(table: mine, index: index)] as? State).map { Snapshot.HistoryEntry.child($0) }
        }
        return superstates + children
    }

    /// The machine's history for `entries`.
    ///
    /// - Throws: ``StateMachineTypes/SnapshotError`` naming every entry for a superstate the
    ///   definition does not have, a state outside its superstate, a case without a child, or a
    ///   superstate or case that has an entry already (which of the two the machine remembers
    ///   would be a guess).
    func history(of entries: [Snapshot.HistoryEntry]) throws(StateMachineTypes.SnapshotError) -> [HistoryKey: Any] {
        var history: [HistoryKey: Any] = [:]
        var problems: [String] = []
        var given: Set<Int> = []
        let mine = ObjectIdentifier(self)
        for entry in entries {
            if let name = entry.superstate {
                // Superstates compiled into the cells (no listener, no history target) are not in
                // `composition`; their history is accepted and, read by nothing, not kept.
                guard let index = composition?.index(ofSuperstate: name) ?? superstates.firstIndex(where: { $0.name == name }) else {
                    problems.append("The superstate \"\(shown(name))\" is not in the definition.")
                    continue
                }
                guard superstates[index].members.contains(entry.state.hashableIdentifier) else {
                    problems.append("The history of the superstate \"\(shown(name))\" is \(shown(entry.state)), a state outside it.")
                    continue
                }
                guard given.insert(index).inserted else {
                    problems.append("The superstate \"\(shown(name))\" has two history entries (the second is \(shown(entry.state))): keep one.")
                    continue
                }
                history[HistoryKey(table: mine, index: index)] = entry.state
            } else {
                let row = states.row(of: entry.state)
                let definition = (try? self.definition(of: entry.state, row: row)) ?? -1
                guard definition >= 0, composition?.children[definition] != nil else {
                    problems.append("The child history \(shown(entry.state)) is in a case that holds no child machine.")
                    continue
                }
                guard given.insert(-1 - row).inserted else {
                    problems.append("The case \(shown(entry.state.hashableIdentifier)) has two child history entries (the second is \(shown(entry.state))): keep one.")
                    continue
                }
                history[HistoryKey(table: mine, index: -1 - row)] = entry.state
            }
        }
        if !problems.isEmpty { throw StateMachineTypes.SnapshotError(problems: problems) }
        return history
    }
}

private func shown(_ value: Any) -> String { StateMachineTypes.SnapshotError.shown(value) }
