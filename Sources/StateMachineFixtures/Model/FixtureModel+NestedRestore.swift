import StateMachine

/// The history of a restore step inside child machines and regions (format 2, rules R17 and
/// R24): a key `level.name`, where `level` is the `level` path of listener calls (a child's case
/// name or a region's name, joined by `.`) and `name` a superstate or child-holding case of that
/// level's machine.
extension RestoredHistory {

    /// The level path and the superstate or child-holding case name of a nested entry; nil for
    /// an entry of the top machine.
    var nestedKey: (level: [String], name: String)? {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard segments.count > 1 else { return nil }
        return (Array(segments.dropLast()), segments.last!)
    }

    /// The snapshot's nested entry for this key of `machine`, restored in `restored`: its state is
    /// the level's state put into the state of each level above it (a child's case made with its
    /// `field`, a region's part of the restored product replaced); when the path does not lead
    /// through `machine`'s children and regions, an entry that restoring refuses; nil for an
    /// entry of the top machine.
    func nestedEntry(of machine: MachineTable, restoring restored: FixtureValue) -> StateMachineTypes.Snapshot<FixtureValue>.NestedHistoryEntry? {
        guard let (level, name) = nestedKey else { return nil }
        var states = machine.states
        var regions = machine.composition?.product?.regions ?? []
        var parents: [(FixtureValue) -> FixtureValue] = []
        var superstates: [SuperstateTable] = []
        for (depth, segment) in level.enumerated() {
            let nested: NestedMachineTable
            if let region = regions.first(where: { $0.name == segment }), depth == 0 {
                nested = region.machine
                parents.append { part in Self.replacing(segment, of: restored, with: part) }
            } else if let child = states.compactMap({ state -> (String, ChildTable)? in
                guard case .caseName(let caseName, _) = state.matcher, caseName == segment, let child = state.child else { return nil }
                return (caseName, child)
            }).first {
                nested = child.1.machine
                parents.append { part in FixtureValue(child.0, fields: [child.1.field: .value(part)]) }
            } else {
                // Not a level of this machine: restoring reports it (R17).
                return .init(level: level, superstate: name, state: state)
            }
            states = nested.states
            superstates = nested.superstates
            regions = []
        }
        let embedded = parents.reversed().reduce(state) { part, parent in parent(part) }
        let isSuperstate = superstates.contains { $0.name == name }
        return .init(level: level, superstate: isSuperstate ? name : nil, state: embedded)
    }

    private static func replacing(_ name: String, of value: FixtureValue, with part: FixtureValue) -> FixtureValue {
        var fields = value.fields
        fields[name] = .value(part)
        return FixtureValue(value.caseName, fields: fields)
    }
}
