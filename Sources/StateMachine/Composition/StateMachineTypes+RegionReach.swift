extension StateMachineTypes {

    /// Whether no event of the product reaches a region (rule R25, "a region that no event
    /// reaches"): every case of the product's `Event` is payload-less (so each value can be
    /// made, by reflection) and `events` maps none of them to an event whose case an `on`
    /// handler of the region's definition (in a state definition or a superstate) handles.
    /// False when that cannot be known: `Event` is not such an enum, one of its cases has a
    /// payload, or the region's states hold child machines or regions (they may take any event).
    @usableFromInline
    static func noEventReaches<RegionState, RegionEvent, RegionSideEffect, Event>(
        _ definition: Definition<RegionState, RegionEvent, RegionSideEffect>,
        events: (Event) -> RegionEvent?
    ) -> Bool {
        guard definition.table.composition?.regions == nil,
              let handled = handledEvents(of: definition),
              let cases = EnumCases<Event>()
        else { return false }
        for tag in 0..<cases.count {
            guard let event = cases.payloadlessValue(ofTag: tag) else { return false }
            if let regionEvent = events(event), handled.contains(regionEvent.hashableIdentifier) { return false }
        }
        return true
    }

    /// The tags of the payload-less cases of `Event` that `events` maps to an event whose case an
    /// `on` handler of `definition` handles; nil when that cannot be known (`Event` is not an
    /// enum with reflection metadata, or the region's states hold child machines or regions).
    @usableFromInline
    static func eventsTaken<RegionState, RegionEvent, RegionSideEffect, Event>(
        by definition: Definition<RegionState, RegionEvent, RegionSideEffect>,
        events: (Event) -> RegionEvent?
    ) -> Set<Int>? {
        guard definition.table.composition?.regions == nil,
              let handled = handledEvents(of: definition),
              let cases = EnumCases<Event>()
        else { return nil }
        var taken: Set<Int> = []
        for tag in 0..<cases.count {
            guard let event = cases.payloadlessValue(ofTag: tag) else { continue }
            if let regionEvent = events(event), handled.contains(regionEvent.hashableIdentifier) { taken.insert(tag) }
        }
        return taken
    }

    /// The event cases the `on` handlers of `definition`'s state definitions and superstates
    /// handle; nil when one of its states holds a child machine, which may take any event.
    static func handledEvents<S, E, F>(
        of definition: Definition<S, E, F>
    ) -> Set<E.HashableIdentifier>? {
        var handled: Set<E.HashableIdentifier> = []
        for component in definition.components {
            let handlers: [EventHandler<S, E, F>]
            switch component.kind {
            case .state(let state): handlers = state.handlers
            case .superstate(let superstate): handlers = superstate.handlers
            case .callback, .runToCompletion: continue
            }
            for handler in handlers {
                switch handler.kind {
                case .on(let matcher, _): handled.insert(matcher.identifier)
                case .child: return nil
                default: continue
                }
            }
        }
        return handled
    }
}
