import StateMachine
import Testing

/// Observers registered with `startObserving` are called back only while they are alive: the
/// machine holds each one strongly for the duration of its callback.
@Suite struct ObserverLifetimeTests: StateMachineBuilder {

    enum State: StateMachineHashable { case idle }
    enum Event: StateMachineHashable { case ping }
    typealias SideEffect = Never
    typealias Machine = StateMachine<State, Event, SideEffect>

    static func machine() -> Machine {
        Machine {
            initialState(.idle)
            state(.idle) { on(.ping) { dontTransition() } }
        }
    }

    /// Records when it is deinitialized.
    final class Observer {
        let log: CallLog
        init(log: CallLog) { self.log = log }
        deinit { log.append("deinit") }
    }

    final class Holder { var observer: Observer? }

    @Test static func observerStaysAliveUntilItsCallbackReturns() throws {
        let machine = machine()
        let log = CallLog()
        let holder = Holder()
        holder.observer = Observer(log: log)
        machine.startObserving(holder.observer) { _ in
            holder.observer = nil   // the last reference outside the machine
            log.append("callback ends")
        }
        try machine.transition(.ping)
        #expect(log.calls == ["callback ends", "deinit"])
        try machine.transition(.ping)
        #expect(log.calls == ["callback ends", "deinit"])
    }
}
