import StateMachine
import Testing

/// What a handler or a `where:` predicate may do with its own machine while the machine runs it
/// (rule R16): read `state` (the from-state), start and stop observing, derive a machine with
/// `with`; only a transition is refused, with `recursionDetected`.
@Suite struct HandlerReentrancyTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable {
        case counting(Int)
        enum HashableIdentifier: String { case counting }
    }
    enum Event: StateMachineHashable { case increment, reset }
    typealias SideEffect = Never
    typealias Machine = StateMachine<State, Event, SideEffect>

    final class Box: @unchecked Sendable { var machine: Machine? }
    final class Observer {}

    /// A counter whose `.increment` handler runs `inHandler` first.
    static func counter(_ box: Box, inHandler: @escaping (Machine) -> Void) -> Machine {
        let machine = Machine {
            initialState(.counting(0))
            state(.counting) {
                on(.increment) { state in
                    inHandler(box.machine!)
                    guard case .counting(let count) = state else { return dontTransition() }
                    return transition(to: .counting(count + 1))
                }
            }
        }
        box.machine = machine
        return machine
    }

    @Test static func stateReadInsideAHandlerIsTheFromState() throws {
        let box = Box()
        let log = CallLog()
        let machine = counter(box) { machine in log.append("\(machine.state)") }
        try machine.transition(.increment)
        try machine.transition(.increment)
        #expect(log.calls == ["counting(0)", "counting(1)"])
        #expect(machine.state == .counting(2))
    }

    @Test static func stateReadInsideAWherePredicateIsTheFromState() throws {
        let box = Box()
        let log = CallLog()
        let machine = Machine {
            initialState(.counting(0))
            state(.counting, where: { _ in
                log.append("\(box.machine!.state)")
                return true
            }) {
                on(.increment) { state in
                    guard case .counting(let count) = state else { return dontTransition() }
                    return transition(to: .counting(count + 1))
                }
            }
        }
        box.machine = machine
        try machine.transition(.increment)
        // The from-state's definition, then the to-state's definition, both before the change.
        #expect(log.calls == ["counting(0)", "counting(0)"])
        #expect(machine.state == .counting(1))
    }

    @Test static func observerStartedInsideAHandlerSeesThatTransition() throws {
        let box = Box()
        let observer = Observer()
        let log = CallLog()
        var started = false
        let machine = counter(box) { machine in
            guard !started else { return }
            started = true
            machine.startObserving(observer) { result in
                log.append("\((try? result.get())?.toState ?? .counting(-1))")
            }
        }
        try machine.transition(.increment)
        try machine.transition(.increment)
        #expect(log.calls == ["counting(1)", "counting(2)"])
    }

    @Test static func observerStoppedInsideAHandlerDoesNotSeeThatTransition() throws {
        let box = Box()
        let observer = Observer()
        let log = CallLog()
        let machine = counter(box) { machine in machine.stopObserving(observer) }
        machine.startObserving(observer) { _ in log.append("called") }
        try machine.transition(.increment)
        #expect(log.calls == [])
        #expect(machine.state == .counting(1))
    }

    @Test static func withInsideAHandlerStartsFromTheFromState() throws {
        let box = Box()
        let derived = CallLog()
        let machine = counter(box) { machine in
            let copy = machine.with {}
            derived.append("\(copy.state)")
        }
        try machine.transition(.increment)
        #expect(derived.calls == ["counting(0)"])
        #expect(machine.state == .counting(1))
    }

    @Test static func transitionInsideAHandlerIsStillRecursion() throws {
        let box = Box()
        let log = CallLog()
        let machine = counter(box) { machine in
            log.append("\(machine.tryTransition(.reset).error.map { "\($0)" } ?? "ok")")
        }
        try machine.transition(.increment)
        #expect(log.calls == ["\(Machine.StateMachineError.recursionDetected)"])
        #expect(machine.state == .counting(1))
    }
}
