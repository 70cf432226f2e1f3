import StateMachine
import Testing

/// `where:` handlers take the closure shapes that plain handlers take: no parameter, the state,
/// or the state and the event (issue 37). These tests compile only with those overloads.
@Suite struct WhereShapeTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable { case asking, right, wrong, done, closed }
    enum Event: StateMachineHashable, Equatable {
        case answered(correct: Bool), next
        enum HashableIdentifier: String { case answered, next }
    }
    enum SideEffect: Equatable { case cheer }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.asking)
        state(.asking) {
            on(.answered, where: { try $0.correct() }) { transition(to: .right, emit: .cheer) }
            on(.answered, where: { try !$0.correct() }, to: .wrong) { asking in transition(to: asking == .asking ? .wrong : .done) }
            on(.next, where: { _ in true }, to: .done) { transition(to: .done) }
        }
        state(.right) {
            on(.any(.next), reenter: true) { transition(to: .done) }
            on(.any(.answered), reenter: false, to: .right) { right in transition(to: right) }
        }
        state(.wrong, where: { _ in true })
        state(.done) {
            on(.next, where: { _ in true }) { done, event in transition(to: event == .next ? .closed : done) }
        }
        finalState(.closed)
    }

    @Test static func aWhereHandlerWithoutParametersRunsWhenThePredicateHolds() {
        let result = definition.transition(from: .asking, on: .answered(correct: true))
        #expect(result.valid?.toState == .right)
        #expect(result.valid?.sideEffect == .cheer)
    }

    @Test static func aWhereHandlerGetsTheStateAndDeclaresTargets() {
        #expect(definition.transition(from: .asking, on: .answered(correct: false)).valid?.toState == .wrong)
        #expect(definition.transition(from: .asking, on: .next).valid?.toState == .done)
        #expect(definition.transition(from: .done, on: .next).valid?.toState == .closed)
    }

    @Test static func reenteringMatcherHandlersTakeEveryShape() {
        #expect(definition.transition(from: .right, on: .next).valid?.toState == .done)
        #expect(definition.transition(from: .right, on: .answered(correct: false)).valid?.toState == .right)
    }

    @Test static func aStateWithAPredicateAndNoHandlersHandlesNoEvent() {
        #expect(definition.transition(from: .wrong, on: .next).invalid != nil)
    }
}
