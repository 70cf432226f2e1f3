import StateMachine
import Testing

/// Enums nested in the test type and in each other, as Tinder's own tests declare them.
@Suite struct MacroNestedTests: StateMachineBuilder {

    enum Download {
        enum Progress: Hashable, StateMachineHashable {
            case started, halfway
        }
    }

    enum State: Equatable, StateMachineHashable { // the download
        case waiting
        case downloading(Download.Progress)
        case failed(reason: String, attempts: Int)
        case done
        enum HashableIdentifier: String { case waiting, downloading, failed, done }
    }

    enum Event: Equatable, StateMachineHashable {
        case start, progress(Download.Progress), fail(String), finish
        enum HashableIdentifier: String { case start, progress, fail, finish }
    }

    enum SideEffect: Equatable { case notify(String) }

    static func downloader() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.waiting)
            state(.waiting) {
                on(.start) { transition(to: .downloading(.started)) }
            }
            state(.downloading) {
                on(.progress) { _, event in transition(to: .downloading(try event.value())) }
                on(.fail) { _, event in transition(to: .failed(reason: try event.value(), attempts: 1), emit: .notify("failed")) }
                on(.finish) { transition(to: .done, emit: .notify("done")) }
            }
            state(.failed) {
                on(.start) { failed in
                    let attempts: Int = try failed.attempts()
                    return transition(to: attempts < 3 ? .downloading(.started) : .failed(reason: "gave up", attempts: attempts))
                }
            }
            state(.done)
        }
    }

    @Test static func progressIsMatchedWhateverItsPayload() throws {
        let machine = downloader()
        try machine.transition(.start)
        try machine.transition(.progress(.halfway))
        #expect(machine.state == .downloading(.halfway))
        #expect(Download.Progress.halfway.hashableIdentifier == .halfway)
    }

    @Test static func aFailureCanBeRetried() throws {
        let machine = downloader()
        try machine.transition(.start)
        let failed = try machine.transition(.fail("offline"))
        #expect(failed.sideEffect == .notify("failed"))
        try machine.transition(.start)
        #expect(machine.state == .downloading(.started))
    }
}
