import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/AbstractHierarchy (an abstract State base class, an abstract group of events, a
// when over the optional side effect) and Inputs/NoSideEffects.kt (`Void` side effects, struct payloads, an indirect
// event). Expectations derived by hand from the Kotlin.

/// ReactorController's private `report(message, loud = false)` is ported: it prints, upper-cased when loud.
private struct Reactor: ReactorController.Collaborators {
    let maxTarget = 100
}


@Suite struct AbstractHierarchyTests {
    @Test func everyEventOfTheAbstractGroupIsHandledByItsHandler() throws {
        for elapsed in [ReactorController.Event.warmUpElapsed, .coolDownElapsed] {
            let reactor = Reactor()
            let machine = StateMachine(definition: ReactorController.definition(reactor))
            let started = try machine.transition(.start(target: 50))
            #expect(started.toState == .heating(target: 50))
            #expect(started.sideEffect == .log(message: "heating"))
            let running = try machine.transition(elapsed)
            #expect(running.toState == .running)
            #expect(running.sideEffect == nil)
        }
    }

    /// The Kotlin `when` over the side effect reports `log` and `replay`, and nothing for a transition without one;
    /// `stop` reports `alarm` loudly (the default `loud = false` is passed where Kotlin names it).
    @Test func theReportsArePrintedAsTheKotlinPrintsThem() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let machine = StateMachine(definition: ReactorController.definition(Reactor()))
            _ = try? machine.transition(.start(target: 20))
            _ = try? machine.transition(.warmUpElapsed)
            _ = try? machine.transition(.stop)
            _ = try? machine.transition(.start(target: 20))
            _ = try? machine.transition(.fault(code: 7))
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output == "log\nALARM\nlog\nreplay\n")
    }

    @Test func aCaseWithAParameterThatIsNotAPropertyKeepsIt() throws {
        let reactor = Reactor()
        let machine = StateMachine(definition: ReactorController.definition(reactor))
        _ = try machine.transition(.start(target: 20))
        let failed = try machine.transition(.fault(code: 7))
        #expect(failed.toState == .failed(code: 7))
        #expect(failed.sideEffect == .replay(event: .fault(code: 7)))
    }

    @Test func theLoudDefaultIsPassedWhereKotlinNamesIt() throws {
        let reactor = Reactor()
        let machine = StateMachine(definition: ReactorController.definition(reactor))
        _ = try machine.transition(.start(target: 20))
        _ = try machine.transition(.warmUpElapsed)
        let stopped = try machine.transition(.stop)
        #expect(stopped.toState == .cold)
        #expect(throws: (any Error).self) { try machine.transition(.stop) }
    }

    @Test func voidSideEffectsStructCopiesAndAnIndirectEvent() throws {
        let machine = StateMachine(definition: NoSideEffects.definition)
        let section = NoSideEffects.Section(name: "Intro", pages: [.init(number: 1, title: "One"), .init(number: 2, title: "Two")])
        let opened = try machine.transition(.open(section: section))
        #expect(opened.toState == .reading(section: section, visited: []))
        #expect(opened.sideEffect == nil)
        let renamed = try machine.transition(.rename(title: "Preface"))
        #expect(renamed.toState == .reading(section: .init(name: "Preface", pages: section.pages), visited: []))
        _ = try machine.transition(.close)
        let pending = try machine.transition(.wrapped(inner: .init(event: .close)))
        #expect(pending.toState == .pending(event: .close))
    }
}
