/// Composite machines as data (schemaVersion 2, rules R19–R24).

/// Superstates of a state machine, or the regions of a product.
struct CompositionTable: Sendable {
    var superstates: [SuperstateTable] = []
    /// The product's case name and its regions; nil for a state machine.
    var product: (name: String, regions: [RegionTable])? = nil
}

/// `{"name", "states", "on", "after"}`: a superstate.
struct SuperstateTable: Sendable {
    let name: String
    let states: [String]
    let handlers: [HandlerTable]
    /// Its `initial` state, entered by a shallow history of a superstate around it (R24).
    var initial: FixtureValue? = nil
    /// Its delayed events (R28).
    var after: [TimerTable] = []
    /// Its eventless transitions, raise and post actions (R38), as a state definition's.
    var always: [EventlessTable] = []
    var onEnterRaise: [FixtureValue] = []
    var onExitRaise: [FixtureValue] = []
    var onEnterPost: [FixtureValue] = []
    var onExitPost: [FixtureValue] = []
}

/// A machine nested in a child or a region: `states` and optional `superstates`.
struct NestedMachineTable: Sendable {
    let states: [StateTable]
    let superstates: [SuperstateTable]
    /// Its `initialState`, the state a shallow history (R24) starts it in; `_` when not given.
    var initialState: FixtureValue? = nil
}

/// `{"field", "machine", "events", "sideEffects"}`: the child machine of a state definition.
struct ChildTable: Sendable {
    let field: String
    let machine: NestedMachineTable
    let events: [String: String]
    let sideEffects: [String: String]
}

/// `{"name", "machine"}`: a region of a product.
struct RegionTable: Sendable {
    let name: String
    let machine: NestedMachineTable
}

extension FixtureValue {

    /// The case name of the value that stands for a list of side effects (a product's, R23):
    /// not an identifier, so no fixture value can have it.
    static let listCaseName = "[]"

    /// A list of side effects as one value: its items are the fields `0`, `1`, ….
    static func list(_ items: [FixtureValue]) -> FixtureValue {
        FixtureValue(listCaseName, fields: Dictionary(uniqueKeysWithValues: items.enumerated().map { ("\($0.offset)", .value($0.element)) }))
    }

    /// The items of a list of side effects, in order; nil for any other value.
    var listItems: [FixtureValue]? {
        guard caseName == Self.listCaseName else { return nil }
        return (0..<fields.count).compactMap { index in
            if case .value(let item)? = fields["\(index)"] { item } else { nil }
        }
    }
}
