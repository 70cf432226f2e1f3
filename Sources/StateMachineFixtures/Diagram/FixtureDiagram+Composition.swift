@_spi(Tooling) import StateMachine

/// Composite fixture machines rebuilt for drawing: superstates, child machines and regions
/// built with the composition DSL, with handlers that are never run.
extension FixtureDiagram {

    static func compositeDefinition(_ table: MachineTable) -> TableStateMachine.Definition {
        if let product = table.composition?.product {
            let regions = product.regions.map { region in
                // The region's part of the product's initial state is where the region starts.
                StateMachineTypes.Region<FixtureValue, FixtureValue, FixtureValue>(
                    region.name, nested(region.machine), get: { product in try part(region.name, of: product) }, set: { _, _ in },
                    events: { $0 }, sideEffects: { $0 }
                )
            }
            return TableStateMachine.Definition(initialState: table.initialState, regions: regions, sideEffects: { FixtureValue.list($0) })
        }
        let components = table.states.map(component) + (table.composition?.superstates ?? []).map(superstate)
        let machine = TableStateMachine(definition: TableStateMachine.Definition { initialState(table.initialState) }.withoutProblemReport())
        return machine.with { return components }.definition
    }

    /// The field `name` of a product state; a product without it starts the region at its
    /// first state block's case.
    private static func part(_ name: String, of product: FixtureValue) throws -> FixtureValue {
        guard case .value(let part)? = product.fields[name] else {
            throw FixtureThrownError(message: "state has no field \(Canonical.string(name))")
        }
        return part
    }

    /// A child's or a region's machine; its first state block's case stands for its initial
    /// state (a region's is its part of the product's initial state).
    private static func nested(_ machine: NestedMachineTable) -> TableStateMachine.Definition {
        let first: FixtureValue = switch machine.states.first?.matcher {
        case .eq(let value)?: value
        case .caseName(let name, _)?: FixtureValue(name)
        case nil: FixtureValue("_")
        }
        let components = machine.states.map(component) + machine.superstates.map(superstate)
        let definition = TableStateMachine(definition: TableStateMachine.Definition { initialState(first) }.withoutProblemReport())
        return definition.with { return components }.definition
    }

    private static func superstate(_ table: SuperstateTable) -> Component {
        superstate(table.name, containingAll: table.states) {
            for timer in table.after {
                after(.milliseconds(UInt64(timer.milliseconds)), send: timer.event)
            }
            handlers(table.handlers, staying: nil)
        }
    }

    static func childDiagram(_ table: ChildTable) -> [EventHandler] {
        child(
            nested(table.machine), embed: { parent, _ in parent }, extract: { _ in FixtureValue?.none },
            events: { _ in FixtureValue?.none }, sideEffects: { _ in FixtureValue?.none }
        )
    }
}
