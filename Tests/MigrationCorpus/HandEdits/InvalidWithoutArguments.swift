import StateMachine
import XCTest

// Tinder's own tests compare the thrown error with an empty `Invalid`.
final class InvalidWithoutArgumentsTests: XCTestCase, StateMachineBuilder {

    @StateMachineHashable
    enum State { case one, two(Int) }

    enum Event: AutoStateMachineHashable { case next }

    typealias SideEffect = Never

    func testInvalidTransitionThrows() throws {
        let machine = StateMachine<State, Event, SideEffect> {
            initialState(.one)
            state(.one)
        }
        XCTAssertThrowsError(try machine.transition(.next)) {
            XCTAssertEqual($0 as? StateMachine<State, Event, SideEffect>.Transition.Invalid, .Invalid())
        }
        let expected = StateMachine<State, Event, SideEffect>.Transition.Invalid()
        _ = expected
    }
}

extension InvalidWithoutArgumentsTests.State: AutoStateMachineHashable {}

// Tinder's tests name the type through a typealias.
typealias InvalidTransition = StateMachine<InvalidWithoutArgumentsTests.State, InvalidWithoutArgumentsTests.Event, Never>.Transition.Invalid
let expectedFailures: [InvalidTransition] = [InvalidTransition()]
