/// The state of two machines running side by side: the generic product of seed 001's
/// `OrthogonalState<StateA, StateB>` (rule R23).
///
/// ```swift
/// let pair = StateMachine<OrthogonalState<CapsLock.State, NumLock.State>, Key, [Output]>.Definition(
///     orthogonal: CapsLock.definition, events: CapsLock.Event.init,
///     and: NumLock.definition, events: NumLock.Event.init
/// )
/// ```
///
/// Every value has the same case: definitions match it as a whole, and each region reads and
/// writes its own part, ``a`` or ``b``.
public struct OrthogonalState<A: StateMachineHashable, B: StateMachineHashable>: StateMachineHashable {

    /// The one case of a product state.
    public enum HashableIdentifier: Hashable, Sendable { case product }

    /// The first region's state.
    public var a: A
    /// The second region's state.
    public var b: B

    public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
    }

    public var hashableIdentifier: HashableIdentifier { .product }

    /// Both parts, `(a, b)`.
    public var associatedValue: Any { (a, b) }
}

extension OrthogonalState: Equatable where A: Equatable, B: Equatable {}
extension OrthogonalState: Hashable where A: Hashable, B: Hashable {}
extension OrthogonalState: Sendable where A: Sendable, B: Sendable {}

extension OrthogonalState: CustomStringConvertible {
    public var description: String { "OrthogonalState(\(a), \(b))" }
}

extension StateMachineTypes.Definition {

    /// Two definitions side by side, starting in their initial states: each event goes to both
    /// (mapped by `eventsA` / `eventsB`), and the side effect lists theirs, `a`'s first.
    @inlinable
    public init<A, EventA, B, EventB, Element>(
        orthogonal a: StateMachineTypes.Definition<A, EventA, Element>,
        events eventsA: @escaping (Event) -> EventA?,
        and b: StateMachineTypes.Definition<B, EventB, Element>,
        events eventsB: @escaping (Event) -> EventB?,
        file: StaticString = #fileID,
        line: UInt = #line
    ) where State == OrthogonalState<A, B>, SideEffect == [Element] {
        // Both regions stepped from their cells: one handler that knows both parts, with no
        // closure per region between the product's cell and the regions' handlers. The two
        // regions' blocks are written out: one generic local function for both costs about
        // 400 instructions per event more (callgrind, "matter cycle, two regions": 819 → 1 223).
        let tableA = a.table
        let tableB = b.table
        let direct: TransitionTable<State, Event, SideEffect>.Handler? = tableA.isDirectlySteppable && tableA.decidesByCells
            && tableB.isDirectlySteppable && tableB.decidesByCells ? .stateAndEvent { product, event in
                var next = product
                var first: Element?
                var second: Element?
                var taken = false
                if let event = eventsA(event) {
                    switch try tableA.directRegionStep(from: product.a, on: event) {
                    case .invalid: break
                    case .missingDefinition: throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: product)
                    case .moved(let state, let sideEffect):
                        next.a = state
                        first = sideEffect
                        taken = true
                    }
                }
                if let event = eventsB(event) {
                    switch try tableB.directRegionStep(from: product.b, on: event) {
                    case .invalid: break
                    case .missingDefinition: throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: product)
                    case .moved(let state, let sideEffect):
                        next.b = state
                        second = sideEffect
                        taken = true
                    }
                }
                guard taken else { throw ChildDeclined.shared }
                return StateMachineTypes.Action(toState: next, sideEffect: Self.list(first, second))
            } : nil
        self.init(
            initialState: OrthogonalState(a.initialState, b.initialState),
            regionList: [
                .init("a", a, getter: { $0.a }, setter: { $0.a = $1 }, events: eventsA, timerEvents: { $0 as? Event }, sideEffects: { $0 }, file: file, line: line),
                .init("b", b, getter: { $0.b }, setter: { $0.b = $1 }, events: eventsB, timerEvents: { $0 as? Event }, sideEffects: { $0 }, file: file, line: line),
            ],
            collecting: { $0 }, direct: direct, file: file, line: line
        )
    }

    /// The side effects of the regions that emitted one, in region order, in one allocation.
    @inlinable @inline(__always)
    static func list<Element>(_ first: Element?, _ second: Element?) -> [Element] {
        switch (first, second) {
        case (nil, nil): []
        case (let first?, nil): [first]
        case (nil, let second?): [second]
        case (let first?, let second?): [first, second]
        }
    }
}
