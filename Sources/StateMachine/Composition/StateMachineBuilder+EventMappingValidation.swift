extension StateMachineBuilder {

    /// The parent events that a child's event mapping sends to a child event case that no `on`
    /// handler of the child definition handles (rule R25, "an event mapped to nothing"), one
    /// problem each, at the `child(…)` line.
    ///
    /// Only the parent events that can be enumerated are checked: the payload-less cases of an
    /// `Event` enum with reflection metadata, each mapped once with `events`. Cases with a
    /// payload have values that cannot be made without one, so their mapping is not checked;
    /// nor is anything when `Event` is not such an enum. A child definition that itself holds
    /// a child machine or regions may hand any event on, so its mappings are not checked.
    static func unhandledMappings<ChildState, ChildEvent, ChildSideEffect>(
        into definition: StateMachineTypes.Definition<ChildState, ChildEvent, ChildSideEffect>,
        events: (Event) -> ChildEvent?,
        at location: SourceLocation
    ) -> [StateMachineTypes.DefinitionError.Problem] {
        guard definition.table.composition?.regions == nil,
              let handled = StateMachineTypes.handledEvents(of: definition),
              let cases = EnumCases<Event>()
        else { return [] }
        var problems: [StateMachineTypes.DefinitionError.Problem] = []
        for tag in 0..<cases.count {
            guard let event = cases.payloadlessValue(ofTag: tag), let childEvent = events(event),
                  !handled.contains(childEvent.hashableIdentifier) else { continue }
            let name = cases.name(ofTag: tag) ?? "\(event)"
            let childName = enumCaseName(of: childEvent) ?? "\(childEvent.hashableIdentifier)"
            problems.append(.init(file: location.file, line: location.line,
                message: "the event \(name) is mapped to the child event \(childName), which no `on` handler of the child definition handles, so the child never takes it. Handle \(childName) in the child, or map \(name) to nil."))
        }
        return problems
    }
}
