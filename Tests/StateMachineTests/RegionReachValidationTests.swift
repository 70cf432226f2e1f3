import StateMachine
import Testing

/// R25 "a region that no event reaches": a region whose `events` mapping gives none of the
/// product's (payload-less) events a case its machine handles.
@Suite struct RegionReachValidationTests {

    typealias Light = CompositionTests.Light
    typealias Product = OrthogonalState<Light.State, Light.State>

    let file = "StateMachineTests/RegionReachValidationTests.swift"

    func problems(_ definition: StateMachine<Product, Light.Event, [Light.SideEffect]>.Definition) -> [String] {
        do {
            try definition.validate()
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func aRegionThatEveryEventMapsAwayFromIsReported() {
        let line = #line + 4
        let product = StateMachine<Product, Light.Event, [Light.SideEffect]>.Definition(
            initialState: OrthogonalState(.off, .off),
            regions: .init("first", Light.definition(CompositionTests.Log()), at: \.a),
            .init("second", Light.definition(CompositionTests.Log()), at: \.b, events: { _ in Light.Event?.none })
        )
        #expect(problems(product) == [
            "\(file):\(line): no event reaches the region \"second\": its `events` mapping gives none of the product's events a case that its machine handles. Map the events it should take, or remove the region.",
        ])
    }

    @Test func aRegionThatSomeEventReachesIsNotReported() {
        let product = StateMachine<Product, Light.Event, [Light.SideEffect]>.Definition(
            initialState: OrthogonalState(.off, .off),
            regions: .init("first", Light.definition(CompositionTests.Log()), at: \.a),
            .init("second", Light.definition(CompositionTests.Log()), at: \.b, events: { $0 == .explode ? .toggle : nil })
        )
        #expect(problems(product) == [])
    }

    @Test func aProductWhoseEventsHavePayloadsIsNotChecked() throws {
        try Keyboard.definition.validate()
    }

    /// Two lamps that share the product's `Event` enum: the left takes `left`, the right
    /// `right`, and no region takes `both`.
    enum Lamps: StateMachineBuilder {
        enum State: StateMachineHashable { case off, on }
        enum Event: StateMachineHashable { case left, right, both }
        typealias SideEffect = Never

        static func lamp(_ event: Event) -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.off)
                state(.off) { on(event) { transition(to: .on) } }
                state(.on) { on(event) { transition(to: .off) } }
            }
        }
    }

    /// Issue 24: an event that no region takes is reported once, at the product, and a region
    /// that shares the product's events is not told that the other regions' events are never
    /// handled.
    @Test func anEventNoRegionTakesIsReportedAtTheProductAndNotPerRegion() {
        let line = #line + 1
        let product = StateMachine<OrthogonalState<Lamps.State, Lamps.State>, Lamps.Event, [Never]>.Definition(
            orthogonal: Lamps.lamp(.left), events: { $0 },
            and: Lamps.lamp(.right), events: { $0 }
        )
        var problems: [String] = []
        do {
            try product.validate()
        } catch {
            problems = error.problems.map(\.description)
        }
        #expect(problems == [
            "\(file):\(line): the event both is never handled: no region takes it (each maps it to nil or to an event its machine does not handle), so sending it is always invalid. Handle it in a region, or remove the case.",
        ])
    }

    @Test func whenEveryEventIsTakenByARegionNothingIsReported() throws {
        let product = StateMachine<OrthogonalState<Lamps.State, Lamps.State>, Lamps.Event, [Never]>.Definition(
            orthogonal: Lamps.lamp(.left), events: { $0 == .both ? .left : $0 },
            and: Lamps.lamp(.right), events: { $0 == .both ? .right : $0 }
        )
        try product.validate()
    }
}
