import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/AbstractHierarchy (an abstract State base class, an abstract group of events, a
// when over the optional side effect) and Inputs/NoSideEffects.kt (`Void` side effects, struct payloads, an indirect
// event). Expectations derived by hand from the Kotlin.

private final class Reactor: ReactorController.Collaborators {
    let maxTarget = 100
    var reports: [String] = []

    /// ReactorController's private `report(message, loud = false)`.
    func report(_ message: String, _ loud: Bool) {
        reports.append(loud ? message.uppercased() : message)
    }
}

private struct Pager: NoSideEffects.Collaborators {
    /// NoSideEffects.kt's top-level `firstPage(section, fallback = 1)`.
    func firstPage(_ section: NoSideEffects.Section, _ fallback: Int) -> Int {
        section.pages.first?.number ?? fallback
    }
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
            // The Kotlin when has no branch for a transition without a side effect: nothing is reported.
            #expect(reactor.reports == ["log"])
        }
    }

    @Test func aCaseWithAParameterThatIsNotAPropertyKeepsIt() throws {
        let reactor = Reactor()
        let machine = StateMachine(definition: ReactorController.definition(reactor))
        _ = try machine.transition(.start(target: 20))
        let failed = try machine.transition(.fault(code: 7))
        #expect(failed.toState == .failed(code: 7))
        #expect(failed.sideEffect == .replay(event: .fault(code: 7)))
        #expect(reactor.reports == ["log", "replay"])
    }

    @Test func theLoudDefaultIsPassedWhereKotlinNamesIt() throws {
        let reactor = Reactor()
        let machine = StateMachine(definition: ReactorController.definition(reactor))
        _ = try machine.transition(.start(target: 20))
        _ = try machine.transition(.warmUpElapsed)
        let stopped = try machine.transition(.stop)
        #expect(stopped.toState == .cold)
        #expect(reactor.reports == ["log", "ALARM"])
        #expect(throws: (any Error).self) { try machine.transition(.stop) }
    }

    @Test func voidSideEffectsStructCopiesAndAnIndirectEvent() throws {
        let machine = StateMachine(definition: NoSideEffects.definition(Pager()))
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
