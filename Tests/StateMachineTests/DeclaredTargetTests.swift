import StateMachine
import Testing

/// A handler that declares its targets with `to:` may only lead there; anything else fails the
/// transition with an error naming the handler's file and line, and changes nothing (R15).
@Suite struct DeclaredTargetTests: StateMachineBuilder {

    typealias State = Matter.State
    typealias Event = Matter.Event
    typealias SideEffect = Matter.SideEffect

    @Test static func handlerLeadingToADeclaredTargetIsValid() throws {
        let machine = StateMachine(definition: DeclaredMatter.definition)
        let valid = try machine.transition(.melt)
        #expect(valid == .init(fromState: .solid, event: .melt, toState: .liquid, sideEffect: .logMelted))
        #expect(machine.state == .liquid)
    }

    @Test static func dontTransitionLeadsToTheCurrentStatesCase() throws {
        let machine = StateMachine<State, Event, SideEffect> {
            initialState(.solid)
            state(.solid) {
                on(.melt, to: .solid) { dontTransition(emit: .logMelted) }
            }
        }
        #expect(try machine.transition(.melt).toState == .solid)
    }

    @Test static func handlerLeadingElsewhereFailsNamingItsFileAndLine() {
        var entered: [State] = []
        let line = #line + 5
        let machine = StateMachine<State, Event, SideEffect> {
            initialState(.solid)
            state(.solid) {
                onExit { state, _ in entered.append(state) }
                on(.melt, to: .liquid, .solid) { transition(to: .gas, emit: .logMelted) }
            }
            state(.gas) {
                onEnter { state, _ in entered.append(state) }
            }
        }
        let outcome = machine.tryTransition(.melt)
        #expect(outcome.error.map { "\($0)" } == "Undeclared target: the handler at StateMachineTests/DeclaredTargetTests.swift:\(line) declares `to: liquid, solid` but led from solid to gas on melt, so the transition failed and nothing changed. Add gas to its `to:` list, or make it lead to a declared target.")
        #expect(machine.state == .solid)
        #expect(entered.isEmpty)
    }

    @Test static func errorCarriesTheHandlerAndTheTransition() {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.solid)
            state(.solid) {
                on(.melt, to: .liquid, line: 40) { transition(to: .gas) }
            }
        }
        #expect {
            try StateMachine(definition: definition).transition(.melt)
        } throws: { error in
            guard let error = error as? StateMachine<State, Event, SideEffect>.UndeclaredTargetError else { return false }
            return error.file == "StateMachineTests/DeclaredTargetTests.swift" && error.line == 40
                && error.declaredTargets == [.liquid] && error.fromState == .solid && error.event == .melt && error.toState == .gas
        }
    }

    @Test static func targetsAreCasesWhateverThePayload() {
        let definition = Vending.definition
        #expect(definition.transition(from: .paying(credit: 50), on: .coin(20)).valid?.toState == .paying(credit: 70))
        #expect(definition.transition(from: .paying(credit: 90), on: .coin(20)).valid?.toState == .serving)
    }

    @Test static func pureTransitionChecksTargetsToo() {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.solid)
            state(.solid) {
                on(.melt, to: .liquid, line: 7) { transition(to: .gas) }
            }
        }
        #expect(definition.transition(from: .solid, on: .melt).error.map { "\($0)" } == "Undeclared target: the handler at StateMachineTests/DeclaredTargetTests.swift:7 declares `to: liquid` but led from solid to gas on melt, so the transition failed and nothing changed. Add gas to its `to:` list, or make it lead to a declared target.")
    }
}
