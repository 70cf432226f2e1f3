extension StateMachineTypes {

    /// How far a history target goes back into what the machine left (rule R24).
    ///
    /// ```swift
    /// state(.offline) {
    ///     on(.reconnect, toHistoryOf: "player", history: .shallow, default: .stopped)
    /// }
    /// ```
    ///
    /// With a superstate `player` that contains a superstate `media` (cases `radio`, `cd`),
    /// left while in `cd`:
    ///
    /// | Kind       | Goes to                                                                    |
    /// |------------|----------------------------------------------------------------------------|
    /// | `.deep`    | `cd`, the state left, exactly (payload and child state included)           |
    /// | `.shallow` | `media`'s `initial:` state: the direct substate of `player`, at its default |
    ///
    /// A remembered state that is a direct member of the superstate (in no superstate nested
    /// in it) is returned to as it was, payload included, with its child machine (if its case
    /// holds one) at the child's initial state under `.shallow`.
    public enum HistoryKind: Hashable, Sendable {
        /// The direct substate of the target that was last active, entered at its default:
        /// a nested superstate at its `initial:` state, a child machine at its initial state
        /// (SCXML's `type="shallow"`, KStateMachine's `HistoryType.SHALLOW`).
        case shallow
        /// The state that was left, with everything nested in it (SCXML's `type="deep"`). The
        /// default of every history target, as before `HistoryKind` existed.
        case deep
    }
}
