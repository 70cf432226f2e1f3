import StateMachine
import Testing

/// Composition errors (R25): located, all at once.
@Suite struct CompositionValidationTests {

    typealias Door = CompositionTests.Door
    typealias Room = CompositionTests.Room
    typealias Light = CompositionTests.Light

    func located(_ file: String, _ line: Int, _ message: String) -> String {
        "\(file):\(line): \(message)"
    }

    @Test func theSeedsComposedMachinesValidate() throws {
        try HierarchicalTurnstile.definition.validate()
        try Keyboard.definition.validate()
    }

    @Test func superstateProblemsAreReportedAllAtOnceWithTheirLines() {
        let line = #line + 5
        let definition = StateMachine<Door.State, Door.Event, Door.SideEffect>.Definition {
            Door.initialState(.open)
            Door.state(.open) { Door.on(.close) { Door.transition(to: .closed) } }
            Door.state(.closed) { Door.on(.open) { Door.transition(to: .open) } }
            Door.superstate("a", containing: .open, .closed) {}
            Door.superstate("b", containing: .closed, .locked) {}
            Door.superstate("a", containing: .open, .closed) {}
            Door.superstate("c", containing: .gone, .gone) {}
            Door.state(.broken) { Door.on(.repair, toHistoryOf: "nowhere", default: .open) }
        }
        let file = "StateMachineTests/CompositionValidationTests.swift"
        do {
            try definition.validate()
            Issue.record("no problem reported")
        } catch {
            let problems: [String] = error.problems.filter { $0.line >= line }.map(\.description)
            #expect(problems == [
                located(file, line + 1, "the superstates \"a\" and \"b\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint."),
                located(file, line + 2, "the superstates \"a\" and \"a\" contain the same cases, so which is inside the other is undefined: merge them."),
                located(file, line + 2, "the superstates \"b\" and \"a\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint."),
                located(file, line + 2, "two superstates are named \"a\" (the other at \(file):\(line)): give each its own name."),
                located(file, line + 3, "the superstate \"c\" names a case twice: name each case once."),
                located(file, line + 4, "this handler goes to the history of \"nowhere\", which is not a superstate of this machine: name one of its superstates."),
            ])
        }
    }

    @Test func aChildsCaseMustHaveOnePlainDefinition() {
        let line = #line + 5
        let definition = StateMachine<Room.State, Room.Event, Room.SideEffect>.Definition {
            Room.initialState(.dark)
            Room.state(.dark) { Room.on(.enter) { Room.transition(to: .lit(.off)) } }
            Room.state(.lit, where: { _ in true }) {
                Room.child(Light.definition(CompositionTests.Log()), in: Room.State.lit, events: { _ in .toggle }, sideEffects: { _ in nil })
                Room.on(.leave) { Room.transition(to: .dark) }
            }
            Room.state(.lit) { Room.on(.leave) { Room.transition(to: .dark) } }
            Room.state(.dark) { Room.on(.reset, toHistoryOfChild: .dark, default: .dark) }
        }
        let file = "StateMachineTests/CompositionValidationTests.swift"
        do {
            try definition.validate()
            Issue.record("no problem reported")
        } catch {
            let problems: [String] = error.problems.filter { $0.message.contains("child") }.map(\.description)
            #expect(problems == [
                located(file, line, "the state definition of lit that holds a child machine has a `where:` or `.eq` matcher: a move of the child could change which definition applies. Write `state(.lit)` without a predicate."),
                located(file, line + 3, "this `state(lit)` definition can match the case that holds a child machine (at \(file):\(line)): the child's case must have one definition. Merge the two blocks."),
                located(file, line + 4, "this handler goes to the history of the child of dark, which holds no child machine: name a case whose definition has `child(...)`."),
            ])
        }
    }

    @Test func aRegionNoEventReachesIsReported() {
        let file = "StateMachineTests/CompositionValidationTests.swift"
        let silent = StateMachine<Light.State, Light.Event, Light.SideEffect>.Definition {
            Light.initialState(.off)
            Light.finalState(.off)
        }
        let line = #line + 4
        let product = StateMachine<OrthogonalState<Light.State, Light.State>, Light.Event, [Light.SideEffect]>.Definition(
            initialState: OrthogonalState(.off, .off),
            regions: .init("first", Light.definition(CompositionTests.Log()), at: \.a),
            .init("first", silent, at: \.b)
        )
        do {
            try product.validate()
            Issue.record("no problem reported")
        } catch {
            let problems: [String] = error.problems.map(\.description)
            // The silent region shares the product's events: that it handles none of them is
            // told once, at the region, not as each event "never handled" (issue 24).
            #expect(problems == [
                located(file, line, "no event reaches the region \"first\": its machine has no handler. Add handlers to it, or remove the region."),
                located(file, line, "two regions are named \"first\": give each region its own name."),
            ])
        }
    }
}
