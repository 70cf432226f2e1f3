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
    /// Whether this table or a level nested in it has a delayed event (`after`, R28).
    var hasTimersAtAnyDepth: Bool { get }
    /// Appends the timer levels of `state`, a state of this table: this level's own when it has
    /// timers, then those nested in it (R28.3). `lift` turns this table's event into the top
    /// machine's; a timer whose event it cannot lift is left out.
    func appendTimerLevels(of state: Any, path: [Int], lift: (Any) -> Any?, into levels: inout [TimerLevel])
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
    /// The parent event a timer's event of the level stands for (R28.4); nil when none does.
    let liftTimerEvent: (Any) -> Any?

    @usableFromInline
    init<Inner, InnerEvent, Event>(
        table: any NestedHistoryTable, extract: @escaping (State) throws -> Inner?, embed: @escaping (State, Inner) -> State,
        timerEvents: @escaping (InnerEvent) -> Event?
    ) {
        self.table = table
        self.extract = { state in (try? extract(state)).flatMap { $0 } }
        self.embed = { state, inner in (inner as? Inner).map { embed(state, $0) } }
        self.liftTimerEvent = { event in (event as? InnerEvent).flatMap(timerEvents).map { $0 as Any } }
    }
}
