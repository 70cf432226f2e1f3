/// A `superstate(...) { ... }` block: a named group of state cases with its own handlers and
/// listeners (rules R19 and R20).
@usableFromInline
struct SuperstateDefinition<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {
    let name: String
    let members: [State.HashableIdentifier]
    var handlers: [StateMachineTypes.EventHandler<State, Event, SideEffect>]
    /// The state it is entered in when a shallow history of a superstate around it returns to
    /// it (rule R24); nil when none was declared.
    var initial: State? = nil
    let location: SourceLocation
}

/// Where a history target leads: the last state a superstate, or the child of a state case,
/// was in when it was left.
@usableFromInline
enum HistoryTarget<State: StateMachineHashable>: Hashable {
    case superstate(String)
    case child(State.HashableIdentifier)
    /// A superstate of this name, or else the child-holding case of this name (tools whose case
    /// identifiers are names).
    case named(String)
}

/// A history target of a handler, and its default, computed only when there is no history.
@usableFromInline
struct HistoryLink<State: StateMachineHashable, Event> {
    let target: HistoryTarget<State>
    let defaultState: (State, Event) throws -> State
    /// Whether the remembered state is returned to as it was (deep), or only the direct
    /// substate of the target, entered at its default (shallow).
    var kind: StateMachineTypes.HistoryKind = .deep
    /// The default when it is one value known when the definition is built (the DSL's
    /// `default:`), for ``StateMachineTypes/Definition/validate()``; nil when it is computed.
    var knownDefault: State? = nil
    /// For a handler that chooses whether to go to a history target (a fixture's `if` with a
    /// history target in a branch): the state its history branch leads to, given what each
    /// history target remembers, or nil when the handler's own action decides. Its action then
    /// gives only the side effect of a history branch. Nil for a handler that always goes to
    /// ``target``.
    var choose: ((State, Event, (HistoryTarget<State>, StateMachineTypes.HistoryKind) -> State?) throws -> State?)? = nil
    /// The history targets `choose` may name besides ``target``, for validation.
    var otherTargets: [HistoryTarget<State>] = []
}

/// The key of one remembered history: which table, and which superstate (>= 0) or child case
/// (< 0, `-1 - row`) of it.
@usableFromInline
struct HistoryKey: Hashable {
    @usableFromInline let table: ObjectIdentifier
    @usableFromInline let index: Int

    @inlinable
    init(table: ObjectIdentifier, index: Int) {
        self.table = table
        self.index = index
    }
}

/// What a composite step needs besides the state and the event: the history it reads and
/// updates, and the listener calls it plans. One per machine (guarded by its lock), or one per
/// call of the pure core.
@usableFromInline
final class CompositeMemory {
    /// The history as of the last valid transition.
    @usableFromInline @exclusivity(unchecked) var history: [HistoryKey: Any] = [:]
    /// The history the running step reads and writes; becomes ``history`` when the step is valid.
    @usableFromInline @exclusivity(unchecked) var working: [HistoryKey: Any] = [:]
    /// The exit listener calls of the running step, in the order they run: innermost first,
    /// later regions first (R20, R23).
    @usableFromInline @exclusivity(unchecked) var plan: [() -> Void] = []
    /// The enter listener calls of the running step, run after every exit: outermost first, in
    /// region order.
    @usableFromInline @exclusivity(unchecked) var enterPlan: [() -> Void] = []
    /// The plans of valid steps waiting for their listeners' turn, by delivery ticket.
    @usableFromInline @exclusivity(unchecked) var plans: [UInt32: [() -> Void]] = [:]
    /// How many composite steps are running inside each other (children, regions).
    @usableFromInline @exclusivity(unchecked) var depth = 0
    /// Whether the running step's event was taken by the top level's child machine: the top
    /// machine's state was not left, so its timers keep running (rule R28).
    @usableFromInline @exclusivity(unchecked) var handledInChild = false
    /// The superstate whose `reenter: true` handler ran at the top level in the running step,
    /// or -1: its timers start again (R28, R29).
    @usableFromInline @exclusivity(unchecked) var reentered = -1
    /// Whether a nested level has delayed events: only then do steps record which levels their
    /// own handlers moved (R28.3).
    @usableFromInline @exclusivity(unchecked) var tracksLevels = false
    /// The level whose step runs, as a path from the top: a child by its holder's definition
    /// index, a region by its index. Kept only when ``tracksLevels``.
    @usableFromInline @exclusivity(unchecked) var path: [Int] = []
    /// The levels whose own or superstate handler moved them in the running step, by path, with
    /// the superstate a `reenter: true` handler named there (-1: none). Kept only when
    /// ``tracksLevels``.
    @usableFromInline @exclusivity(unchecked) var moves: [[Int]: Int] = [:]

