/// One way an `on` handler may go, as diagrams draw it: under which condition, to which cases,
/// with which side effects. A fixture's `if`/`then`/`else` has one per branch, so that each
/// branch's side effect is written on its own edge.
@_spi(Tooling)
public struct DiagramBranch<Target> {
    /// What must hold, besides the handler's matchers, for the handler to go this way
    /// (`state.credit + event.value >= 50`); nil when nothing more.
    public var condition: String?
    /// The cases it may lead to; nil when they are not known (drawn to `?`). Ignored for a
    /// history handler, whose edges go to the history.
    public var targets: [Target]?
    /// The side effects it emits, as diagrams name them.
    public var sideEffects: [String]

    public init(condition: String?, targets: [Target]?, sideEffects: [String]) {
        self.condition = condition
        self.targets = targets
        self.sideEffects = sideEffects
    }
}
