/// What a table does with the history of the levels nested in it (rules R17, R24), with its
/// types erased: the table of a child machine or a region, seen from its parent's table.
@usableFromInline
protocol NestedHistoryTable: AnyObject {
    /// The remembered states of this table and of the levels nested in it, each as a state of
    /// this table: `base` (a state of this table) with the nested level's part replaced.
    func historyEntries(_ history: [HistoryKey: Any], base: Any) -> [NestedHistoryItem]
    /// Puts one remembered state, a state of this table, into `history`: the history of
    /// `superstate` (or of the child of `state`'s case) of the level `level` below this table.
    /// Returns why it does not fit, or nil; `path` names this table's level in the message.
    func restoreHistoryEntry(
        level: ArraySlice<String>, path: [String], superstate: String?, state: Any, into history: inout [HistoryKey: Any]
    ) -> String?
    /// Whether this level may finish: it has a final state, or it is a product whose every
    /// region may finish (R27).
    var hasFinalStates: Bool { get }
    /// Whether `state`, a state of this table, is final (R27).
    func isFinalState(_ state: Any) -> Bool
}

/// One remembered state of a level, with its type erased: see ``NestedHistoryTable``.
@usableFromInline
struct NestedHistoryItem {
    let level: [String]
    let superstate: String?
    let state: Any
}

/// A child machine or a region as a level of history: its table, and how its state is read
/// from and written into a state of its parent, with the types erased.
@usableFromInline
struct NestedLevel<State> {
    let table: any NestedHistoryTable
    /// The level's state in a parent state; nil when it has none.
    let extract: (State) -> Any?
    /// The parent state with the level's state replaced; nil when the value is not a state of the level.
    let embed: (State, Any) -> State?

    @usableFromInline
    init<Inner>(table: any NestedHistoryTable, extract: @escaping (State) throws -> Inner?, embed: @escaping (State, Inner) -> State) {
        self.table = table
        self.extract = { state in (try? extract(state)).flatMap { $0 } }
        self.embed = { state, inner in (inner as? Inner).map { embed(state, $0) } }
    }
}