    @usableFromInline init() {}

    /// A machine's memory; `tracksLevels` when some nested level has delayed events.
    init(tracksLevels: Bool) {
        self.tracksLevels = tracksLevels
    }

    /// Records that the level whose step runs moved by its own handler (R28.3).
    @inlinable func recordMove(reentering: Int?) {
        if tracksLevels { moves[path] = reentering ?? -1 }
    }

    /// Where the plans end now, to drop what a declining level planned after it.
    @inlinable var mark: (exits: Int, enters: Int) { (plan.count, enterPlan.count) }

    /// Drops the calls planned after `mark`.
    @inlinable func drop(after mark: (exits: Int, enters: Int)) {
        if plan.count > mark.exits { plan.removeSubrange(mark.exits...) }
        if enterPlan.count > mark.enters { enterPlan.removeSubrange(mark.enters...) }
    }
}

/// A child machine inside a state case of a parent, with its types erased: what the parent's
/// table needs to delegate an event, plan the child's listeners and validate it.
@usableFromInline
struct ChildLink<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {
    @usableFromInline typealias Step = (State, Event, CompositeMemory) throws -> (State, SideEffect?)?
    /// The child's step for a parent state and event: the parent's next state and side effect,
    /// or nil when the event maps to nothing or the child finds it invalid. Appends the child's
    /// listener calls to the memory's plan.
    @usableFromInline let step: Step
    /// Whether the child held by a parent state is in one of its final states (R27).
    @usableFromInline let isDone: (State) -> Bool
    /// The child's step as a handler of the parent's cells, for a child the parent may step
    /// directly (see ``TransitionTable/directChildBoxes``): it throws ``ChildDeclined`` when the
    /// child does not take the event in one cell, and the machine takes the composite step.
    let direct: TransitionTable<State, Event, SideEffect>.Handler?
    /// Whether the child's definition has a final state.
    let hasFinalStates: Bool
    /// Whether the child's definition, at any depth, has `onEnter` or `onExit` listeners.
    let plansListeners: Bool
    /// Whether the child's definition, at any depth, has history targets.
    let keepsHistory: Bool
    /// The child definition's problems, as ``StateMachineTypes/Definition/validate()`` finds them.
    let problems: () -> [StateMachineTypes.DefinitionError.Problem]
    /// For the parent states of this case that the parent can enter: the names of the child
    /// states they hold, and of the child's state definitions that no declared transition
    /// reaches from them (those the child's own validation reports as unreachable from its
    /// initial state left out); nil when that cannot be known.
    let unreached: (_ entries: [State]) -> (entered: [String], unreached: [String])?
    /// The child definition as drawn inside the parent's case.
    let diagram: () -> DiagramTree
    let location: SourceLocation
    /// A parent state of this case with the child entered at its initial state: how a shallow
    /// history enters the case (R24).
    var atInitial: ((State) -> State)? = nil
    /// A parent state of this case with the child's state reduced to the child's direct
    /// substate, entered at its default: the shallow history of the case (R24).
    var shallow: ((State) -> State)? = nil
    /// The child as a level of history, for snapshots.
    var nested: NestedLevel<State>? = nil
}

/// What a child stepped directly from the parent's cells throws when it does not take the
/// event by one unconditional handler: the machine then takes the composite step, which
/// finds the same (R21). One instance, so that declining allocates nothing.
@usableFromInline
final class ChildDeclined: Error {
    @usableFromInline static let shared = ChildDeclined()
}

/// One region of a product definition, with its types erased.
@usableFromInline
struct RegionLink<State, Event> {
    let name: String
    /// Whether the region's definition, at any depth, has `onEnter` or `onExit` listeners.
    let plansListeners: Bool
    /// Whether the region's definition, at any depth, has history targets.
    let keepsHistory: Bool
    /// The region definition's problems.
    let problems: () -> [StateMachineTypes.DefinitionError.Problem]
    /// How many `on` handlers the region's definition has, superstates' included.
    let handlerCount: Int
    /// Whether no event of the product maps to an event the region's machine handles, as far
    /// as can be known (false when it cannot).
    let noEventReaches: () -> Bool
    /// The tags of the product's payload-less event cases that the region takes (maps to an
    /// event its machine handles); nil when that cannot be known.
    let eventsTaken: () -> Set<Int>?
    /// The region definition as drawn inside the product whose initial state is given: the
    /// region starts in its part of it, not in its definition's own initial state.
    let diagram: (_ productInitialState: State) -> DiagramTree
    let location: SourceLocation
    /// The region as a level of history, for snapshots.
    var nested: NestedLevel<State>? = nil
}
