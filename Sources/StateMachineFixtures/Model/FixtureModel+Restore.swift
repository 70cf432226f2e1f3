import StateMachine

/// One entry of a restore step's `history` (format 2, rules R17 and R24): the remembered state of
/// a superstate or of a child-holding case, by name.
struct RestoredHistory: Sendable {
    /// The superstate's name, or the child-holding case's.
    let name: String
    let state: FixtureValue
    /// Where the entry's value is in the document, `scenarios[0].steps[1].history.player`.
    let path: DocumentPath

    /// The snapshot entry: a superstate's when `name` is one of `superstates` (the names of the
    /// machine's top-level superstates), else the child-holding case's, as a `historyOf` is read.
    func entry<State>(superstates: [String], _ state: State) -> StateMachineTypes.Snapshot<State>.HistoryEntry {
        superstates.contains(name) ? .superstate(name, state) : .child(state)
    }

    func entry(superstates: [String]) -> StateMachineTypes.Snapshot<FixtureValue>.HistoryEntry {
        entry(superstates: superstates, state)
    }
}

extension FixtureReader {

    /// Reads a restore step's `"history": {"<superstate or child-holding case>": state, ...}`.
    func readRestoredHistory(_ node: Node) throws(InputError) -> [RestoredHistory] {
        guard let members = node.members else {
            throw node.fail("expected the history of a restore step (an object from superstate or child-holding case names to states), got \(node.json.kindDescription)")
        }
        var history: [RestoredHistory] = []
        for member in members {
            let value = Node(json: member.value, path: node.path.appending(member.key))
            history.append(RestoredHistory(name: member.key, state: try readValue(value, .state), path: value.path))
        }
        return history
    }
}
