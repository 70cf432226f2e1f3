extension StateMachineTypes {

    /// What a running machine is: its state and its history (rules R17, R24). Taken with
    /// ``StateMachine/snapshot``, restored with ``StateMachine/init(definition:restoring:clock:)-(_,StateMachineTypes.Snapshot<State>,_)``.
    ///
    /// ```swift
    /// let saved = try JSONEncoder().encode(machine.snapshot)     // State: Codable
    /// // … later, after a relaunch:
    /// let snapshot = try JSONDecoder().decode(StateMachineTypes.Snapshot<State>.self, from: saved)
    /// let restored = try StateMachine(definition: definition, restoring: snapshot)
    /// ```
    ///
    /// The history lists, for each superstate the machine has left and each case holding a child
    /// machine that it has left, the state it was in when it left (shallow history). The history
    /// of the superstates and children inside a child machine or a region is in
    /// ``nestedHistory``.
    public struct Snapshot<State: StateMachineHashable> {

        /// One remembered state: the history of a superstate, or of the child machine of a case.
        public struct HistoryEntry {
            /// The superstate's name; nil for the history of the child machine held by
            /// ``state``'s case.
            public var superstate: String?
            /// The state the machine was in when it left the superstate or the case.
            public var state: State

            /// The history of the superstate `name`: the machine left it in `state`.
            public static func superstate(_ name: String, _ state: State) -> HistoryEntry {
                HistoryEntry(superstate: name, state: state)
            }

            /// The history of the child machine held by `state`'s case: the machine left the
            /// case in `state`.
            public static func child(_ state: State) -> HistoryEntry {
                HistoryEntry(superstate: nil, state: state)
            }
        }

        /// One remembered state inside a child machine or a region: the history of a superstate
        /// or a child-holding case of the machine at ``level``.
        public struct NestedHistoryEntry {
            /// The path from the definition to the machine whose history this is: for each level,
            /// the name of the case holding the child machine (its `HashableIdentifier`, as
            /// text), or the region's name. `["functioning"]` is the child of `.functioning`.
            public var level: [String]
            /// The superstate's name, of the machine at ``level``; nil for the history of the
            /// child machine held by the case of the remembered state.
            public var superstate: String?
            /// The remembered state of the machine at ``level``, inside a state of the
            /// definition: the state of the level's case (the current one, or the one it was
            /// left in) or the current product state, with the level's part replaced, down the
            /// path.
            public var state: State

            /// An entry of the history of the machine at `level`.
            public init(level: [String], superstate: String?, state: State) {
                self.level = level
                self.superstate = superstate
                self.state = state
            }
        }

        /// The machine's current state.
        public var state: State
        /// The remembered states: superstates in declaration order, then child-holding cases in
        /// the order the definition names them.
        public var history: [HistoryEntry]
        /// The remembered states inside child machines and regions: for each level, children in
        /// the order the definition names their cases, then regions in order; inside a level,
        /// as in ``history``, then its own levels.
        public var nestedHistory: [NestedHistoryEntry]

        /// A snapshot of a machine in `state` with `history` and `nestedHistory`.
        public init(state: State, history: [HistoryEntry] = [], nestedHistory: [NestedHistoryEntry] = []) {
            self.state = state
            self.history = history
            self.nestedHistory = nestedHistory
        }
    }

    /// A snapshot whose history does not fit the definition it is restored into, for example
    /// one saved by an older version of the definition (rule R17).
    ///
    /// Restore ``StateMachineTypes/Snapshot/state`` alone, with
    /// ``StateMachine/init(definition:restoring:clock:)-(_,State,_)``, to start without history.
    ///
    /// The description stays short whatever the snapshot holds: it lists the first
    /// ``shownProblems`` problems, then `- and N more.`, and each name or state in a sentence is
    /// cut after ``shownNameLength`` Unicode scalars, `aaa… (999900 more)`.
    public struct SnapshotError: Error, CustomStringConvertible, Equatable {
        /// One sentence per entry that does not fit, each name and state in it cut after
        /// ``shownNameLength`` Unicode scalars.
        public let problems: [String]

        /// How many problems the description lists; the rest are counted.
        public static let shownProblems = 10
        /// How many Unicode scalars of a name or state a problem shows.
        public static let shownNameLength = 100

        init(problems: [String]) {
            self.problems = problems
        }

        public var description: String {
            let count = problems.count == 1 ? "1 history entry that does not fit" : "\(problems.count) history entries that do not fit"
            let left = problems.count - Self.shownProblems
            return (["The snapshot has \(count) the definition:"] + problems.prefix(Self.shownProblems).map { "- \($0)" }
                + (left > 0 ? ["- and \(left) more."] : [])
                + ["Restore the snapshot's state alone to start without history."])
                .joined(separator: "\n")
        }

        /// `value` as a problem shows it: its description, cut after ``shownNameLength`` scalars.
        static func shown(_ value: Any) -> String {
            DiagramText.cut("\(value)", keeping: shownNameLength)
        }
    }
}

extension StateMachineTypes.Snapshot: Equatable where State: Equatable {}
extension StateMachineTypes.Snapshot.HistoryEntry: Equatable where State: Equatable {}
extension StateMachineTypes.Snapshot: Sendable where State: Sendable {}
extension StateMachineTypes.Snapshot.HistoryEntry: Sendable where State: Sendable {}
extension StateMachineTypes.Snapshot.NestedHistoryEntry: Equatable where State: Equatable {}
extension StateMachineTypes.Snapshot.NestedHistoryEntry: Sendable where State: Sendable {}
