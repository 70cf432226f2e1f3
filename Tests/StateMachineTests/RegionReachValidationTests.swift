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
}
